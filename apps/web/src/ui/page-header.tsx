import type { ReactNode } from 'react';
import { paths } from '#lib/paths.ts';
import { Breadcrumb, useClaimTrail, type BreadcrumbItem } from './breadcrumb.tsx';
import { PageHeading } from './page-heading.tsx';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons or links beside the title ('Nova pesquisa'). */
  actions?: ReactNode;
  /**
   * The trail from home to this page; home is named 'Dashboard' unless `homeLabel` says otherwise
   * (spec section 2). It takes the place of the frame's shorter one (the administration's).
   */
  breadcrumb?: { homeTo: string; homeLabel?: string; items: BreadcrumbItem[] };
}

/**
 * The trail of an administration page: the administration's home, the section it belongs to (when
 * it is not the section's own page), then the page.
 */
export function adminBreadcrumb(title: string, section?: { label: string; to: string }) {
  return { homeTo: paths.admin.root, items: section ? [section, { label: title }] : [{ label: title }] };
}

/** The top of an administration page: breadcrumb, the h1 (which also names the tab), text and actions. */
export function PageHeader({ title, description, actions, breadcrumb }: PageHeaderProps) {
  useClaimTrail(breadcrumb !== undefined);
  return (
    <div className="mb-6 flex flex-col gap-3">
      {breadcrumb && (
        <Breadcrumb homeTo={breadcrumb.homeTo} homeLabel={breadcrumb.homeLabel} items={breadcrumb.items} />
      )}
      <div>
        <PageHeading title={title}>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </PageHeading>
        {description && <p className="-mt-4 max-w-3xl text-font-secondary">{description}</p>}
      </div>
    </div>
  );
}
