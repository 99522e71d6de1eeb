import { limits } from '@elo/contract/limits';
import { fitIntoBox, type Size } from './media-box.ts';

/**
 * Draws the frame at 1.5 s of a video (spec section 9) into a JPEG data URL, in the browser:
 * a detached <video> seeks there and a canvas copies the frame. A video shorter than that gives
 * its middle frame.
 */
export function captureVideoThumbnail(videoUrl: string, box: Size): Promise<string> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
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
        const size = fitIntoBox({ width: video.videoWidth, height: video.videoHeight }, box);
        const canvas = document.createElement('canvas');
        canvas.width = size.width;
        canvas.height = size.height;
        const context = canvas.getContext('2d');
        if (!context) return reject(new Error('canvas unavailable'));
        context.drawImage(video, 0, 0, size.width, size.height);
        resolve(canvas.toDataURL('image/jpeg', 0.85));
        video.removeAttribute('src');
      },
      { once: true },
    );
    video.addEventListener('error', () => reject(new Error('video unreadable')), { once: true });
    video.src = videoUrl;
  });
}

/** The picture of a data URL as a Blob, to upload it (the page's CSP lets no fetch read data: URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [header = '', base64 = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;]+);base64$/.exec(header)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}
