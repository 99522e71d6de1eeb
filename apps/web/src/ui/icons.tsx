import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

// Icons are decorative: the control that holds one carries the accessible name.
export const iconBase = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** An "x" for close buttons. */
export function CloseIcon(props: IconProps) {
  return (
    <svg {...iconBase} {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

/** A downward chevron for menus and selects. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <svg {...iconBase} {...props}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** An empty tray, for empty states. */
export function InboxIcon(props: IconProps) {
  return (
    <svg {...iconBase} {...props}>
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    </svg>
  );
}

/** A circled exclamation mark, for errors and warnings. */
export function AlertIcon(props: IconProps) {
  return (
    <svg {...iconBase} {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v4M12 16h.01" />
    </svg>
  );
}

/** A circled check mark, for success. */
export function CheckIcon(props: IconProps) {
  return (
    <svg {...iconBase} {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m9 12 2 2 4-4" />
    </svg>
  );
}

/** A circled "i", for information. */
export function InfoIcon(props: IconProps) {
  return (
    <svg {...iconBase} {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </svg>
  );
}
