import { useCallback, useEffect, useRef, useState } from 'react';
import { toWaveform } from '../waveform.ts';

/** A finished recording, ready to send. */
export interface RecordedAudio {
  blob: Blob;
  /** Seconds. */
  duracao: number;
  /** At most 100 loudness values from 0 to 1. */
  audioSamples: number[];
}

type RecorderState =
  | { status: 'idle' }
  | { status: 'recording'; startedAt: number; elapsed: number }
  | { status: 'recorded'; audio: RecordedAudio }
  | { status: 'failed'; reason: 'unsupported' | 'denied' };

const readingIntervalMs = 100;

function pickMimeType(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Records audio from the microphone with MediaRecorder, reading its loudness every 100 ms for
 * the waveform; the recording can then be sent or discarded.
 */
export function useAudioRecorder() {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const session = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    context: AudioContext;
    timer: ReturnType<typeof setInterval>;
    readings: number[];
    chunks: Blob[];
    startedAt: number;
  } | null>(null);

  const release = useCallback(() => {
    const current = session.current;
    if (!current) return;
    clearInterval(current.timer);
    for (const track of current.stream.getTracks()) track.stop();
    void current.context.close().catch(() => undefined);
    session.current = null;
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'failed', reason: 'unsupported' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({ status: 'failed', reason: 'denied' });
      return;
    }
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const buffer = new Float32Array(analyser.fftSize);
    const readings: number[] = [];
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(buffer);
      let sum = 0;
      for (const value of buffer) sum += value * value;
      readings.push(Math.sqrt(sum / buffer.length));
      setState({ status: 'recording', startedAt, elapsed: (Date.now() - startedAt) / 1000 });
    }, readingIntervalMs);
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const duracao = (Date.now() - startedAt) / 1000;
      const blob = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
      release();
      setState({ status: 'recorded', audio: { blob, duracao, audioSamples: toWaveform(readings) } });
    };
    session.current = { recorder, stream, context, timer, readings, chunks, startedAt };
    recorder.start();
    setState({ status: 'recording', startedAt, elapsed: 0 });
  }, [release]);

  const stop = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  const discard = useCallback(() => {
    const current = session.current;
    if (current) {
      current.recorder.onstop = null;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release();
    }
    setState({ status: 'idle' });
  }, [release]);

  return { state, start, stop, discard };
}
