import { limits } from '@elo/contract/limits';

/**
 * Reduces loudness readings to at most `max` samples (the wire allows 100), each the loudest
 * reading of its stretch, scaled so the loudest sample is 1.
 */
export function toWaveform(readings: readonly number[], max: number = limits.chat.audioSamplesMax): number[] {
  if (readings.length === 0) return [];
  const count = Math.min(max, readings.length);
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const from = Math.floor((index * readings.length) / count);
    const to = Math.max(from + 1, Math.floor(((index + 1) * readings.length) / count));
    samples.push(Math.max(...readings.slice(from, to).map((value) => Math.abs(value))));
  }
  const peak = Math.max(...samples);
  if (peak <= 0) return samples.map(() => 0);
  return samples.map((value) => Math.round((value / peak) * 1000) / 1000);
}
