/**
 * A real SMTP server for the browser tests, run beside the portal (the server tests' own catcher):
 * it shows what it received as JSON on GET /messages, so a test can open the link an e-mail carries.
 */
import { createServer } from 'node:http';
import { startSmtpCatcher } from '../../apps/server/src/test/message-catchers.ts';

const smtp = await startSmtpCatcher(Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 3225));

createServer((request, response) => {
  if (request.url === '/messages') {
    const messages = smtp.messages.map(({ subject, text, to }) => ({ subject, text, to }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(request.url === '/ready' ? 200 : 404).end();
}).listen(Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3226), '127.0.0.1');
