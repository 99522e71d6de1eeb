import escapeHtml from 'escape-html';
import type { Language } from '@elo/contract/enums';

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
  const company = escapeHtml(options.companyName);
  const link = escapeHtml(options.link);
  const logo = options.logoCid
    ? `<img src="cid:${options.logoCid}" alt="${company}" width="56" height="56" style="display:block;border-radius:12px">`
    : '';
  const html = `<!doctype html>
<html lang="${options.language}"><body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>${logo}<p style="font-size:14px;color:#4b5563;margin:12px 0 0">${company}</p>
<h1 style="font-size:20px;margin:16px 0">${escapeHtml(text.resetGreeting(options.personName))}</h1>
<p style="font-size:16px;line-height:1.5">${escapeHtml(text.resetBody)}</p>
<p style="margin:24px 0"><a href="${link}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(text.resetButton)}</a></p>
<p style="font-size:13px;color:#4b5563;word-break:break-all">${link}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(text.resetIgnore)}</p>
</td></tr></table></body></html>`;
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
