import { limits } from '@elo/contract/limits';

/**
 * The frame of a video at 1.5 s (spec section 9) as a JPEG, drawn by a detached <video> and a
 * canvas; a shorter video gives its middle frame. Null when the browser cannot read the video.
 */
export function takeVideoThumbnail(file: Blob, timeoutMs = 20_000): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    // A file the browser neither reads nor refuses must not leave the form waiting for good.
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.addEventListener('error', () => finish(null), { once: true });
    video.addEventListener(
      'loadedmetadata',
      () => {
        const duration = Number.isFinite(video.duration) ? video.duration : 0;
        video.currentTime =
          duration > limits.videoThumbnailAtSeconds ? limits.videoThumbnailAtSeconds : duration / 2;
      },
      { once: true },
    );
    video.addEventListener(
      'seeked',
      () => {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) return finish(null);
        context.drawImage(video, 0, 0);
        canvas.toBlob((blob) => finish(blob), 'image/jpeg', 0.85);
      },
      { once: true },
    );
    video.src = url;
  });
}
