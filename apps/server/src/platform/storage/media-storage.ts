import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { AppError } from '../http/app-error.ts';

/** Where media files live. Keys start with the company id, so a key tells whose file it is. */
export interface MediaStorage {
  /** Streams a file in under a key; a half-written file never becomes visible. */
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** Deletes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The whole file (small files only: logos for e-mails). */
  read(key: string): Promise<Buffer>;
  /**
   * Answers a GET for the key with its bytes, with HTTP Range support. The caller sets the
   * Content-Type and Content-Disposition (`servedType`); the storage never guesses them.
   */
  serve(reply: FastifyReply, key: string): FastifyReply | Promise<FastifyReply>;
}

/** The web address of a stored file (served by the media route). */
export function mediaUrl(key: string | null): string | null {
  return key ? `/backend/midia/${key}` : null;
}

/**
 * What the portal shows in the page, by the extension of the key: the upload gave it from the
 * file's sniffed bytes (`file-type`), never from the sender's name. None of these can run script.
 */
const shownTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  pdf: 'application/pdf',
};

/**
 * How a stored file is answered: the types above inline; anything else (HTML, SVG, XML, unknown
 * bytes…) as `application/octet-stream` to download, so a browser never renders or runs it.
 */
export function servedType(key: string): { contentType: string; inline: boolean } {
  const type = shownTypes[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
  return type
    ? { contentType: type, inline: true }
    : { contentType: 'application/octet-stream', inline: false };
}

/**
 * The name a file is saved under: the one it was sent with, ending in the extension of what it is
 * when it is shown in the page (an image named `x.html` saves as `x.html.png`), so the saved
 * file opens as what it is. A file only ever downloaded keeps its name as sent.
 */
export function servedName(key: string, fileName: string): string {
  const served = servedType(key);
  if (!served.inline) return fileName;
  const dot = fileName.lastIndexOf('.');
  const sentExt = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  const sentType =
    sentExt === 'jpeg' ? 'image/jpeg' : Object.hasOwn(shownTypes, sentExt) ? shownTypes[sentExt] : null;
  return sentType === served.contentType ? fileName : `${fileName}.${key.slice(key.lastIndexOf('.') + 1)}`;
}

/** Media on the local disk under DATA_DIR/media: the default for one node. */
export function createDiskStorage(root: string): MediaStorage {
  return {
    async put(key, body) {
      const target = path.join(root, key);
      if (!target.startsWith(root + path.sep)) throw new Error('media key escapes the storage root');
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.partial`;
      const sink = createWriteStream(partial);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, sink);
        await rename(partial, target);
      } catch (error) {
        // A body that fails at once fails the pipeline while the file is still being opened: it
        // is created after that, so it is removed only once the stream has closed.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await rm(path.join(root, key), { force: true });
    },
    read(key) {
      return readFile(path.join(root, key));
    },
    async serve(reply, key) {
      // A key the database still names but the disk no longer holds is a 404, as on S3.
      const found = await stat(path.join(root, key)).catch(() => null);
      if (!found?.isFile()) throw new AppError('NOT_FOUND');
      // The media route sets the type and a private cache policy (not for shared caches).
      return reply.sendFile(key, root, { cacheControl: false, contentType: false });
    },
  };
}
