import clsx from 'clsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertStore, type AlertItem, type AlertType } from '#lib/stores/alert-store.ts';
import { Button } from './button.tsx';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons.tsx';

const typeClasses: Record<AlertType, string> = {
  error: 'border-red-700 bg-red-50 text-red-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  info: 'border-primary-600 bg-primary-50 text-slate-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
};

const icons: Record<AlertType, ReactNode> = {
  error: <AlertIcon className="shrink-0 text-red-700" />,
  success: <CheckIcon className="shrink-0 text-green-700" />,
  info: <InfoIcon className="shrink-0 text-primary-ink" />,
  warning: <AlertIcon className="shrink-0 text-amber-700" />,
};

export interface AlertProps {
  type: AlertType;
  title?: ReactNode;
  children: ReactNode;
  /** Extra controls (links, buttons) under the message. */
  actions?: ReactNode;
  onClose?: () => void;
  className?: string;
}

/**
 * A message box. Errors and warnings interrupt screen readers (role=alert); success and
 * information wait their turn (role=status).
 */
export function Alert({ type, title, children, actions, onClose, className }: AlertProps) {
  const { t } = useTranslation();
  return (
    <div
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      className={clsx(
        'flex items-start gap-3 rounded-md border-l-4 p-4 shadow-sm',
        typeClasses[type],
        className,
      )}
    >
      {icons[type]}
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <div className="text-sm">{children}</div>
        {actions && <div className="mt-2 flex flex-wrap gap-2">{actions}</div>}
      </div>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          aria-label={t('alert.close')}
          className="-m-1 rounded-md p-1 opacity-80 hover:bg-black/5 hover:opacity-100"
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

function StoredAlert({
  alert,
  shaking,
  onShakeEnd,
}: {
  alert: AlertItem;
  shaking: boolean;
  onShakeEnd: () => void;
}) {
  const removeAlert = useAlertStore((state) => state.removeAlert);
  return (
    <div
      data-shaking={shaking || undefined}
      className={clsx(shaking && 'motion-safe:animate-shake')}
      onAnimationEnd={onShakeEnd}
    >
      <Alert
        type={alert.type}
        title={alert.title}
        onClose={() => removeAlert(alert.id)}
        actions={
          alert.actions?.length
            ? alert.actions.map((action) => (
                <Button key={action.label} size="sm" variant="secondary" onClick={action.onClick}>
                  {action.label}
                </Button>
              ))
            : undefined
        }
      >
        {alert.message}
      </Alert>
    </div>
  );
}

/**
 * The alert store's alerts, stacked at the top of the page. While an error alert is open, a
 * click elsewhere shakes it (spec section 8) so the user notices what still needs attention.
 */
export function AlertList() {
  const { t } = useTranslation();
  const alerts = useAlertStore((state) => state.alerts);
  const [shaking, setShaking] = useState(false);
  const listRef = useRef<HTMLElement>(null);
  const hasError = alerts.some((alert) => alert.type === 'error');

  useEffect(() => {
    if (!hasError) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && listRef.current?.contains(event.target)) return;
      setShaking(true);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [hasError]);

  if (alerts.length === 0) return null;
  return (
    <section
      ref={listRef}
      aria-label={t('alert.region')}
      className="fixed inset-x-0 top-4 z-50 mx-auto flex w-[calc(100%-2rem)] max-w-lg flex-col gap-2"
    >
      {alerts.map((alert) => (
        <StoredAlert
          key={alert.id}
          alert={alert}
          shaking={shaking && alert.type === 'error'}
          onShakeEnd={() => setShaking(false)}
        />
      ))}
    </section>
  );
}
