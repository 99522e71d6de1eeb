import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/** The screen's design size: every slide is laid out for 1920x1080 and scaled to fit. */
export const stageSize = { width: 1920, height: 1080 } as const;

/** The scale that fits the 1920x1080 stage inside a box, keeping its proportions. */
export function stageScale(box: { width: number; height: number }): number {
  if (box.width <= 0 || box.height <= 0) return 0;
  return Math.min(box.width / stageSize.width, box.height / stageSize.height);
}

/**
 * A fixed 1920x1080 stage scaled to fit its box (the whole viewport on the TV, a card in the
 * administration's preview), centred with bars in the stage's colour around it.
 */
export function TvStage({
  className,
  style,
  children,
}: {
  /** The box's classes: its size and position (`fixed inset-0`, `aspect-video w-full`). */
  className: string;
  /** The company's colours as CSS variables. */
  style?: CSSProperties;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScale(stageScale({ width: element.clientWidth, height: element.clientHeight }));
    measure();
    // Some signage players' browsers predate ResizeObserver: the window's size serves there.
    if (typeof ResizeObserver !== 'function') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={`${className} overflow-hidden bg-slate-950`} style={style}>
      <div
        className="absolute top-1/2 left-1/2 origin-center"
        style={{
          width: stageSize.width,
          height: stageSize.height,
          transform: `translate(-50%, -50%) scale(${scale})`,
        }}
      >
        {children}
      </div>
    </div>
  );
}
