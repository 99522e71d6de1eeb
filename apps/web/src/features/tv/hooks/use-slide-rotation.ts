import { useEffect, useState } from 'react';

/** The slide after `current` among `count`, back to the first after the last. */
export function nextSlideIndex(current: number, count: number): number {
  return count <= 0 ? 0 : (current + 1) % count;
}

/**
 * Which slide shows now: the next one every `seconds`, forever. A content that changes keeps the
 * rotation going from where it was (clamped to the new number of slides), so a refresh never
 * sends the screen back to the first slide. `round` counts every change, to restart the progress
 * bar even when there is one slide only.
 */
export function useSlideRotation(count: number, seconds: number): { index: number; round: number } {
  const [state, setState] = useState({ index: 0, round: 0 });
  const index = count > 0 ? state.index % count : 0;
  useEffect(() => {
    if (count <= 0) return;
    const timer = setTimeout(
      () =>
        setState((current) => ({
          index: nextSlideIndex(current.index % count, count),
          round: current.round + 1,
        })),
      seconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [count, seconds, state]);
  return { index, round: state.round };
}
