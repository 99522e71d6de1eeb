import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerSecret } from './secrets.ts';

describe('the server secret', () => {
  it('is generated once under DATA_DIR, readable by the owner only, and kept across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-secret-'));
    try {
      const first = await loadServerSecret({ dataDir });
      const second = await loadServerSecret({ dataDir });
      expect(first.length).toBe(32);
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
      const info = await stat(path.join(dataDir, 'secrets', 'server.key'));
      expect(info.mode & 0o777).toBe(0o600);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uses the configured one when given', async () => {
    const configured = 'a-configured-secret-shared-by-every-node';
    const secret = await loadServerSecret({ configured, dataDir: '/nonexistent' });
    expect(new TextDecoder().decode(secret)).toBe(configured);
  });
});
