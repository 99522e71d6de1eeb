import sharp from 'sharp';
import type { MediaStorage } from './storage/media-storage.ts';

/** The side of a profile photo once cropped: big enough for every place the portal shows one. */
export const profilePhotoPx = 400;

/** The image types a square crop accepts (what a browser shows and sharp writes back). */
const squareTypes = new Set(['image/png', 'image/jpeg']);

/** Whether an uploaded file is an image a square crop accepts (sniffed type, never the name). */
export function isSquareCroppable(file: { mimeType: string; width: number | null }): boolean {
  return squareTypes.has(file.mimeType) && file.width !== null;
}

/**
 * Replaces a stored image by its centred square, `size` pixels a side, in the same format
 * (profile photos): turned upright by its EXIF orientation, which is then dropped with the rest of
 * the metadata (a phone photo's location never reaches other people). Stored under the same key
 * (the upload's random name), so the caller keeps the key it has.
 */
export async function cropStoredImageToSquare(
  storage: MediaStorage,
  key: string,
  size: number = profilePhotoPx,
): Promise<void> {
  const original = await storage.read(key);
  const image = sharp(original).rotate().resize(size, size, { fit: 'cover', position: 'centre' });
  const square = key.endsWith('.png')
    ? await image.png().toBuffer()
    : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  await storage.put(key, square);
}
