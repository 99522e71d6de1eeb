import clsx from 'clsx';
import { Avatar } from '#ui/avatar.tsx';

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
  return (
    <span aria-hidden="true" className="relative inline-flex shrink-0">
      <Avatar name={name} photoUrl={photoUrl} size={size} ariaHidden={false} />
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
