import escapeHtml from 'escape-html';
import type { Language } from '@elo/contract/enums';
import { formatDateTime } from '../../platform/i18n.ts';
import { linkEmailHtml } from '../../platform/mail-layout.ts';

/** What a fired reminder says, in each language the portal speaks (the person's, users.language). */
const texts = {
  'pt-BR': {
    subject: (title: string) => `Lembrete: ${title}`,
    greeting: (name: string) => `Olá, ${name}!`,
    due: (when: string) => `Seu lembrete de ${when} chegou:`,
    button: 'Ver meus lembretes',
    note: 'Você recebe este e-mail porque pediu aviso por e-mail neste lembrete.',
    /** The bell's text when the reminder has no description. */
    bellBody: (when: string) => `Lembrete de ${when}`,
  },
  en: {
    subject: (title: string) => `Reminder: ${title}`,
    greeting: (name: string) => `Hello, ${name}!`,
    due: (when: string) => `Your reminder for ${when} is due:`,
    button: 'See my reminders',
    note: 'You receive this e-mail because you asked for an e-mail notice on this reminder.',
    bellBody: (when: string) => `Reminder for ${when}`,
  },
  es: {
    subject: (title: string) => `Recordatorio: ${title}`,
    greeting: (name: string) => `¡Hola, ${name}!`,
    due: (when: string) => `Llegó tu recordatorio del ${when}:`,
    button: 'Ver mis recordatorios',
    note: 'Recibes este correo porque pediste aviso por correo en este recordatorio.',
    bellBody: (when: string) => `Recordatorio del ${when}`,
  },
} satisfies Record<Language, unknown>;

/** The bell's text of a fired reminder: its description, or when it was due. */
export function reminderBellBody(language: Language, description: string | null, at: Date): string {
  return description ?? texts[language].bellBody(formatDateTime(at, language));
}

/** The e-mail of a fired reminder: plain text and HTML, with a link to the person's reminders. */
export function reminderEmail(options: {
  language: Language;
  personName: string;
  companyName: string;
  title: string;
  description: string | null;
  at: Date;
  link: string;
}) {
  const text = texts[options.language];
  const when = formatDateTime(options.at, options.language);
  const html = linkEmailHtml({
    language: options.language,
    companyName: options.companyName,
    logoCid: null,
    greeting: text.greeting(options.personName),
    paragraphsHtml: [
      escapeHtml(text.due(when)),
      `<strong>${escapeHtml(options.title)}</strong>`,
      ...(options.description ? [escapeHtml(options.description)] : []),
    ],
    button: text.button,
    link: options.link,
    note: text.note,
  });
  const plain = [
    text.greeting(options.personName),
    '',
    text.due(when),
    options.title,
    ...(options.description ? ['', options.description] : []),
    '',
    options.link,
    '',
    text.note,
    options.companyName,
  ].join('\n');
  return { subject: text.subject(options.title), text: plain, html };
}
