import clsx from 'clsx';

/** The first letters of a person's first and last names, for a missing photo. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * A person's photo, or their initials. Decorative: the name is always written beside it, so a
 * screen reader would only hear it twice.
 */
export function AuthorAvatar({
  name,
  photoUrl,
  size = 'md',
}: {
  name: string;
  photoUrl: string | null;
  size?: 'sm' | 'md';
}) {
  const sizeClass = size === 'sm' ? 'size-8 text-xs' : 'size-11 text-sm';
  if (photoUrl) {
    return <img src={photoUrl} alt="" className={clsx(sizeClass, 'shrink-0 rounded-full object-cover')} />;
  }
  return (
    <span
      aria-hidden="true"
      className={clsx(
        sizeClass,
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-900',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
