import { downloadLanguageParam, downloadUrl, type DownloadDefinition } from '@elo/contract/define-call';
import { currentLanguage } from './i18n/i18n.ts';

/**
 * The address of a download in the page's language: a link cannot send Accept-Language, so the
 * language goes in the query, and the server writes the file's words, and a CSV's separator and
 * dates, as that language's spreadsheet reads them (';' and dd/MM/yyyy in pt-BR and es, ',' in en).
 */
export function downloadHref(
  download: DownloadDefinition,
  params: Record<string, string | number | undefined | null>,
): string {
  return downloadUrl(download, { ...params, [downloadLanguageParam]: currentLanguage() });
}
