import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { CallDefinition } from '@elo/contract/define-call';
import { limits } from '@elo/contract/limits';
import sharp from 'sharp';
import type { MediaStorage } from '../storage/media-storage.ts';
import { AppError, invalidFields } from './app-error.ts';
import { inputFieldNames, inputFileFieldNames } from './parse-input.ts';

/** A file received in a multipart call, already streamed to storage. */
/** An uploaded picture or video as a post's media stores it: where it is, what it is, how large. */
export const postMediaOf = (file: UploadedFile) => ({
  storageKey: file.key,
  mimeType: file.mimeType,
  sizeBytes: file.sizeBytes,
  width: file.width,
  height: file.height,
});

export interface UploadedFile {
  field: string;
  /** The name the sender gave the file (for display only; never used as a path). */
  fileName: string;
  key: string;
  /** What the content is (sniffed from its bytes, never taken from the name or the header). */
  mimeType: string;
  sizeBytes: number;
  /** For images: the dimensions read from the header with sharp (the whole image decoded, too). */
  width: number | null;
  height: number | null;
  /** The bytes of a file read in memory (a call whose media kind is null); `key` is then empty. */
  content?: Buffer;
}

/** The head of a file read to tell what it is: enough for every signature and image header. */
const headBytes = 64 * 1024;
/** The images a browser shows (so decodes): their size is read, and checked against the limit. */
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

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

/** What a file is, from its first bytes: type and, for images, the size its header gives. */
async function identify(head: Buffer) {
  const sniffed = await fileTypeFromBuffer(head);
  if (!sniffed) return { mimeType: 'application/octet-stream', ext: 'bin', width: null, height: null };
  if (!imageTypes.has(sniffed.mime))
    return { mimeType: sniffed.mime, ext: sniffed.ext, width: null, height: null };
  // Only the header is read: sharp's own pixel limit would refuse a huge one as "not an image",
  // which the caller must refuse as too large instead.
  const metadata = await sharp(head, { failOn: 'none', limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  // Bytes that look like an image but do not decode are not one.
  if (!metadata?.width || !metadata.height)
    return { mimeType: 'application/octet-stream', ext: 'bin', width: null, height: null };
  return { mimeType: sniffed.mime, ext: sniffed.ext, width: metadata.width, height: metadata.height };
}

/**
 * Whether an image decodes whole, every pixel and not only its header (a PNG cut off after its
 * header or a JPEG cut short do not). `failOn: 'error'` refuses a truncated or broken image and
 * lets through what decoders only warn about (stray bytes in a JPEG's scan, which browsers show
 * too). `stats()` keeps only sums, so the pixels are read in strips where the format allows it (an
 * interlaced image is held whole), within the pixel limit the header was checked against; an
 * animation is checked by its first frame.
 */
async function decodesWhole(image: Buffer): Promise<boolean> {
  return sharp(image, { failOn: 'error', limitInputPixels: limits.imageMaxPixels })
    .stats()
    .then(
      () => true,
      () => false,
    );
}

/**
 * Reads a file whole into memory (never stored): for a call that only reads its file, such as an
 * import. Over `maxBytes` it is refused with 413 FILE_OVER_LIMIT, the rest of it drained unread.
 */
async function readInMemory(
  field: string,
  fileName: string,
  stream: NodeJS.ReadableStream,
  maxBytes = limits.mediaMaxBytes,
): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let sizeBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    sizeBytes += chunk.length;
    if (sizeBytes > maxBytes) {
      stream.resume();
      throw new AppError('FILE_OVER_LIMIT', {
        params: { limite: `${Math.floor(maxBytes / 1024 / 1024)} MB` },
      });
    }
    chunks.push(chunk);
  }
  const content = Buffer.concat(chunks);
  const sniffed = await fileTypeFromBuffer(content.subarray(0, headBytes));
  return {
    field,
    fileName,
    key: '',
    mimeType: sniffed?.mime ?? 'application/octet-stream',
    sizeBytes,
    width: null,
    height: null,
    content,
  };
}

/**
 * The parts a multipart call takes, from its contract input: every field's name, and for the
 * fields that carry files (`z.custom<Blob>()`) the most files each takes. A call with one file
 * field takes up to its `maxFiles` there; a call with several takes one file in each, as their
 * handlers read one of each, so no file reaches a handler that would leave it unread.
 */
export function multipartParts(call: CallDefinition): {
  fieldNames: ReadonlySet<string>;
  fileFields: ReadonlyMap<string, number>;
} {
  const fileNames = inputFileFieldNames(call.input);
  const perField = fileNames.size > 1 ? 1 : (call.maxFiles ?? 1);
  return {
    fieldNames: inputFieldNames(call.input),
    fileFields: new Map([...fileNames].map((name) => [name, perField])),
  };
}

/**
 * What a failure of the multipart reader means for the client. Busboy reports a body that is not
 * multipart as its header says (no boundary, another one, a part header that does not parse, a
 * body cut short) with plain errors, on the parts and on the file being read, and
 * @fastify/multipart a request closed mid-body as FST_MP_PREMATURE_CLOSE: all are an unreadable
 * upload (400 MULTIPART_MALFORMED). The reader's limits keep their own status (FST_… codes).
 */
function readerFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE');
  if (typeof code === 'string' && code.startsWith('FST_') && code !== 'FST_MP_PREMATURE_CLOSE') return error;
  return new AppError('MULTIPART_MALFORMED');
}

/**
 * Reads a multipart body: text fields (a repeated field becomes a list) and files, each streamed
 * to storage under `<companyId>/<kind>/` (the call's media kind, whose module decides who may read
 * them) with its type sniffed from its bytes. Never holds a whole file in memory but an image,
 * which is decoded whole before it is accepted (422 `validation.imageUnreadable` on its field when
 * it does not decode; the stored file is removed). An image over `limits.imageMaxPixels` is
 * refused (422) from its header, before any of it is stored. A part named by no field of the
 * call, a file in a text field, text in a file field and a file past its field's count are
 * refused (422 on that field) before anything of it is stored; a file over the size limit is
 * refused with 413 and the spec's message, a text field over its limit with 413 too (never cut
 * short); a body that is not well-formed multipart (a missing or wrong boundary, a body cut short)
 * is 400 MULTIPART_MALFORMED. Whatever was stored is removed when the request fails.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  options: {
    storage: MediaStorage;
    companyId: number;
    /** The call's media kind (`MediaKind`): where its files are stored; null reads them in memory. */
    kind: string | null;
    maxFiles: number;
    /** For files read in memory: the most bytes one may have (413 FILE_OVER_LIMIT beyond). */
    maxFileBytes?: number | undefined;
    fieldNames: ReadonlySet<string>;
    /** The fields that carry files, with the most files each takes; the others take text only. */
    fileFields: ReadonlyMap<string, number>;
  },
): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const parts = request.parts()[Symbol.asyncIterator]();
  /** The file being read: its stream fails when the body breaks off in the middle of it. */
  let reading: Readable | undefined;
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw readerFailure(error);
      });
      if (next.done) break;
      const part = next.value;
      if (!options.fieldNames.has(part.fieldname)) {
        if (part.type === 'file') part.file.resume();
        throw invalidFields({ [part.fieldname]: ['validation.unknownField'] });
      }
      const filesTaken = options.fileFields.get(part.fieldname);
      if (part.type === 'file' && filesTaken === undefined) {
        // Nothing a handler would not read is stored: a file sent as a text field is refused.
        part.file.resume();
        throw invalidFields({ [part.fieldname]: ['validation.fileNotAccepted'] });
      }
      if (part.type === 'field' && filesTaken !== undefined) {
        throw invalidFields({ [part.fieldname]: ['validation.fileExpected'] });
      }
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
        const value = String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
        continue;
      }
      reading = part.file;
      const inField = files.filter((file) => file.field === part.fieldname).length;
      if (files.length === options.maxFiles || inField === filesTaken) {
        // Nothing beyond what the call takes is stored, so no request can fill the storage.
        part.file.resume();
        const max = Math.min(options.maxFiles, filesTaken!);
        throw invalidFields({ [part.fieldname]: [{ key: 'validation.tooManyFiles', params: { max } }] });
      }
      if (options.kind === null) {
        files.push(await readInMemory(part.fieldname, part.filename ?? '', part.file, options.maxFileBytes));
        continue;
      }
      const { head, rest } = await splitHead(part.file as AsyncIterable<Buffer>);
      const facts = await identify(head);
      if (facts.width !== null && facts.width * facts.height > limits.imageMaxPixels) {
        // A decompression bomb (a few KB that decode to gigabytes): refused before it is stored.
        part.file.resume();
        throw invalidFields({
          [part.fieldname]: [
            {
              key: 'validation.imageTooManyPixels',
              params: { megapixels: limits.imageMaxPixels / 1_000_000 },
            },
          ],
        });
      }
      const key = `${options.companyId}/${options.kind}/${randomUUID()}.${facts.ext}`;
      let sizeBytes = head.length;
      // An image's bytes are kept as they stream to storage and decoded once it is stored, rather
      // than read back from storage: no second read (a second request on S3), and sharp takes its
      // input whole either way (its stream input is concatenated too), so holding the bytes that
      // pass by costs no more. Only images are kept, within the size limit, after the pixel check.
      const imageChunks: Buffer[] | undefined = facts.width === null ? undefined : [head];
      const body = (async function* () {
        yield head;
        if (!rest) return;
        for (let next = await rest.next(); !next.done; next = await rest.next()) {
          sizeBytes += next.value.length;
          imageChunks?.push(next.value);
          yield next.value;
        }
      })();
      await options.storage.put(key, Readable.from(body));
      // Listed before it is decoded, so a refusal below removes it with the request's other files.
      files.push({
        field: part.fieldname,
        fileName: part.filename ?? '',
        key,
        mimeType: facts.mimeType,
        sizeBytes,
        width: facts.width,
        height: facts.height,
      });
      if (imageChunks && !(await decodesWhole(Buffer.concat(imageChunks)))) {
        throw invalidFields({ [part.fieldname]: ['validation.imageUnreadable'] });
      }
    }
  } catch (error) {
    await Promise.all(files.filter((file) => file.key).map((file) => options.storage.remove(file.key)));
    // A file whose body broke off fails where it is read (sniffing, storing): the body is at fault.
    const broken = reading?.errored;
    if (broken && !(error instanceof AppError)) throw readerFailure(broken);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    throw error;
  }
  return { fields, files };
}
