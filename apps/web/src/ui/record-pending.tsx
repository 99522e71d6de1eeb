import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { PageSpinner } from './spinner.tsx';

export interface RecordPendingProps {
  /** The page's header, shown while it waits (a PageHeader or PageHeading with the edit title). */
  header: ReactNode;
  /** Set once loading the record failed: shown under the header instead of the spinner. */
  error: Error | null;
  errorTitle: string;
  loadingLabel: string;
}

/** An edit page waiting for its record: its header, then a spinner, or the error when loading failed. */
export function RecordPending({ header, error, errorTitle, loadingLabel }: RecordPendingProps) {
  return (
    <>
      {header}
      {error ? (
        <Alert type="error" title={errorTitle}>
          {error.message}
        </Alert>
      ) : (
        <PageSpinner label={loadingLabel} />
      )}
    </>
  );
}
