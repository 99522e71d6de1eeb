import { createContext, useContext, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Set by a frame that shows a breadcrumb of its own (the administration's): a page that shows a
 * longer trail claims the place, so each page has one "Você está em".
 */
const TrailClaimContext = createContext<((claimed: boolean) => void) | null>(null);
export const TrailClaimProvider = TrailClaimContext.Provider;

/** While mounted (and `active`), tells the frame the page shows its own breadcrumb. */
export function useClaimTrail(active: boolean): void {
  const claim = useContext(TrailClaimContext);
  // Before paint, so the frame's trail never shows beside the page's.
  useLayoutEffect(() => {
    if (!claim || !active) return;
    claim(true);
    return () => claim(false);
  }, [claim, active]);
}

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

export interface BreadcrumbProps {
  /** The navigation landmark's name. */
  label?: string;
  /** The first crumb's name; it defaults to "Dashboard", the administration's home. */
  homeLabel?: string;
  homeTo: string;
  items: BreadcrumbItem[];
}

/** Where the user is, from home to the current page (marked with aria-current). */
export function Breadcrumb({ label, homeLabel, homeTo, items }: BreadcrumbProps) {
  const { t } = useTranslation();
  const crumbs: BreadcrumbItem[] = [{ label: homeLabel ?? t('breadcrumb.home'), to: homeTo }, ...items];
  return (
    <nav aria-label={label ?? t('breadcrumb.label')} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-700">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
              {index > 0 && <span aria-hidden="true">/</span>}
              {isLast || !crumb.to ? (
                <span aria-current={isLast ? 'page' : undefined} className="font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="text-primary-ink underline-offset-2 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
