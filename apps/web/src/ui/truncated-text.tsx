import clsx from 'clsx';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A line of text cut with an ellipsis where it does not fit (a long e-mail or name in a table
 * cell). When it is cut, its whole text shows on hover (a title) and on focus (a tip under it that
 * Escape hides): it takes focus then, so a keyboard reaches it too. Screen readers read it whole.
 */
export function TruncatedText({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  // The whole text when it does not fit, null when it shows whole.
  const [cut, setCut] = useState<string | null>(null);
  const [shownAt, setShownAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setCut(element.scrollWidth > element.clientWidth + 1 ? (element.textContent ?? '') : null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [children]);

  const show = () => {
    const element = ref.current;
    if (!element || cut === null) return;
    const box = element.getBoundingClientRect();
    setShownAt({ left: Math.max(8, Math.min(box.left, window.innerWidth - 8 - 384)), top: box.bottom + 4 });
  };
  const hide = () => setShownAt(null);

  return (
    <>
      <span
        ref={ref}
        tabIndex={cut === null ? undefined : 0}
        // The pointer gets the browser's own tip; the keyboard's focus gets the one below.
        title={cut ?? undefined}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hide();
        }}
        className={clsx(
          'block truncate',
          cut !== null && 'rounded focus-visible:outline-2 focus-visible:outline-primary-500',
          className,
        )}
      >
        {children}
      </span>
      {shownAt &&
        createPortal(
          // The whole text again, for the eyes only: the cut text already holds it for readers.
          <div
            aria-hidden="true"
            style={{ left: shownAt.left, top: shownAt.top }}
            className="pointer-events-none fixed z-50 max-w-[min(24rem,calc(100vw-1rem))] rounded-md bg-slate-900 px-2 py-1 text-xs break-words text-white shadow-lg"
          >
            {cut}
          </div>,
          document.body,
        )}
    </>
  );
}
