import clsx from 'clsx';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * A person's or group's picture (or initials) with an optional presence dot. Decorative: the
 * name and the online state are written beside it for screen readers.
 */
export function ChatAvatar({
  name,
  photoUrl,
  online,
  size = 'md',
}: {
  name: string;
  photoUrl: string | null;
  online?: boolean;
  size?: 'sm' | 'md';
}) {
  const sizeClass = size === 'sm' ? 'size-8 text-xs' : 'size-11 text-sm';
  return (
    <span aria-hidden="true" className="relative inline-flex shrink-0">
      {photoUrl ? (
        <img src={photoUrl} alt="" className={clsx(sizeClass, 'rounded-full object-cover')} />
      ) : (
        <span
          className={clsx(
            sizeClass,
            'inline-flex items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-900',
          )}
        >
          {initialsOf(name)}
        </span>
      )}
      {online !== undefined && (
        <span
          data-online={online ? 'S' : 'N'}
          className={clsx(
            'absolute right-0 bottom-0 size-3 rounded-full border-2 border-white',
            online ? 'bg-green-600' : 'bg-slate-400',
          )}
        />
      )}
    </span>
  );
}
