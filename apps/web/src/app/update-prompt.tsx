import { useTranslation } from 'react-i18next';
import { useUpdateStore } from '#lib/stores/update-store.ts';
import { Button } from '#ui/button.tsx';

/**
 * 'Nova versão disponível — Atualizar' (issue 30): a new version installed in the background
 * waits for this choice; nothing reloads by itself while someone is typing.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const apply = useUpdateStore((state) => state.apply);
  if (!apply) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:rounded-md sm:border"
    >
      <span className="text-sm text-slate-900">{t('common.newVersion')}</span>
      <Button onClick={apply}>{t('common.update')}</Button>
    </div>
  );
}
