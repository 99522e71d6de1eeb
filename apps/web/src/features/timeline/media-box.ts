/** A width and a height, in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/**
 * The size that fits a picture into a bounding box keeping its proportions, never enlarging it
 * (spec section 9: the image preview is scaled to a bounding box).
 */
export function fitIntoBox(picture: Size, box: Size): Size {
  if (picture.width <= 0 || picture.height <= 0) return { width: box.width, height: box.height };
  const scale = Math.min(1, box.width / picture.width, box.height / picture.height);
  return { width: Math.round(picture.width * scale), height: Math.round(picture.height * scale) };
}
