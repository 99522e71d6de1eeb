import type { SVGProps } from 'react';
import { iconBase } from './icons.tsx';

type IconProps = SVGProps<SVGSVGElement>;

// The administration kit's icons live apart from icons.tsx (a module goes whole into one chunk, and
// icons.tsx is part of the login page's first load); they share its frame, smaller.
const base = { ...iconBase, width: 16, height: 16 } as const;

/** Which way a column is sorted: up, down, or both arrows when it is not. */
export function SortIcon({ sort: direction, ...props }: IconProps & { sort: 'asc' | 'desc' | false }) {
  return (
    <svg {...base} {...props}>
      {direction !== 'desc' && <path d="m7 9 5-5 5 5" opacity={direction === 'asc' ? 1 : 0.45} />}
      {direction !== 'asc' && <path d="m7 15 5 5 5-5" opacity={direction === 'desc' ? 1 : 0.45} />}
    </svg>
  );
}

/** A calendar, for the date fields' pop-over button. */
export function CalendarIcon(props: IconProps) {
  return (
    <svg {...base} width={20} height={20} {...props}>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  );
}

/** A magnifying glass, for search boxes. */
export function SearchIcon(props: IconProps) {
  return (
    <svg {...base} width={20} height={20} {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
