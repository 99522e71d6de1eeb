import escapeHtml from 'escape-html';
import type { Language } from '@elo/contract/enums';
import { linkEmailHtml } from '../../platform/mail-layout.ts';

/** What the account flows send, in each language the portal speaks. */
const texts = {
  'pt-BR': {
    smsCode: (code: string) =>
      `Elo: seu código de verificação é ${code}. Ele vale por 10 minutos. Não o compartilhe com ninguém.`,
    resetSubject: (company: string) => `${company}: crie uma nova senha`,
    resetGreeting: (name: string) => `Olá, ${name}!`,
    resetBody:
      'Recebemos um pedido para criar uma nova senha no portal. Use o link abaixo; ele vale por 60 minutos e só pode ser usado uma vez.',
    resetButton: 'Criar nova senha',
    resetIgnore: 'Se você não fez este pedido, ignore este e-mail: a sua senha continua a mesma.',
  },
  en: {
    smsCode: (code: string) =>
      `Elo: your verification code is ${code}. It is valid for 10 minutes. Do not share it with anyone.`,
    resetSubject: (company: string) => `${company}: create a new password`,
    resetGreeting: (name: string) => `Hello, ${name}!`,
    resetBody:
      'We received a request to create a new password on the portal. Use the link below; it is valid for 60 minutes and can be used only once.',
    resetButton: 'Create a new password',
    resetIgnore: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
  },
  es: {
    smsCode: (code: string) =>
      `Elo: tu código de verificación es ${code}. Vale por 10 minutos. No lo compartas con nadie.`,
    resetSubject: (company: string) => `${company}: crea una nueva contraseña`,
    resetGreeting: (name: string) => `¡Hola, ${name}!`,
    resetBody:
      'Recibimos una solicitud para crear una nueva contraseña en el portal. Usa el enlace de abajo; vale por 60 minutos y solo se puede usar una vez.',
    resetButton: 'Crear nueva contraseña',
    resetIgnore: 'Si no hiciste esta solicitud, ignora este correo: tu contraseña sigue siendo la misma.',
  },
} satisfies Record<Language, unknown>;

/** The SMS that carries a code. */
export function smsCodeText(language: Language, code: string): string {
  return texts[language].smsCode(code);
}

/** The password-reset e-mail: plain text and HTML, with the company's name and logo. */
export function passwordResetEmail(options: {
  language: Language;
  personName: string;
  companyName: string;
  link: string;
  logoCid: string | null;
}) {
  const text = texts[options.language];
  const html = linkEmailHtml({
    language: options.language,
    companyName: options.companyName,
    logoCid: options.logoCid,
    greeting: text.resetGreeting(options.personName),
    paragraphsHtml: [escapeHtml(text.resetBody)],
    button: text.resetButton,
    link: options.link,
    note: text.resetIgnore,
  });
  const plain = [
    text.resetGreeting(options.personName),
    '',
    text.resetBody,
    '',
    options.link,
    '',
    text.resetIgnore,
    '',
    options.companyName,
  ].join('\n');
  return { subject: text.resetSubject(options.companyName), text: plain, html };
}
