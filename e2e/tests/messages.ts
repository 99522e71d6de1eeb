import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxLine {
  channel: 'sms' | 'email';
  to: string;
  text: string;
}

/** The six-digit code of the last SMS the portal wrote to its outbox for a number. */
export async function lastSmsCodeTo(phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const file = path.join(process.env.E2E_DATA_DIR!, 'outbox.jsonl');
      const lines = (await readFile(file, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxLine);
      code = lines
        .filter((line) => line.channel === 'sms' && line.to === phone)
        .at(-1)
        ?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The reset link of the last e-mail the test SMTP server received for an address. */
export async function lastResetLinkTo(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${process.env.E2E_MAIL_URL}/messages`);
      const messages = (await response.json()) as { text?: string; to?: { address: string }[] }[];
      const email = messages.filter((message) => message.to?.some((to) => to.address === address)).at(-1);
      link = email?.text?.match(/https?:\/\/\S+\/resetarsenha\/[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** The provisional password of the last first-access invitation the test SMTP server received for an address. */
export async function lastInvitationPasswordTo(address: string): Promise<string> {
  let password: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${process.env.E2E_MAIL_URL}/messages`);
        const messages = (await response.json()) as { text?: string; to?: { address: string }[] }[];
        const email = messages.filter((message) => message.to?.some((to) => to.address === address)).at(-1);
        password = email?.text?.match(/Senha provisória: (\S+)/)?.[1];
        return password;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return password!;
}
