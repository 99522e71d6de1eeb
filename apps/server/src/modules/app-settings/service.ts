import { AuditAction } from '@elo/contract/calls/audit';
import { logoRules } from '@elo/contract/calls/app-settings';
import { functionNameLanguages, type FunctionNameLanguage, type PermissionCode } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import {
  findAppSettings,
  listPermissionNames,
  replaceFunctionNames,
  updateAppSettings,
  type AppSettingsRow,
  type PermissionName,
  type StoredAppSettings,
} from './repo.ts';
import { auditedSettings } from './wire.ts';

/**
 * A function's name as the company calls it (an empty name: the portal's own), and its names by
 * language (an empty or missing one: the default name in that language).
 */
export interface FunctionName {
  permission: PermissionCode;
  name: string;
  byLanguage: Partial<Record<FunctionNameLanguage, string>>;
}

/** What a save carries. */
export interface AppSettingsForm {
  mainColor: string;
  fontPrimaryColor: string;
  fontSecondaryColor: string;
  /** Removes the saved logo (a new logo sent with it takes its place). */
  removeLogo: boolean;
  /** The whole list of names; undefined keeps the names as they are. */
  functionNames?: FunctionName[] | undefined;
  /** The version read with the settings: a stale one answers 409 REGISTRO_ALTERADO. */
  version?: number | undefined;
}

/** The company's branding with its function names, as kept. */
export interface AppSettings {
  settings: StoredAppSettings;
  names: PermissionName[];
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/**
 * Refuses a logo that breaks `logoRules` (422 on `logo`): its type is the one sniffed from its
 * bytes (a GIF or an SVG renamed .png is refused), then its weight and its size in pixels.
 */
function checkLogo(file: UploadedFile): void {
  if (!(logoRules.mimeTypes as readonly string[]).includes(file.mimeType) || file.width === null) {
    throw invalidFields({ logo: ['validation.fileFormatInvalid'] });
  }
  if (file.sizeBytes > logoRules.maxBytes) {
    throw invalidFields({
      logo: [{ key: 'validation.logoTooHeavy', params: { limite: megabytes(logoRules.maxBytes) } }],
    });
  }
  const sides = [file.width, file.height ?? 0];
  if (sides.some((side) => side < logoRules.minSidePx || side > logoRules.maxSidePx)) {
    throw invalidFields({
      logo: [
        { key: 'validation.logoSizeInvalid', params: { min: logoRules.minSidePx, max: logoRules.maxSidePx } },
      ],
    });
  }
}

export interface AppSettingsService {
  db: Database;
  storage: MediaStorage;
}

/** The company's branding: logo, colours (the theme's scale comes from the main one) and function names. */
export function createAppSettingsService(deps: AppSettingsService): AppSettingsService {
  return { db: deps.db, storage: deps.storage };
}

/** The company's branding and function names. */
export async function readAppSettings(
  appSettings: AppSettingsService,
  companyId: number,
): Promise<AppSettings> {
  const [row, names] = await Promise.all([
    findAppSettings(appSettings.db, companyId),
    listPermissionNames(appSettings.db, companyId),
  ]);
  if (!row) throw new AppError('NOT_FOUND');
  return { settings: row, names };
}

/**
 * Saves colours, names and (when sent) the logo, or removes the saved logo (`removeLogo`),
 * audited with what changed. The new logo is already stored when this runs; the old one is
 * removed only once the save is done, and a refused save leaves everything as it was (the
 * binder removes the new file).
 */
export async function saveAppSettings(
  appSettings: AppSettingsService,
  companyId: number,
  form: AppSettingsForm,
  files: UploadedFile[],
  actor: Actor,
): Promise<AppSettings> {
  const logo = files.find((file) => file.field === 'logo');
  if (logo) checkLogo(logo);
  const names =
    form.functionNames
      ?.filter((item) => item.name !== '')
      .map((item) => ({
        permission: item.permission,
        name: item.name,
        // Only the languages given a name of their own are kept; the others show the default.
        byLanguage: Object.fromEntries(
          functionNameLanguages.flatMap((language) => {
            const named = item.byLanguage[language];
            return named ? [[language, named]] : [];
          }),
        ),
      }))
      .sort((a, b) => a.permission.localeCompare(b.permission)) ?? undefined;
  const { saved, replacedLogo } = await appSettings.db.transaction(async (tx) => {
    const before = await findAppSettings(tx, companyId, { lock: true });
    if (!before) throw new AppError('NOT_FOUND');
    // A stale versao (someone saved the settings since this copy was read) writes nothing.
    if (form.version !== undefined && form.version !== before.version)
      throw new AppError('REGISTRO_ALTERADO');
    const namesBefore = await listPermissionNames(tx, companyId);
    const after: AppSettingsRow = {
      logoKey: logo?.key ?? (form.removeLogo ? null : before.logoKey),
      mainColor: form.mainColor,
      fontPrimaryColor: form.fontPrimaryColor,
      fontSecondaryColor: form.fontSecondaryColor,
    };
    const version = await updateAppSettings(tx, companyId, after, form.version);
    if (version === undefined) throw new AppError('REGISTRO_ALTERADO');
    if (names) await replaceFunctionNames(tx, companyId, names);
    const namesAfter = names ?? namesBefore;
    await recordAudit(tx, actor, {
      action: AuditAction.appSettingsUpdate,
      target: { type: 'app_settings', id: companyId },
      changes: changedFields(auditedSettings(before, namesBefore), auditedSettings(after, namesAfter)),
    });
    return {
      saved: { settings: { ...after, version }, names: namesAfter },
      replacedLogo: before.logoKey !== after.logoKey ? before.logoKey : null,
    };
  });
  if (replacedLogo) await appSettings.storage.remove(replacedLogo).catch(() => undefined);
  return saved;
}
