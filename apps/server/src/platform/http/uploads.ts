import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { MediaStorage } from '../storage/media-storage.ts';
import { invalidFields } from './app-error.ts';

/** A file received in a multipart call, already streamed to storage. */
export interface UploadedFile {
  field: string;
  /** The name the sender gave the file (for display only; never used as a path). */
  fileName: string;
  key: string;
  /** What the content is (sniffed from its bytes, never taken from the name or the header). */
  mimeType: string;
  sizeBytes: number;
  /** For images: the dimensions read by decoding the header with sharp. */
  width: number | null;
  height: number | null;
}

/** The head of a file read to tell what it is: enough for every signature and image header. */
const headBytes = 64 * 1024;
const imageTypes = new Set(['image/png', 'image/jpeg']);

/** Reads the first bytes of a stream and gives them back with an iterator over the rest. */
async function splitHead(source: AsyncIterable<Buffer>) {
  const iterator = source[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  while (head.length < headBytes) {
    const next = await iterator.next();
    if (next.done) return { head, rest: undefined };
    head = Buffer.concat([head, next.value]);
  }
  return { head, rest: iterator };
}

/** What a file is, from its first bytes: type and, for images, the size its decoded header gives. */
async function identify(head: Buffer) {
  const sniffed = await fileTypeFromBuffer(head);
  if (!sniffed) return { mimeType: 'application/octet-stream', ext: 'bin', width: null, height: null };
  if (!imageTypes.has(sniffed.mime))
    return { mimeType: sniffed.mime, ext: sniffed.ext, width: null, height: null };
  const metadata = await sharp(head, { failOn: 'none' })
    .metadata()
    .catch(() => undefined);
  // Bytes that look like an image but do not decode are not one.
  if (!metadata?.width || !metadata.height)
    return { mimeType: 'application/octet-stream', ext: 'bin', width: null, height: null };
  return { mimeType: sniffed.mime, ext: sniffed.ext, width: metadata.width, height: metadata.height };
}

/**
 * Reads a multipart body: text fields (a repeated field becomes a list) and files, each streamed
 * to storage under `<companyId>/uploads/` with its type sniffed from its bytes. Never holds a
 * whole file in memory. A file over the size limit is refused on `file` with the spec's message;
 * whatever was stored is removed when the request fails.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  options: { storage: MediaStorage; companyId: number; maxFiles: number },
): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
        continue;
      }
      if (files.length === options.maxFiles) {
        // Nothing beyond what the call takes is stored, so no request can fill the storage.
        part.file.resume();
        throw invalidFields({
          [part.fieldname]: [{ key: 'validation.tooManyFiles', params: { max: options.maxFiles } }],
        });
      }
      const { head, rest } = await splitHead(part.file as AsyncIterable<Buffer>);
      const facts = await identify(head);
      const key = `${options.companyId}/uploads/${randomUUID()}.${facts.ext}`;
      let sizeBytes = head.length;
      const body = (async function* () {
        yield head;
        if (!rest) return;
        for (let next = await rest.next(); !next.done; next = await rest.next()) {
          sizeBytes += next.value.length;
          yield next.value;
        }
      })();
      await options.storage.put(key, Readable.from(body));
      files.push({
        field: part.fieldname,
        fileName: part.filename ?? '',
        key,
        mimeType: facts.mimeType,
        sizeBytes,
        width: facts.width,
        height: facts.height,
      });
    }
  } catch (error) {
    await Promise.all(files.map((file) => options.storage.remove(file.key)));
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalidFields({ file: ['validation.fileTooLarge'] });
    throw error;
  }
  return { fields, files };
}
