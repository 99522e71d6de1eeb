import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/**
 * The chat's decorative icons: one 24-unit outline frame (`filled` for solid shapes); the control
 * holding an icon carries the accessible name.
 */
function ChatIcon({
  size = 20,
  filled = false,
  children,
  ...props
}: IconProps & { filled?: boolean; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      {...(filled ? { fill: 'currentColor' } : { fill: 'none', stroke: 'currentColor', strokeWidth: 2 })}
      {...props}
    >
      {children}
    </svg>
  );
}

/** A paper clip, to attach a file. */
export function AttachIcon(props: IconProps) {
  return (
    <ChatIcon strokeLinecap="round" {...props}>
      <path d="m21 12-8.5 8.5a5 5 0 0 1-7-7L14 5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 8" />
    </ChatIcon>
  );
}

/** A microphone, or the square that stops a recording. */
export function RecordIcon({ recording, ...props }: IconProps & { recording: boolean }) {
  return (
    <ChatIcon strokeLinecap="round" {...props}>
      {recording ? (
        <rect x="7" y="7" width="10" height="10" rx="1" fill="currentColor" />
      ) : (
        <>
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
        </>
      )}
    </ChatIcon>
  );
}

/** A play triangle, or the pause bars while playing. */
export function PlayPauseIcon({ playing, ...props }: IconProps & { playing: boolean }) {
  return (
    <ChatIcon filled size={18} {...props}>
      {playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
    </ChatIcon>
  );
}

/** Three vertical dots, for a menu of actions. */
export function MoreIcon(props: IconProps) {
  return (
    <ChatIcon filled size={18} {...props}>
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </ChatIcon>
  );
}

/** A sheet with a folded corner, for a file attachment. */
export function FileIcon(props: IconProps) {
  return (
    <ChatIcon {...props}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
    </ChatIcon>
  );
}

/** A clock while sending, one tick when sent, two when read. */
export function TicksIcon({ status, ...props }: IconProps & { status: 'pending' | 'sent' | 'read' }) {
  return (
    <ChatIcon size={16} {...props}>
      {status === 'pending' && (
        <>
          <circle cx="12" cy="12" r="8" />
          <path d="M12 8v4l3 2" />
        </>
      )}
      {status === 'sent' && <path d="m5 12 4 4 10-10" />}
      {status === 'read' && <path d="m1 12 4 4 9-9M10 16l1 1 9-10" />}
    </ChatIcon>
  );
}
