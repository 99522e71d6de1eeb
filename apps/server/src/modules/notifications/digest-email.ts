import escapeHtml from 'escape-html';
import type { Language } from '@elo/contract/enums';
import { formatDateTime } from '../../platform/i18n.ts';
import type { DigestFrequency, NotificationRow } from './repo.ts';

/** The digest's words, in each language the portal speaks (the person's, users.language). */
const textsOf = {
  'pt-BR': {
    subject: { daily: 'resumo diário das suas notificações', weekly: 'resumo semanal das suas notificações' },
    greeting: (name: string) => `Olá, ${name}!`,
    intro: (count: number) =>
      count === 1
        ? 'Você tem 1 notificação que ainda não viu no portal:'
        : `Você tem ${count} notificações que ainda não viu no portal:`,
    open: 'Abrir no portal',
    footer: 'Você recebe este resumo porque o escolheu nas preferências de notificação do portal.',
  },
  en: {
    subject: { daily: 'daily summary of your notifications', weekly: 'weekly summary of your notifications' },
    greeting: (name: string) => `Hello, ${name}!`,
    intro: (count: number) =>
      count === 1
        ? 'You have 1 notification you have not seen in the portal yet:'
        : `You have ${count} notifications you have not seen in the portal yet:`,
    open: 'Open in the portal',
    footer: 'You receive this summary because you chose it in the portal’s notification preferences.',
  },
  es: {
    subject: {
      daily: 'resumen diario de tus notificaciones',
      weekly: 'resumen semanal de tus notificaciones',
    },
    greeting: (name: string) => `¡Hola, ${name}!`,
    intro: (count: number) =>
      count === 1
        ? 'Tienes 1 notificación que aún no viste en el portal:'
        : `Tienes ${count} notificaciones que aún no viste en el portal:`,
    open: 'Abrir en el portal',
    footer: 'Recibes este resumen porque lo elegiste en las preferencias de notificación del portal.',
  },
} satisfies Record<Language, unknown>;

/** The digest e-mail: plain text and HTML, one entry per notification with a link to its target. */
export function digestEmail(options: {
  language: Language;
  frequency: DigestFrequency;
  personName: string;
  companyName: string;
  publicUrl: string;
  items: NotificationRow[];
}) {
  const texts = textsOf[options.language];
  const base = options.publicUrl.replace(/\/+$/, '');
  const items = options.items.map((row) => ({
    title: row.title,
    body: row.body,
    when: formatDateTime(row.createdAt, options.language),
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
<html lang="${options.language}"><body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
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
