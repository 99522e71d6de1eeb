import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatCloseCode, ChatEventType, ChatRequestType, chatSocketPath } from '@elo/contract/chat';
import { ChatClient } from './test/chat-client.ts';

const serverEntry = path.resolve(import.meta.dirname, 'main.ts');

/** Starts the real server process and resolves once it listens. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Elo is serving')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // A server that is expected to fail never listens; that is not an unhandled error.
  listening.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, listening, exited, output: () => output };
}

describe('the server process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const server = startServer({ PORT: 'not-a-port', DATA_DIR: path.join(tmpdir(), 'elo-never') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\n\s+PORT:/);
  });

  it(
    'migrates, seeds, serves, logs JSON without secrets, and on SIGTERM finishes requests in flight and closes chat sockets with 1001',
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-main-'));
      const port = 3900 + Math.floor(Math.random() * 500);
      const server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        HASH_CONCURRENCY: '1',
        LOG_LEVEL: 'info',
      });
      try {
        await server.listening;
        const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
        const body = JSON.stringify({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' });
        // A chat socket, signed in, open when the server is told to stop.
        const signedIn = await fetch(`http://127.0.0.1:${port}/backend/doLogin`, {
          method: 'POST',
          headers,
          body,
        });
        const { tokenChat } = ((await signedIn.json()) as { data: { tokenChat: string } }).data;
        const chat = await ChatClient.connect(`ws://127.0.0.1:${port}${chatSocketPath}`, tokenChat);
        chat.send({ idTipo: ChatRequestType.presence, idSala: 0 });
        await chat.waitFor((frame) => frame.idTipo === ChatEventType.presence, { timeoutMs: 30_000 });
        const received = () => server.output().split('incoming request').length - 1;
        const before = received();
        const inFlight = Array.from({ length: 4 }, () =>
          fetch(`http://127.0.0.1:${port}/backend/doLogin`, { method: 'POST', headers, body }),
        );
        // Wait until the server has received all four, then ask it to stop.
        await expect.poll(received, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 4);
        server.child.kill('SIGTERM');
        const responses = await Promise.all(inFlight);
        expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
        // Told to go away (1001), so the portal reconnects to another node.
        expect((await chat.waitForClose(30_000)).code).toBe(ChatCloseCode.goingAway);
        const tokens = await Promise.all(
          responses.map(
            async (response) => ((await response.json()) as { data: { tokenChat: string } }).data.tokenChat,
          ),
        );
        expect(await server.exited).toBe(0);

        const lines = server.output().trim().split('\n');
        expect(lines.every((line) => JSON.parse(line) !== null)).toBe(true);
        expect(lines.some((line) => JSON.parse(line).reqId)).toBe(true);
        expect(server.output()).toContain('shutting down');
        expect(server.output()).not.toContain('Demo@1234');
        for (const token of [...tokens, tokenChat]) expect(server.output()).not.toContain(token);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
