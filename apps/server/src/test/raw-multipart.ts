import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** One part of a multipart body written by hand: text, or a file when it has a file name. */
export interface RawPart {
  name: string;
  /** A file part's name as sent (`filename`); a text part has none. */
  fileName?: string;
  /** A file part's declared type (`application/octet-stream` when not given). */
  type?: string;
  body: Buffer | string;
}

/**
 * A multipart/form-data body as a browser writes it, byte for byte, so a test can then cut it
 * short, break it or send it under another boundary than the one it was written with.
 */
export function encodeMultipart(parts: RawPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const headers =
      part.fileName === undefined
        ? `Content-Disposition: ${disposition}\r\n`
        : `Content-Disposition: ${disposition}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** POSTs a raw body to a call with the Content-Type given, as the portal would (X-Requested-With). */
export function postRaw(
  app: FastifyInstance,
  name: string,
  options: { contentType: string; payload: Buffer | string; cookie?: string; language?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/backend/${name}`,
    headers: {
      'content-type': options.contentType,
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': options.language ?? 'pt-BR',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: options.payload,
  });
}
