import escapeHtml from 'escape-html';
import type { Language } from '@elo/contract/enums';
import { linkEmailHtml } from '../../platform/mail-layout.ts';

/** The status names an e-mail writes, in each language the portal speaks. */
const statusNames: Record<Language, Record<string, string>> = {
  'pt-BR': {
    ABERTO: 'Aberto',
    EM_ANDAMENTO: 'Em andamento',
    AGUARDANDO_COLABORADOR: 'Aguardando você',
    RESOLVIDO: 'Resolvido',
    FECHADO: 'Fechado',
  },
  en: {
    ABERTO: 'Open',
    EM_ANDAMENTO: 'In progress',
    AGUARDANDO_COLABORADOR: 'Waiting for you',
    RESOLVIDO: 'Resolved',
    FECHADO: 'Closed',
  },
  es: {
    ABERTO: 'Abierto',
    EM_ANDAMENTO: 'En curso',
    AGUARDANDO_COLABORADOR: 'Esperando tu respuesta',
    RESOLVIDO: 'Resuelto',
    FECHADO: 'Cerrado',
  },
};

const texts = {
  'pt-BR': {
    subject: (protocol: string) => `Chamado ${protocol}: o RH respondeu`,
    statusSubject: (protocol: string, status: string) => `Chamado ${protocol}: ${status}`,
    greeting: (name: string) => `Olá, ${name}!`,
    answer: (protocol: string, subject: string) =>
      `O RH respondeu ao seu chamado ${protocol} (${subject}). Abra o portal para ler a resposta.`,
    status: (protocol: string, subject: string, status: string) =>
      `O seu chamado ${protocol} (${subject}) agora está: ${status}.`,
    button: 'Ver o chamado',
    note: 'Por confidencialidade, o conteúdo da conversa fica só no portal.',
  },
  en: {
    subject: (protocol: string) => `Ticket ${protocol}: HR answered`,
    statusSubject: (protocol: string, status: string) => `Ticket ${protocol}: ${status}`,
    greeting: (name: string) => `Hello, ${name}!`,
    answer: (protocol: string, subject: string) =>
      `HR answered your ticket ${protocol} (${subject}). Open the portal to read the answer.`,
    status: (protocol: string, subject: string, status: string) =>
      `Your ticket ${protocol} (${subject}) is now: ${status}.`,
    button: 'See the ticket',
    note: 'For confidentiality, the conversation itself stays in the portal.',
  },
  es: {
    subject: (protocol: string) => `Ticket ${protocol}: RR. HH. respondió`,
    statusSubject: (protocol: string, status: string) => `Ticket ${protocol}: ${status}`,
    greeting: (name: string) => `¡Hola, ${name}!`,
    answer: (protocol: string, subject: string) =>
      `RR. HH. respondió a tu ticket ${protocol} (${subject}). Abre el portal para leer la respuesta.`,
    status: (protocol: string, subject: string, status: string) =>
      `Tu ticket ${protocol} (${subject}) ahora está: ${status}.`,
    button: 'Ver el ticket',
    note: 'Por confidencialidad, la conversación queda solo en el portal.',
  },
} satisfies Record<Language, unknown>;

/**
 * The e-mail that tells a requester HR answered or moved their ticket, with a link that opens it.
 * It never carries the messages themselves: the portal is where they are read.
 */
export function ticketUpdateEmail(options: {
  language: Language;
  kind: 'answer' | 'status';
  personName: string;
  companyName: string;
  protocol: string;
  subjectName: string;
  status: string;
  link: string;
}) {
  const text = texts[options.language];
  const status = statusNames[options.language][options.status] ?? options.status;
  const line =
    options.kind === 'answer'
      ? text.answer(options.protocol, options.subjectName)
      : text.status(options.protocol, options.subjectName, status);
  const subject =
    options.kind === 'answer' ? text.subject(options.protocol) : text.statusSubject(options.protocol, status);
  return {
    subject,
    text: `${text.greeting(options.personName)}\n\n${line}\n\n${text.button}: ${options.link}\n\n${text.note}\n`,
    html: linkEmailHtml({
      language: options.language,
      companyName: options.companyName,
      logoCid: null,
      greeting: text.greeting(options.personName),
      paragraphsHtml: [escapeHtml(line)],
      button: text.button,
      link: options.link,
      note: text.note,
    }),
  };
}
