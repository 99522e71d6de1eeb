import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';

/** Where media files live. Keys start with the company id, so a key tells whose file it is. */
export interface MediaStorage {
  /** Streams a file in under a key; a half-written file never becomes visible. */
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** Deletes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The whole file (small files only: logos for e-mails). */
  read(key: string): Promise<Buffer>;
  /** Answers a GET for the key, with HTTP Range support. */
  serve(reply: FastifyReply, key: string): FastifyReply | Promise<FastifyReply>;
}

/** The web address of a stored file (served by the media route). */
export function mediaUrl(key: string | null): string | null {
  return key ? `/backend/midia/${key}` : null;
}

/** Media on the local disk under DATA_DIR/media: the default for one node. */
export function createDiskStorage(root: string): MediaStorage {
  return {
    async put(key, body) {
      const target = path.join(root, key);
      if (!target.startsWith(root + path.sep)) throw new Error('media key escapes the storage root');
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.partial`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
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
    serve(reply, key) {
      // The media route sets a private cache policy: these files are not for shared caches.
      return reply.sendFile(key, root, { cacheControl: false });
    },
  };
}
