import { AuditAction } from '@elo/contract/calls/audit';
import { logoRules, type NomeFuncao } from '@elo/contract/calls/app-settings';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { mediaUrl, type MediaStorage } from '../../platform/storage/media-storage.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { presentAppSettings } from './presenter.ts';
import {
  findAppSettings,
  listFunctionNames,
  replaceFunctionNames,
  updateAppSettings,
  type AppSettingsRow,
} from './repo.ts';

/** What a save carries (the contract's parsed input). */
export interface AppSettingsInput {
  corPrincipal: string;
  corFontePrimaria: string;
  corFonteSecundaria: string;
  /** 'S' removes the saved logo (a new logo sent with it takes its place). */
  flRemoverLogo?: 'S' | 'N' | undefined;
  /** The whole list of names; undefined keeps the names as they are. */
  nomesFuncoes?: NomeFuncao[] | undefined;
  /** The versao read with the settings: a stale one answers 409 REGISTRO_ALTERADO. */
  versao?: number | undefined;
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

/** The names as the audit log shows them: permission → name. */
const namesForAudit = (names: { permission: string; name: string }[]) =>
  Object.fromEntries(names.map(({ permission, name }) => [permission, name]));

/** The settings' fields as the audit log compares them. */
const settingsForAudit = (row: AppSettingsRow, names: { permission: string; name: string }[]) => ({
  logo: mediaUrl(row.logoKey),
  corPrincipal: row.mainColor,
  corFontePrimaria: row.fontPrimaryColor,
  corFonteSecundaria: row.fontSecondaryColor,
  nomesFuncoes: namesForAudit(names),
});

export type AppSettingsService = ReturnType<typeof createAppSettingsService>;

/** The company's branding: logo, colours (the theme's scale comes from the main one) and function names. */
export function createAppSettingsService(deps: { db: Database; storage: MediaStorage }) {
  const { db } = deps;
  return {
    async read(companyId: number) {
      const [row, names] = await Promise.all([
        findAppSettings(db, companyId),
        listFunctionNames(db, companyId),
      ]);
      if (!row) throw new AppError('NOT_FOUND');
      return { configuracoes: presentAppSettings(row, names) };
    },

    /**
     * Saves colours, names and (when sent) the logo, or removes the saved logo (`flRemoverLogo`),
     * audited with what changed. The new logo is already stored when this runs; the old one is
     * removed only once the save is done, and a refused save leaves everything as it was (the
     * binder removes the new file).
     */
    async save(companyId: number, input: AppSettingsInput, files: UploadedFile[], actor: Actor) {
      const logo = files.find((file) => file.field === 'logo');
      if (logo) checkLogo(logo);
      const names =
        input.nomesFuncoes
          ?.filter((item) => item.nome !== '')
          .map((item) => ({ permission: item.permissao, name: item.nome }))
          .sort((a, b) => a.permission.localeCompare(b.permission)) ?? undefined;
      const { saved, replacedLogo } = await db.transaction(async (tx) => {
        const before = await findAppSettings(tx, companyId, { lock: true });
        if (!before) throw new AppError('NOT_FOUND');
        // A stale versao (someone saved the settings since this copy was read) writes nothing.
        if (input.versao !== undefined && input.versao !== before.version)
          throw new AppError('REGISTRO_ALTERADO');
        const namesBefore = await listFunctionNames(tx, companyId);
        const after: AppSettingsRow = {
          logoKey: logo?.key ?? (input.flRemoverLogo === 'S' ? null : before.logoKey),
          mainColor: input.corPrincipal,
          fontPrimaryColor: input.corFontePrimaria,
          fontSecondaryColor: input.corFonteSecundaria,
        };
        const version = await updateAppSettings(tx, companyId, after, input.versao);
        if (version === undefined) throw new AppError('REGISTRO_ALTERADO');
        if (names) await replaceFunctionNames(tx, companyId, names);
        const namesAfter = names ?? namesBefore;
        await recordAudit(tx, actor, {
          action: AuditAction.appSettingsUpdate,
          target: { type: 'app_settings', id: companyId },
          changes: changedFields(settingsForAudit(before, namesBefore), settingsForAudit(after, namesAfter)),
        });
        return {
          saved: presentAppSettings({ ...after, version }, namesAfter),
          replacedLogo: before.logoKey !== after.logoKey ? before.logoKey : null,
        };
      });
      if (replacedLogo) await deps.storage.remove(replacedLogo).catch(() => undefined);
      return { configuracoes: saved };
    },
  };
}
