/**
 * A real SMTP server for the browser tests, run beside the portal: it keeps what it receives and
 * shows it as JSON on GET /messages, so a test can open the link an e-mail carries.
 */
import { createServer } from 'node:http';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 3225);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3226);
const messages: Pick<Email, 'subject' | 'text' | 'html' | 'to'>[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks)).then(
        ({ subject, text, html, to }) => {
          messages.push({ subject, text, html, to });
          callback();
        },
        (error: Error) => callback(error),
      );
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  if (request.url === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(request.url === '/ready' ? 200 : 404).end();
}).listen(httpPort, '127.0.0.1');
