import escapeHtml from 'escape-html';
import { linkEmailHtml } from '../../platform/mail-layout.ts';
import { reminderTimeZone } from './recurrence.ts';

// In Portuguese: a person's language is not stored, and it is the product's language.
const texts = {
  subject: (title: string) => `Lembrete: ${title}`,
  greeting: (name: string) => `Olá, ${name}!`,
  due: (when: string) => `Seu lembrete de ${when} chegou:`,
  button: 'Ver meus lembretes',
  note: 'Você recebe este e-mail porque pediu aviso por e-mail neste lembrete.',
  /** The bell's text when the reminder has no description. */
  bellBody: (when: string) => `Lembrete de ${when}`,
};

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: reminderTimeZone,
  dateStyle: 'short',
  timeStyle: 'short',
});

/** When a reminder was due, as a person in São Paulo reads it (dd/MM/yyyy, HH:mm). */
export function formatReminderTime(at: Date): string {
  return timeFormat.format(at);
}

/** The bell's text of a fired reminder: its description, or when it was due. */
export function reminderBellBody(description: string | null, at: Date): string {
  return description ?? texts.bellBody(formatReminderTime(at));
}

/** The e-mail of a fired reminder: plain text and HTML, with a link to the person's reminders. */
export function reminderEmail(options: {
  personName: string;
  companyName: string;
  title: string;
  description: string | null;
  at: Date;
  link: string;
}) {
  const when = formatReminderTime(options.at);
  const html = linkEmailHtml({
    language: 'pt-BR',
    companyName: options.companyName,
    logoCid: null,
    greeting: texts.greeting(options.personName),
    paragraphsHtml: [
      escapeHtml(texts.due(when)),
      `<strong>${escapeHtml(options.title)}</strong>`,
      ...(options.description ? [escapeHtml(options.description)] : []),
    ],
    button: texts.button,
    link: options.link,
    note: texts.note,
  });
  const plain = [
    texts.greeting(options.personName),
    '',
    texts.due(when),
    options.title,
    ...(options.description ? ['', options.description] : []),
    '',
    options.link,
    '',
    texts.note,
    options.companyName,
  ].join('\n');
  return { subject: texts.subject(options.title), text: plain, html };
}
