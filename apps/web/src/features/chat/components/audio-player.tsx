import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../chat-format.ts';
import { PlayPauseIcon } from './chat-icons.tsx';
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
        <PlayPauseIcon playing={playing} />
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
