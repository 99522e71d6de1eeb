/**
 * First-load JavaScript of the login route: the entry chunk, the login page's lazy chunk, and
 * every chunk they import statically, gzipped. Budget: 150 KiB (issue 18). Run after `npm run build`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  src?: string;
}

const budgetKiB = 150;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
const loginKey = Object.keys(manifest).find((key) => /login-page\.tsx$/.test(key));
if (!entryKey || !loginKey) throw new Error('entry or login page chunk not found in the manifest');

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key]!;
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(loginKey);

let total = 0;
const rows: string[] = [];
for (const file of files) {
  const gzipped = gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
  total += gzipped;
  rows.push(`  ${(gzipped / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
console.log(`Login route first-load JavaScript (gzip -9):\n${rows.join('\n')}`);
console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KiB  total (budget ${budgetKiB} KiB)`);
if (total / 1024 > budgetKiB) {
  console.error('Over budget.');
  process.exitCode = 1;
}
