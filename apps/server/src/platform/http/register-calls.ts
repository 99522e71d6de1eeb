import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { downloadLanguageParam, type DownloadDefinition } from '@elo/contract/define-call';
import { languages, type Language } from '@elo/contract/enums';
import {
  calls,
  downloads,
  type CallName,
  type Calls,
  type DownloadName,
  type Downloads,
} from '@elo/contract/calls/registry';
import { authorize } from '../auth/policy.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { languageFromHeader, translatorFor } from '../i18n.ts';
import { toCsv, toXlsx, type ExportTable } from '../table-file.ts';
import { AppError } from './app-error.ts';
import { bindCall, sessionOf, type BindDeps, type CallHandler } from './bind-call.ts';
import { parseInput } from './parse-input.ts';

/** One handler per call of the contract: a call without one fails the type-check (and the start). */
export type CallHandlers = { [K in CallName]: CallHandler<Calls[K]> };

/** What a download's handler gets besides its validated parameters. */
export interface DownloadContext {
  session: AuthSession;
  language: Language;
  t: TFunction;
}

/**
 * What a download's handler gives, with the file's name without its extension: the table a
 * CSV/XLSX download writes, or the document a JSON download sends (of the declared schema).
 */
export type DownloadResult<D extends DownloadDefinition> = D extends { document: infer S extends z.ZodType }
  ? { fileName: string; document: z.output<S> }
  : { fileName: string; table: ExportTable };

/** A download's handler: what to send for the validated parameters. */
export type DownloadHandler<D extends DownloadDefinition> = (
  input: z.output<D['input']>,
  context: DownloadContext,
) => Promise<DownloadResult<D>>;

/** One handler per download of the contract. */
export type DownloadHandlers = { [K in DownloadName]: DownloadHandler<Downloads[K]> };

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
} as const;

/**
 * Binds every call and download of the contract in one exhaustive step: each is authorized by the
 * one policy from its declaration, validated by its schema, then handed to its handler.
 */
export function registerCalls(
  app: FastifyInstance,
  deps: BindDeps,
  handlers: CallHandlers,
  downloadHandlers: DownloadHandlers,
): void {
  for (const name of Object.keys(calls) as CallName[]) {
    const handler = handlers[name];
    if (typeof handler !== 'function') throw new Error(`The call ${name} has no handler`);
    bindCall(app, deps, calls[name], handler as CallHandler<Calls[CallName]>);
  }
  for (const name of Object.keys(downloads) as DownloadName[]) {
    const handler = downloadHandlers[name];
    if (typeof handler !== 'function') throw new Error(`The download ${name} has no handler`);
    bindDownload(app, deps, downloads[name], handler as DownloadHandler<Downloads[DownloadName]>);
  }
}

/**
 * Registers `GET /backend<path>` for a download: the session and the policy decide access, the
 * path and query parameters are validated by the download's schema (422 in the spec's shape), and
 * the handler's table is written as CSV (byte-order mark, formulas escaped, the separator and
 * dates of the language: `idioma` in the query, else Accept-Language) or XLSX, or its
 * document as JSON (checked against the declared schema when answers are checked). Always an
 * attachment, never stored by a cache.
 */
function bindDownload<D extends DownloadDefinition>(
  app: FastifyInstance,
  deps: BindDeps,
  download: D,
  handler: DownloadHandler<D>,
): void {
  app.get<{ Params: Record<string, string>; Querystring: Record<string, string> }>(
    `/backend${download.path}`,
    async (request, reply) => {
      const session = authorize(download, await sessionOf(request, deps.sessions))!;
      const { formato, ...params } = request.params;
      if (!(download.formats as readonly string[]).includes(formato ?? '')) throw new AppError('NOT_FOUND');
      const format = formato as keyof typeof contentTypes;
      const { [downloadLanguageParam]: chosen, ...query } = request.query;
      const language = languages.includes(chosen as Language)
        ? (chosen as Language)
        : languageFromHeader(request.headers['accept-language']);
      const t = translatorFor(language);
      const input = parseInput(download.input, { ...query, ...params }, language, t);
      const result: { fileName: string; table?: ExportTable; document?: unknown } = await handler(
        input as z.output<D['input']>,
        { session, language, t },
      );
      if (format === 'json' && deps.validateOutput && 'document' in download) {
        const checked = download.document.safeParse(result.document);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, download: download.name },
            'document does not match the contract',
          );
          throw new AppError('INTERNAL_ERROR');
        }
      }
      void reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${result.fileName}.${format}"`)
        .type(contentTypes[format]);
      if (format === 'json') return JSON.stringify(result.document, null, 2);
      return format === 'csv' ? toCsv(result.table!, language) : toXlsx(result.table!, language);
    },
  );
}
