import escapeHtml from 'escape-html';
import type { DigestFrequency, NotificationRow } from './repo.ts';

// In Portuguese: a person's language is not stored, and it is the product's language.
const texts = {
  subject: { daily: 'resumo diário das suas notificações', weekly: 'resumo semanal das suas notificações' },
  greeting: (name: string) => `Olá, ${name}!`,
  intro: (count: number) =>
    count === 1
      ? 'Você tem 1 notificação que ainda não viu no portal:'
      : `Você tem ${count} notificações que ainda não viu no portal:`,
  open: 'Abrir no portal',
  footer: 'Você recebe este resumo porque o escolheu nas preferências de notificação do portal.',
};

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** The digest e-mail: plain text and HTML, one entry per notification with a link to its target. */
export function digestEmail(options: {
  frequency: DigestFrequency;
  personName: string;
  companyName: string;
  publicUrl: string;
  items: NotificationRow[];
}) {
  const base = options.publicUrl.replace(/\/+$/, '');
  const items = options.items.map((row) => ({
    title: row.title,
    body: row.body,
    when: timeFormat.format(row.createdAt),
    url: row.link ? `${base}${row.link}` : null,
  }));
  const company = escapeHtml(options.companyName);
  const entries = items
    .map(
      (item) => `<li style="margin:0 0 16px">
<p style="margin:0;font-size:16px;font-weight:bold">${escapeHtml(item.title)}</p>
${item.body ? `<p style="margin:4px 0 0;font-size:15px;line-height:1.5">${escapeHtml(item.body)}</p>` : ''}
<p style="margin:4px 0 0;font-size:13px;color:#4b5563">${escapeHtml(item.when)}${
        item.url
          ? ` · <a href="${escapeHtml(item.url)}" style="color:#1d4ed8">${escapeHtml(texts.open)}</a>`
          : ''
      }</p>
</li>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td><p style="font-size:14px;color:#4b5563;margin:0">${company}</p>
<h1 style="font-size:20px;margin:16px 0">${escapeHtml(texts.greeting(options.personName))}</h1>
<p style="font-size:16px;line-height:1.5">${escapeHtml(texts.intro(items.length))}</p>
<ul style="padding-left:20px">${entries}</ul>
<p style="font-size:13px;color:#4b5563">${escapeHtml(texts.footer)}</p>
</td></tr></table></body></html>`;
  const plain = [
    texts.greeting(options.personName),
    '',
    texts.intro(items.length),
    '',
    ...items.flatMap((item) => [
      `- ${item.title}`,
      ...(item.body ? [`  ${item.body}`] : []),
      `  ${item.when}${item.url ? ` · ${item.url}` : ''}`,
      '',
    ]),
    texts.footer,
    '',
    options.companyName,
  ].join('\n');
  return { subject: `${options.companyName}: ${texts.subject[options.frequency]}`, text: plain, html };
}
