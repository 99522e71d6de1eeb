import clsx from 'clsx';

/** The first letters of a person's first and last names, for a missing photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The timeline's and the chat's two sizes (32 and 44 px), with the initials' text size. */
const sizes = { sm: 'size-8 text-xs', md: 'size-11 text-sm' } as const;

/**
 * A person's (or a group's) photo, or their initials where there is none. Decorative: the name is
 * always written beside it, so a screen reader would only hear it twice (the photo's alt is empty
 * and the initials are hidden).
 */
export function Avatar({
  name,
  photoUrl,
  size,
  className,
  photoClassName,
  initialsClassName = 'inline-flex bg-primary-100 font-semibold text-primary-900',
  initials = initialsOf(name),
  ariaHidden = true,
}: {
  name: string;
  photoUrl: string | null | undefined;
  /** One of the usual sizes; without it, `className` gives the size. */
  size?: keyof typeof sizes;
  /** Classes for the photo and the initials alike (a size, `shrink-0`). */
  className?: string;
  /** Classes for the photo only (a border). */
  photoClassName?: string;
  /** The initials' display, colours and weight. */
  initialsClassName?: string;
  /** The letters shown without a photo: the first and last names' by default. */
  initials?: string;
  /** False inside a parent that is already hidden from screen readers. */
  ariaHidden?: boolean;
}) {
  const shape = clsx(size && sizes[size], className);
  if (photoUrl) {
    return <img src={photoUrl} alt="" className={clsx(shape, 'rounded-full object-cover', photoClassName)} />;
  }
  return (
    <span
      aria-hidden={ariaHidden ? 'true' : undefined}
      className={clsx(shape, 'items-center justify-center rounded-full', initialsClassName)}
    >
      {initials}
    </span>
  );
}
