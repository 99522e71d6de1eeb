import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width an element is laid out at (its `clientWidth`), kept current as it resizes; 0 before
 * the first layout and where nothing lays the page out (no ResizeObserver).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Read before the first paint, so a narrow table shows as cards from its first frame.
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
