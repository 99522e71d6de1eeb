import escapeHtml from 'escape-html';
import type { Language } from '@elo/contract/enums';

/**
 * The HTML of an e-mail that leads to one link (the invitation, the password reset): the
 * company's logo and name, a greeting, paragraphs, the button, the link written out for mail
 * programs that hide buttons, and an optional closing note.
 */
export function linkEmailHtml(options: {
  language: Language;
  companyName: string;
  logoCid: string | null;
  greeting: string;
  /** Paragraph contents, as HTML: the caller escapes what it puts in. */
  paragraphsHtml: string[];
  button: string;
  link: string;
  note?: string;
}): string {
  const company = escapeHtml(options.companyName);
  const link = escapeHtml(options.link);
  const logo = options.logoCid
    ? `<img src="cid:${options.logoCid}" alt="${company}" width="56" height="56" style="display:block;border-radius:12px">`
    : '';
  const paragraphs = options.paragraphsHtml
    .map((paragraph) => `<p style="font-size:16px;line-height:1.5">${paragraph}</p>\n`)
    .join('');
  const note =
    options.note === undefined
      ? ''
      : `<p style="font-size:13px;color:#4b5563">${escapeHtml(options.note)}</p>\n`;
  return `<!doctype html>
<html lang="${options.language}"><body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>${logo}<p style="font-size:14px;color:#4b5563;margin:12px 0 0">${company}</p>
<h1 style="font-size:20px;margin:16px 0">${escapeHtml(options.greeting)}</h1>
${paragraphs}<p style="margin:24px 0"><a href="${link}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(options.button)}</a></p>
<p style="font-size:13px;color:#4b5563;word-break:break-all">${link}</p>
${note}</td></tr></table></body></html>`;
}
