import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

export interface LoadFailedAlertProps {
  /** What went wrong (the server's message). */
  children: ReactNode;
  /** Asks again; without it the alert offers no retry. */
  onRetry?: () => void;
  /** Set while the retry runs: its button shows a spinner and waits. */
  retrying?: boolean;
}

/** Loading some data failed: the error, and a button to try again. */
export function LoadFailedAlert({ children, onRetry, retrying }: LoadFailedAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      title={t('apiErrors.loadData')}
      actions={onRetry && <RetryButton onRetry={onRetry} retrying={retrying} />}
    >
      {children}
    </Alert>
  );
}

/** The small 'Tentar novamente' button of an alert about something that failed to load. */
export function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
      {t('common.retry')}
    </Button>
  );
}
