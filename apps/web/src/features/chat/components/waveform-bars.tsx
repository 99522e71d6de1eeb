import clsx from 'clsx';

/** An audio's waveform as bars; those before `progress` (0 to 1) are drawn as played. Decorative. */
export function WaveformBars({
  samples,
  progress = 0,
  className,
}: {
  samples: readonly number[];
  progress?: number;
  className?: string;
}) {
  const bars = samples.length > 0 ? samples : [0];
  const width = bars.length * 3;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${width} 24`}
      preserveAspectRatio="none"
      className={clsx('h-6 w-40', className)}
    >
      {bars.map((value, index) => {
        const height = Math.max(2, Math.min(1, value) * 24);
        return (
          <rect
            key={index}
            x={index * 3}
            y={(24 - height) / 2}
            width={2}
            height={height}
            rx={1}
            className={index / bars.length < progress ? 'fill-current' : 'fill-current opacity-40'}
          />
        );
      })}
    </svg>
  );
}
