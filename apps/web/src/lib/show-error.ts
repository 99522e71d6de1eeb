import { errorMessageOf } from './api-client.ts';
import { i18n } from './i18n/i18n.ts';
import { useToastStore } from './stores/toast-store.ts';

/** Shows what went wrong as an error toast, by the message rule of spec section 8 (empty: nothing). */
export function showErrorToast(error: unknown, title?: string): void {
  const message = errorMessageOf(error, i18n.t('apiErrors.default'));
  useToastStore.getState().showToast({ type: 'error', title, message });
}
