import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export interface PageHeadingProps {
  title: string;
  /** Controls beside the title (filters, actions). */
  children?: ReactNode;
}

/**
 * A page's h1; it also names the browser tab, so each page has a distinct title (WCAG 2.4.2).
 * A page reached by navigating inside the portal takes the focus to its heading, so a screen
 * reader announces the new page and the keyboard starts from it (the first page loaded keeps the
 * browser's own start, and an open menu or dialog keeps its focus).
 */
export function PageHeading({ title, children }: PageHeadingProps) {
  const { t } = useTranslation();
  const product = t('brand.name');
  const heading = useRef<HTMLHeadingElement>(null);
  const navigated = useLocation().key !== 'default';
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);
  // A layout effect: the focus moves in the same commit that shows the heading, so nothing (a
  // person's next key, a test's next step) sees the new page with the focus still on the old link.
  useLayoutEffect(() => {
    // Once, when the page mounts: later changes of its address (filters, pages) keep the focus.
    // Only when nothing else holds the focus: the link that led here, or nothing (the control that
    // navigated is gone). A menu, a dialog or a field the person is using keeps it.
    const active = document.activeElement;
    const free = !active || active === document.body || active instanceof HTMLAnchorElement;
    if (navigated && free) heading.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-font-primary outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** A page's h1 with a line of introduction under it (the sign-in and access pages). */
export function PageHeadingWithIntro({ title, intro }: { title: string; intro?: string }) {
  return (
    <div>
      <PageHeading title={title} />
      {intro && <p className="-mt-4 text-font-secondary">{intro}</p>}
    </div>
  );
}
