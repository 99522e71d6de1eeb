import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

export const modalSizes = ['sm', 'md', 'lg', 'xl', 'xxl'] as const;
export type ModalSize = (typeof modalSizes)[number];

const sizeClasses: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
  xxl: 'max-w-6xl',
};

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** Whether a click outside the dialog closes it (spec section 4: configurable). */
  closeOnOutsideClick?: boolean;
  /** Buttons at the bottom of the dialog. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * Where the focus goes back when a dialog closes: the control that had it as the dialog opened
 * and, should that control be gone by then, the trigger of the menu or popover it sat in (which
 * closes as the dialog opens: 'Preferências de notificação' in the bell's popover gives the focus
 * back to the bell).
 */
function focusReturnTargets(): HTMLElement[] {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return [];
  const popup = active.closest('[data-radix-popper-content-wrapper]')?.firstElementChild;
  const trigger = popup?.id ? document.querySelector(`[aria-controls="${CSS.escape(popup.id)}"]`) : null;
  return trigger instanceof HTMLElement ? [active, trigger] : [active];
}

/**
 * A dialog that traps focus and closes on Escape, on the close button and, unless turned off,
 * on a click outside it. When it closes, the focus goes back to the control that opened it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  closeOnOutsideClick = true,
  footer,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  // Radix returns focus to whatever had it when the dialog's content mounted, which is too late:
  // by then a field of the dialog may have taken it (autoFocus), or the menu or popover holding
  // the opener has gone. So the opener is read while rendering the change to open, before either.
  const [shownOpen, setShownOpen] = useState(false);
  const [returnTargets, setReturnTargets] = useState<HTMLElement[]>([]);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setReturnTargets(focusReturnTargets());
  }
  const keepOpenOnOutside = (event: Event) => {
    if (!closeOnOutsideClick) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl',
            sizeClasses[size],
          )}
          onCloseAutoFocus={(event) => {
            const target = returnTargets.find((element) => element.isConnected);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onPointerDownOutside={keepOpenOnOutside}
          onInteractOutside={keepOpenOnOutside}
          // Without a description Radix would point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              className="-m-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label={t('common.close')}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-4">
            {description && <Dialog.Description className="text-slate-700">{description}</Dialog.Description>}
            {children}
          </div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-6 py-4">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
