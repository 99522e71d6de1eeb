import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The server's secret: the configured one, or one generated once and kept in
 * DATA_DIR/secrets/server.key (readable by the owner only), so restarts keep tokens valid.
 */
export async function loadServerSecret(options: {
  configured?: string | undefined;
  dataDir: string;
}): Promise<Uint8Array> {
  if (options.configured) return new TextEncoder().encode(options.configured);
  const file = path.join(options.dataDir, 'secrets', 'server.key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32);
  // 'wx' fails if another process wrote it first; then that one's secret is the one to use.
  await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
}
