import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { PageHeader } from './page-header.tsx';
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

export interface RecordEditorGateProps<Record> {
  /** The record's id from the address; null when creating. */
  id: number | null;
  /** The query reading the record (idle when creating). */
  record: { data: Record | undefined; error: Error | null };
  /** The page's title while it waits: the edit title. */
  editTitle: string;
  errorTitle: string;
  loadingLabel: string;
  /** The editor, given the record (undefined when creating). */
  children: (record: Record | undefined) => ReactNode;
}

/**
 * A create-or-edit page: creating opens the editor at once; editing waits for the record (or says
 * why it could not be read) under the edit title, then opens the editor with it.
 */
export function RecordEditorGate<Record>({
  id,
  record,
  editTitle,
  errorTitle,
  loadingLabel,
  children,
}: RecordEditorGateProps<Record>) {
  if (id !== null && !record.data) {
    return (
      <RecordPending
        header={<PageHeader title={editTitle} />}
        error={record.error}
        errorTitle={errorTitle}
        loadingLabel={loadingLabel}
      />
    );
  }
  return children(record.data);
}
