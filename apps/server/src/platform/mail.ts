import type { Logger } from './logger.ts';
import nodemailer from 'nodemailer';
import { DeliveryError } from './delivery-error.ts';
import { appendToOutbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Inline images referenced from the HTML as cid:<cid>. */
  inlineImages?: { cid: string; filename: string; content: Buffer }[];
}

export interface MailSender {
  /** Hands the message over; throws DeliveryError when the server refused or could not be reached. */
  send(message: MailMessage): Promise<void>;
}

/** E-mail through SMTP (nodemailer) when configured, else into the outbox file. */
export function createMailSender(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: Logger;
}): MailSender {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        await appendToOutbox(options.dataDir, {
          channel: 'email',
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        options.log.info({ channel: 'email', subject: message.subject }, 'e-mail written to the outbox');
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.inlineImages?.map((image) => ({
            cid: image.cid,
            filename: image.filename,
            content: image.content,
          })),
        });
      } catch (error) {
        throw new DeliveryError('the SMTP server did not take the message', { cause: error });
      }
    },
  };
}
