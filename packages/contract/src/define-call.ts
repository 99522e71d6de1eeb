import type { z } from 'zod';
import type { AdminPermissionCode, MediaKindName, PermissionCode, anyAdministrator } from './enums.ts';

/**
 * Who may make a call: anyone, a signed-in user, a signed-in administrator, or a paired corporate
 * TV screen (its device token as `Authorization: Bearer`, never a session; the token grants no
 * other audience).
 */
export type Audience = 'public' | 'user' | 'admin' | 'device';

/** Whether a call only reads or also changes data: an administrator with read-only status may only read. */
export type AccessMode = 'read' | 'write';

/**
 * Who may make a call, declared once per call and enforced by the server's one policy: public
 * calls take no permission; a user call may need an employee permission; an administration call
 * names the administrator permission whose status (L reads, E reads and writes) it needs.
 */
export type CallAccess =
  | { audience: 'public'; permission?: undefined; alsoPermission?: undefined }
  | { audience: 'device'; permission?: undefined; alsoPermission?: undefined }
  | { audience: 'user'; permission?: PermissionCode; alsoPermission?: undefined }
  | {
      audience: 'admin';
      permission: AdminPermissionCode | typeof anyAdministrator;
      /**
       * A second administrator permission the call needs at the same status as the first (L to
       * read, E to write): for settings that touch two areas, such as single sign-on (app settings
       * and who administers whom).
       */
      alsoPermission?: AdminPermissionCode;
    };

/** One POST call of the API, declared once and bound by both the server and the web client. */
export interface CallDefinition<
  Name extends string = string,
  Input extends z.core.$ZodType = z.core.$ZodType,
  Output extends z.ZodType = z.ZodType,
  A extends Audience = Audience,
> {
  name: Name;
  input: Input;
  output: Output;
  /** Who may make it: the server's handler gets a session for sure when it is 'user' or 'admin'. */
  audience: A;
  /** A permission the signed-in user must hold (an administrator permission for admin calls). */
  permission?: PermissionCode | AdminPermissionCode | typeof anyAdministrator | undefined;
  /** A second administrator permission needed at the same status (admin calls only). */
  alsoPermission?: AdminPermissionCode | undefined;
  /** Reads only, or writes (writes are refused to read-only administrators and are audited). */
  mode: AccessMode;
  /** The body travels as multipart/form-data (files). */
  multipart?: boolean;
  /**
   * The most files a multipart call takes in one request (1 when not given); more are refused. Its
   * file fields are the input's `z.custom<Blob>()` fields: with several, each takes one file.
   */
  maxFiles?: number;
  /**
   * The kind its files are stored as: the module owning that kind decides who may read them.
   * `null`: the files are read in memory for the handler and never stored (an import file).
   */
  mediaKind?: MediaKindName | null;
  /** For files read in memory: the most bytes one may have (more is refused with 413 FILE_OVER_LIMIT). */
  maxFileBytes?: number;
}

/** A multipart call says where its files go; other calls take no files. */
export type CallFiles =
  | { multipart?: undefined; maxFiles?: undefined; mediaKind?: undefined; maxFileBytes?: undefined }
  | { multipart: true; maxFiles?: number; mediaKind: MediaKindName; maxFileBytes?: undefined }
  | { multipart: true; maxFiles?: number; mediaKind: null; maxFileBytes: number };

/** Declares a call; the identity function keeps the literal types for the typed client. */
export function defineCall<
  const Name extends string,
  Input extends z.core.$ZodType,
  Output extends z.ZodType,
  const A extends Audience,
>(
  definition: CallDefinition<Name, Input, Output, A> & CallAccess & CallFiles,
): CallDefinition<Name, Input, Output, A> {
  return definition;
}

export type CallInput<C> = C extends CallDefinition<string, infer I, z.ZodType> ? z.input<I> : never;
export type CallOutput<C> = C extends CallDefinition<string, z.core.$ZodType, infer O> ? z.output<O> : never;

/** Formats a download can be asked for: tables (CSV, XLSX) or one JSON document. */
export type DownloadFormat = 'csv' | 'xlsx' | 'json';
/** The formats a table download is written in. */
export type TableFormat = 'csv' | 'xlsx';

/**
 * Who may fetch a download, and what it is: an administration export (a table, CSV or XLSX) under
 * an administrator permission, or a signed-in person's own document (JSON, no permission: it only
 * ever holds the caller's own data).
 */
export type DownloadAccess =
  | { audience: 'admin'; permission: AdminPermissionCode; formats: readonly TableFormat[] }
  | {
      audience: 'user';
      permission?: undefined;
      formats: readonly ['json'];
      /** What the JSON document holds (the server checks its answers against it in tests). */
      document: z.ZodType;
    };

/**
 * A file the API serves by GET so a link can download it (exports): declared in the contract like
 * a call, with its path under /backend, its access, and a schema for its path and query parameters.
 */
export type DownloadDefinition<Name extends string = string, Input extends z.ZodType = z.ZodType> = {
  name: Name;
  /** Path under /backend, with `:param`s, ending in `.:formato` (the format asked for). */
  path: string;
  input: Input;
  mode: 'read';
} & DownloadAccess;

/** Declares a download. */
export function defineDownload<const Name extends string, Input extends z.ZodType>(
  definition: DownloadDefinition<Name, Input>,
): DownloadDefinition<Name, Input> {
  return definition;
}

/**
 * The query parameter that names the language a download is written in (its words, and for a CSV
 * its separator and dates): the page's language, which a link cannot send as Accept-Language.
 */
export const downloadLanguageParam = 'idioma';

/** The address of a download with its parameters filled in (path ones replaced, the rest as a query). */
export function downloadUrl(
  download: DownloadDefinition,
  params: Record<string, string | number | undefined | null>,
): string {
  const query = new URLSearchParams();
  const used = new Set<string>();
  const path = download.path.replace(/:([A-Za-z]+)/g, (_match, key: string) => {
    used.add(key);
    return encodeURIComponent(String(params[key] ?? ''));
  });
  for (const [key, value] of Object.entries(params)) {
    if (!used.has(key) && value !== undefined && value !== null && value !== '')
      query.set(key, String(value));
  }
  const search = query.toString();
  return `/backend${path}${search ? `?${search}` : ''}`;
}
