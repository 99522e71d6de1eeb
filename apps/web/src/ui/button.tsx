import clsx from 'clsx';
import type { ComponentProps } from 'react';

export const buttonVariants = [
  'primary',
  'secondary',
  'tertiary',
  'danger',
  'danger-secondary',
  'danger-tertiary',
] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = 'sm' | 'md' | 'lg';

const sizeClasses: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 text-sm',
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

// Hover uses shade 500 and active shade 400 of the company scale (spec section 3).
const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-primary-600 text-on-primary hover:bg-primary-500 active:bg-primary-400',
  secondary: 'border border-primary-600 bg-white text-primary-ink hover:bg-primary-50 active:bg-primary-100',
  tertiary: 'bg-transparent text-primary-ink hover:bg-primary-50 active:bg-primary-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 active:bg-red-900',
  'danger-secondary': 'border border-red-700 bg-white text-red-700 hover:bg-red-50 active:bg-red-100',
  'danger-tertiary': 'bg-transparent text-red-700 hover:bg-red-50 active:bg-red-100',
};

/** The classes of a button, for links that must look like one. */
export function buttonClassName(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
    'disabled:cursor-not-allowed disabled:opacity-60',
    sizeClasses[options.size ?? 'md'],
    variantClasses[options.variant ?? 'primary'],
    options.className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks further clicks while an action runs. */
  loading?: boolean;
}

/** The design system's button: sizes sm, md, lg and the six variants of spec section 9. */
export function Button({
  variant,
  size,
  loading = false,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && (
        <span
          aria-hidden="true"
          className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
        />
      )}
      {children}
    </button>
  );
}
