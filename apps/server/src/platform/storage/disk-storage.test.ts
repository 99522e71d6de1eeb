import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './media-storage.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'elo-disk-storage-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A body that breaks off after its first bytes, as an upload cut short does. */
function brokenBody() {
  return Readable.from(
    (async function* () {
      yield Buffer.from('o começo de um arquivo');
      throw new Error('the upload broke off');
    })(),
  );
}

describe('disk storage', () => {
  it('stores a whole file under its key', async () => {
    const storage = createDiskStorage(root);
    await storage.put('1/posts/inteiro.txt', Buffer.from('conteúdo'));
    expect((await storage.read('1/posts/inteiro.txt')).toString()).toBe('conteúdo');
  });

  it('leaves nothing behind when the body fails, even while its file is still being opened', async () => {
    const storage = createDiskStorage(root);
    // A body that fails at once can end the write before the file is open (which then creates
    // it): one attempt in some dozens did, on this machine. Every one must leave nothing.
    const outcomes = new Set<string>();
    for (let index = 0; index < 300; index += 1) {
      outcomes.add(
        await storage.put(`2/posts/cortado-${index}.txt`, brokenBody()).then(
          () => 'stored',
          (error: Error) => error.message,
        ),
      );
    }
    expect(outcomes).toEqual(new Set(['the upload broke off']));
    expect(await readdir(path.join(root, '2/posts'))).toEqual([]);
  });
});
