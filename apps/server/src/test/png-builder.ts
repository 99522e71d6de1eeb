import { crc32, deflateSync } from 'node:zlib';

/** A PNG chunk: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real, complete PNG of the given size in 1-bit grey, its pixel data right after its header:
 * every pixel is there, yet it deflates to a few dozen KB even when huge (a decompression bomb's
 * shape: tiny on the wire, huge once decoded).
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // a filter byte, then the row's bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(rowBytes * height), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
