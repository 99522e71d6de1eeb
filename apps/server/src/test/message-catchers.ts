import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in-process that keeps every message it receives, parsed (on any free port by default). */
export async function startSmtpCatcher(port = 0) {
  const messages: Email[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            messages.push(email);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedSms {
  to: string;
  message: string;
  authorization: string | undefined;
}

/** A real HTTP server standing in for an SMS gateway: it keeps what it is sent, or fails when told. */
export async function startSmsGateway(token: string) {
  const received: ReceivedSms[] = [];
  const state = { failing: false };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (state.failing) {
        response.writeHead(502).end();
        return;
      }
      const parsed = JSON.parse(body) as { to: string; message: string };
      received.push({ ...parsed, authorization: request.headers.authorization });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    token,
    received,
    state,
    /** The six-digit code of the last SMS sent to a number. */
    lastCodeTo(phone: string): string {
      const sms = received.filter((entry) => entry.to === phone).at(-1);
      const code = sms?.message.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was sent to ${phone}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
