import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Parser } from 'htmlparser2';
import ipaddr from 'ipaddr.js';

/** What a page says about itself, for a link preview. */
export interface LinkPreview {
  url: string;
  titulo: string | null;
  descricao: string | null;
  urlImagem: string | null;
}

type LookupFunction = typeof dnsLookup;

export interface LinkPreviewOptions {
  timeoutMs: number;
  /** Bytes of the page read at most; the head is near the top. */
  maxBytes: number;
  /** Whether the server may connect to an address; by default only public unicast ones (SSRF guard). */
  allowAddress: (address: string) => boolean;
  /** Name resolution (tests point a name at a local server). */
  lookup: LookupFunction;
}

/** Public unicast addresses only: never loopback, private, link-local, multicast or reserved ranges. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export const defaultLinkPreviewOptions: LinkPreviewOptions = {
  timeoutMs: 3_000,
  maxBytes: 512 * 1024,
  allowAddress: isPublicAddress,
  lookup: dnsLookup,
};

/** Thrown when a link leads somewhere the server must not go. */
export class BlockedAddressError extends Error {}

/** A resolver that refuses a name when any of its addresses is not allowed (checked at connect time, so DNS rebinding cannot slip past). */
function guardedLookup(options: LinkPreviewOptions): LookupFunction {
  const guarded = (
    hostname: string,
    lookupOptions: { all?: boolean } | number | undefined,
    callback: (...args: unknown[]) => void,
  ) => {
    const base = typeof lookupOptions === 'object' ? lookupOptions : {};
    options.lookup(hostname, { ...base, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = addresses.find((entry) => !options.allowAddress(entry.address));
      if (refused || addresses.length === 0)
        return callback(new BlockedAddressError(`address of ${hostname} not allowed`));
      if (base.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return guarded as unknown as LookupFunction;
}

/** Reads the page's head for og:/twitter: meta tags, the description and the title. */
function parseMetadata(html: string, pageUrl: string): LinkPreview | undefined {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
        const content = attributes.content?.trim();
        if (key && content && !meta.has(key)) meta.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head') parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const clip = (value: string | undefined, max: number) => {
    const text = value?.replace(/\s+/g, ' ').trim();
    return text ? text.slice(0, max) : null;
  };
  const titulo = clip(meta.get('og:title') ?? meta.get('twitter:title') ?? title, 300);
  const descricao = clip(
    meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'),
    500,
  );
  let urlImagem: string | null = null;
  const image = meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image');
  if (image) {
    try {
      const resolved = new URL(image, pageUrl);
      if (resolved.protocol === 'https:' || resolved.protocol === 'http:') urlImagem = resolved.href;
    } catch {
      urlImagem = null;
    }
  }
  if (!titulo && !descricao && !urlImagem) return undefined;
  return { url: pageUrl, titulo, descricao, urlImagem };
}

/**
 * Fetches a page's preview: one GET with a short timeout, no redirect followed, at most
 * `maxBytes` read, HTML only, and only to addresses the guard allows. Resolves undefined when
 * the page gives nothing usable or cannot be read; never throws.
 */
export async function fetchLinkPreview(
  url: string,
  options: LinkPreviewOptions = defaultLinkPreviewOptions,
): Promise<LinkPreview | undefined> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address skips name resolution, so it is checked here.
  if (isIP(host) && !options.allowAddress(host)) return undefined;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: LinkPreview | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(value);
    };
    const request = client.get(
      target,
      {
        lookup: guardedLookup(options),
        headers: {
          'user-agent': 'EloLinkPreview/1.0',
          accept: 'text/html,application/xhtml+xml;q=0.9',
          'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5',
        },
        agent: false,
      },
      (response) => {
        const type = String(response.headers['content-type'] ?? '');
        // Redirects are not followed: a public page could send the server to a private one.
        if (response.statusCode !== 200 || !/text\/html|application\/xhtml/i.test(type)) {
          response.resume();
          return finish(undefined);
        }
        const charset = /charset=([\w-]+)/i.exec(type)?.[1] ?? 'utf-8';
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const bytes = Buffer.concat(chunks).subarray(0, options.maxBytes);
          let html: string;
          try {
            html = new TextDecoder(charset).decode(bytes);
          } catch {
            // An unknown charset label: read it as UTF-8.
            html = new TextDecoder('utf-8').decode(bytes);
          }
          try {
            finish(parseMetadata(html, target.href));
          } catch {
            finish(undefined);
          }
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= options.maxBytes) done();
        });
        response.on('end', done);
        response.on('error', () => finish(undefined));
      },
    );
    request.on('error', () => finish(undefined));
    const timer = setTimeout(() => finish(undefined), options.timeoutMs);
  });
}
