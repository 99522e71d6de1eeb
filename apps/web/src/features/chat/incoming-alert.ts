// The chime is synthesised with Web Audio: no sound file to ship or fetch.
let context: AudioContext | null = null;

/** Plays a short two-note chime for a message from someone else (spec section 4). */
export function playIncomingSound(): void {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
  try {
    context ??= new window.AudioContext();
    const audio = context;
    if (audio.state === 'suspended') void audio.resume();
    const start = audio.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + index * 0.12;
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.2);
    });
  } catch {
    // A browser that refuses audio (autoplay policy, no device) only misses the chime.
  }
}

/** Shows a desktop notification when the tab is hidden and the user allowed them (spec section 4). */
export function notifyIfHidden(title: string, body: string, tag: string): boolean {
  if (typeof document === 'undefined' || !document.hidden) return false;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    new Notification(title, { body, tag });
    return true;
  } catch {
    return false;
  }
}
