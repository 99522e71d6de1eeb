import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api-client.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** Whether a save was refused because the record changed since it was read (409 REGISTRO_ALTERADO). */
export function isStaleRecord(error: unknown): error is ApiError {
  return error instanceof ApiError && error.errorCode === 'REGISTRO_ALTERADO';
}

/**
 * A form's stale-record state: the server's message once a save was refused with 409
 * REGISTRO_ALTERADO (null until then), and the reload that reads the record again, puts its
 * current values in the form (`apply`) and clears the message. What was typed stays until then.
 */
export function useStaleRecord<T>(reload: () => Promise<T | null | undefined>, apply: (fresh: T) => void) {
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const reloadRecord = async () => {
    const fresh = await reload();
    if (!fresh) return;
    apply(fresh);
    setStaleMessage(null);
  };
  return { staleMessage, setStaleMessage, reloadRecord };
}

/**
 * Says that someone else saved the record since this form read it (the server's message) and
 * offers to read it again. What the person typed stays in the form until they choose to reload.
 */
export function StaleRecordAlert({
  message,
  onReload,
  className,
}: {
  message: string;
  /** Reads the record again and puts its current values in the form. */
  onReload: () => Promise<unknown>;
  className?: string;
}) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };
  return (
    <Alert
      type="warning"
      title={t('common.staleRecordTitle')}
      className={className}
      actions={
        <Button variant="secondary" loading={reloading} onClick={() => void reload()}>
          {t('common.reloadRecord')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
