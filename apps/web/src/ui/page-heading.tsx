import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageHeadingProps {
  title: string;
  /** Controls beside the title (filters, actions). */
  children?: ReactNode;
}

/** A page's h1; it also names the browser tab, so each page has a distinct title (WCAG 2.4.2). */
export function PageHeading({ title, children }: PageHeadingProps) {
  const { t } = useTranslation();
  const product = t('brand.name');
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
