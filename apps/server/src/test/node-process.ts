import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A TCP port nobody listens on now, for a server a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server process a test started: its address, the process, and how to stop it. */
export interface NodeProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Stops the process (SIGTERM, as a deployment does) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * `npm start` as a deployment runs it: main.ts in a process of its own on a free port, with its
 * own data folder and `env` on top of this process's; answers once /readyz does.
 */
export async function startNodeProcess(options: {
  name: string;
  env: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<NodeProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `elo-node-${options.name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...options.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`node ${options.name} exited with ${child.exitCode}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, port, child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`node ${options.name} not ready in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
