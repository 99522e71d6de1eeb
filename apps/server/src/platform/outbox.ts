import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
}

/** Appends a message to DATA_DIR/outbox.jsonl: development and the demo read their e-mails and SMS there. */
export async function appendToOutbox(dataDir: string, entry: OutboxEntry): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await appendFile(
    path.join(dataDir, 'outbox.jsonl'),
    `${JSON.stringify({ ...entry, at: new Date().toISOString() })}\n`,
  );
}

/** Hides all but the last digits of a number, for logs and screens. */
export function maskPhone(phone: string): string {
  return phone.replace(/\d(?=\d{4})/g, '•');
}
