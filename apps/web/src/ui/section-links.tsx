import clsx from 'clsx';
import { Link } from 'react-router';

/** One link of a page's sections; `current` says how it is the one shown (aria-current). */
export interface SectionLink {
  key: string;
  to: string;
  label: string;
  current?: 'page' | 'true' | undefined;
}

/**
 * The links between the sections of one area whose pages come from several features (the HR
 * portal, the app settings): a row of tabs-like links above the page, scrolling inside itself on a
 * narrow screen, the current one marked for the eye and for assistive technology.
 */
export function SectionLinks({ label, links }: { label: string; links: readonly SectionLink[] }) {
  return (
    <nav aria-label={label} className="mb-4 overflow-x-auto border-b border-slate-300">
      <ul className="flex">
        {links.map((link) => (
          <li key={link.key} className="shrink-0">
            <Link
              to={link.to}
              aria-current={link.current}
              className={clsx(
                '-mb-px inline-flex min-h-10 items-center border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
                'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary-500',
                link.current
                  ? 'border-primary-600 text-primary-ink'
                  : 'border-transparent text-slate-700 hover:text-slate-900',
              )}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
