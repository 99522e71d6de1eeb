import escapeHtml from 'escape-html';
import type { Language } from '@elo/contract/enums';
import { linkEmailHtml } from '../../platform/mail-layout.ts';

/** The first-access invitation, in each language the portal speaks. */
const texts = {
  'pt-BR': {
    subject: (company: string) => `${company}: seu acesso ao portal`,
    greeting: (name: string) => `Olá, ${name}!`,
    body: 'Seu acesso ao portal foi criado. No primeiro acesso, entre com o login e a senha provisória abaixo e a sua data de nascimento; em seguida você cria a sua própria senha.',
    login: 'Login',
    password: 'Senha provisória',
    passwordFromAdmin: 'a que o administrador informou a você',
    button: 'Fazer o primeiro acesso',
  },
  en: {
    subject: (company: string) => `${company}: your access to the portal`,
    greeting: (name: string) => `Hello, ${name}!`,
    body: 'Your access to the portal was created. On your first access, sign in with the login and provisional password below and your birth date; then you create your own password.',
    login: 'Login',
    password: 'Provisional password',
    passwordFromAdmin: 'the one your administrator gave you',
    button: 'Make your first access',
  },
  es: {
    subject: (company: string) => `${company}: tu acceso al portal`,
    greeting: (name: string) => `¡Hola, ${name}!`,
    body: 'Se creó tu acceso al portal. En el primer acceso, entra con el login y la contraseña provisional de abajo y tu fecha de nacimiento; después creas tu propia contraseña.',
    login: 'Login',
    password: 'Contraseña provisional',
    passwordFromAdmin: 'la que te informó el administrador',
    button: 'Hacer el primer acceso',
  },
} satisfies Record<Language, unknown>;

/** The invitation to first access: plain text and HTML, with the company's name and logo. */
export function invitationEmail(options: {
  language: Language;
  personName: string;
  companyName: string;
  login: string;
  /** The provisional password, when this save set it; else the text says the administrator has it. */
  provisionalPassword: string | null;
  link: string;
  logoCid: string | null;
}) {
  const text = texts[options.language];
  const password = options.provisionalPassword ?? text.passwordFromAdmin;
  const html = linkEmailHtml({
    language: options.language,
    companyName: options.companyName,
    logoCid: options.logoCid,
    greeting: text.greeting(options.personName),
    paragraphsHtml: [
      escapeHtml(text.body),
      `${escapeHtml(text.login)}: <strong>${escapeHtml(options.login)}</strong><br>
${escapeHtml(text.password)}: <strong>${escapeHtml(password)}</strong>`,
    ],
    button: text.button,
    link: options.link,
  });
  const plain = [
    text.greeting(options.personName),
    '',
    text.body,
    '',
    `${text.login}: ${options.login}`,
    `${text.password}: ${password}`,
    '',
    options.link,
    '',
    options.companyName,
  ].join('\n');
  return { subject: text.subject(options.companyName), text: plain, html };
}
