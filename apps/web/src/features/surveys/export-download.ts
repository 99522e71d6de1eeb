import { ApiError, toApiError } from '#lib/api-client.ts';
import { currentLanguage, i18n } from '#lib/i18n/i18n.ts';

const errorTexts = () => ({
  fallback: i18n.t('apiErrors.default'),
  network: i18n.t('apiErrors.network'),
  timeout: i18n.t('apiErrors.timeout'),
});

/** The file name a Content-Disposition header gives, if any. */
export function fileNameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

/**
 * Downloads an export (an authenticated GET answered as a file) and hands it to the browser as a
 * download. A refusal (a 409 for hidden results, say) throws an ApiError with the server's
 * message, so the page can say why instead of the browser saving the error as a file.
 */
export async function downloadExport(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      headers: { 'Accept-Language': currentLanguage() },
    });
  } catch {
    throw new ApiError({ message: errorTexts().network });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw toApiError(response.status, body, errorTexts());
  }
  const file = await response.blob();
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time the click returns; the address goes a little later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
