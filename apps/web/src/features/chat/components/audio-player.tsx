import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../chat-format.ts';
import { WaveformBars } from './waveform-bars.tsx';

/** Plays an audio message, drawing its waveform with the part already heard. */
export function AudioPlayer({
  src,
  duration,
  samples,
}: {
  src: string;
  duration: number;
  samples: readonly number[];
}) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const total = duration > 0 ? duration : 0;

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        onClick={toggle}
        aria-label={
          playing
            ? t('portal.chat.audio.pause')
            : t('portal.chat.audio.play', { duration: formatDuration(total) })
        }
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-600 text-on-primary hover:bg-primary-500"
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          width={18}
          height={18}
          fill="currentColor"
        >
          {playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
        </svg>
      </button>
      <WaveformBars samples={samples} progress={total > 0 ? position / total : 0} />
      <span className="text-xs tabular-nums">
        {formatDuration(playing || position > 0 ? position : total)}
      </span>
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
      />
    </div>
  );
}
