import { limits } from '@elo/contract/limits';
import * as Toast from '@radix-ui/react-toast';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useToastStore, type ToastType } from '#lib/stores/toast-store.ts';
import { CloseIcon } from './icons.tsx';

const typeClasses: Record<ToastType, string> = {
  error: 'border-red-700',
  success: 'border-green-700',
  info: 'border-primary-600',
  warning: 'border-amber-600',
};

/** Shows the toast store's toasts: each closes after 5 s (limits.toastDurationMs) or when dismissed. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismissToast = useToastStore((state) => state.dismissToast);
  return (
    <Toast.Provider duration={limits.toastDurationMs} label={t('toast.label')}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type={toast.type === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={clsx(
            'flex items-start gap-3 rounded-md border-l-4 bg-white p-4 text-slate-900 shadow-lg',
            typeClasses[toast.type],
          )}
        >
          <div className="min-w-0 flex-1">
            {toast.title && <Toast.Title className="font-semibold">{toast.title}</Toast.Title>}
            <Toast.Description className="text-sm text-slate-700">{toast.message}</Toast.Description>
          </div>
          <Toast.Close
            aria-label={t('toast.close')}
            className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t('toast.region')}
        className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4"
      />
    </Toast.Provider>
  );
}
