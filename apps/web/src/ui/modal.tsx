import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useRef, type ReactNode } from 'react';
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
 * A dialog that traps focus and closes on Escape, on the close button and, unless turned off,
 * on a click outside it.
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
  // Radix returns focus only to a Dialog.Trigger; ours are opened by plain buttons, so the modal
  // remembers which control had focus when it opened and gives focus back to it on close.
  const opener = useRef<HTMLElement | null>(null);
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
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
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
