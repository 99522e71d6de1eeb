/**
 * A spreadsheet bomb sent to the import (issue 27, item 3): an XLSX of about 10 MB that holds
 * 2,000,000 rows, about 148 MB of XML. For each server checkout given, in turn (A, B, A, B, …):
 * starts the real server (`apps/server/src/main.ts` of that checkout, PGlite with the demo seed) as
 * a child process, signs in as the demo administrator, sends the import (a simulation) while
 * polling GET /healthz every 100 ms (from 0.5 s before to 1 s after), and reports the time until
 * the answer, its status and code, the /healthz latencies (max, p99) and the server's memory
 * growth: its peak resident size (VmHWM, reset through /proc/<pid>/clear_refs just before) less
 * its resident size before. `--rows 700000` makes a workbook under the 64 MB allowance (52 MB of
 * XML), which the reader streams up to the row limit instead of refusing it from its directory.
 *
 * The workbook is built once, as Excel lays one out ([Content_Types].xml first, so it is told an
 * XLSX from its first bytes), and cached in the temp folder. The machine's load (`uptime`) is
 * printed beside each run, as other work may share the cores.
 *
 *     npm run bench:xlsx-bomb -w @elo/bench
 *     npm run bench:xlsx-bomb -w @elo/bench -- --roots /tmp/xlsx-before,. --rounds 2 [--concurrent 2]
 *
 * `--roots`: checkouts of the project (default: this one; another with node_modules beside it,
 * e.g. a `git worktree` whose node_modules links to this one's); `--rows` (default 2,000,000);
 * `--concurrent`: imports sent at once (default 1).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

const here = path.dirname(new URL(import.meta.url).pathname);
const { values: args } = parseArgs({
  options: {
    roots: { type: 'string', default: path.resolve(here, '..') },
    rounds: { type: 'string', default: '1' },
    rows: { type: 'string', default: '2000000' },
    concurrent: { type: 'string', default: '1' },
    port: { type: 'string', default: '3650' },
  },
});
const roots = args.roots.split(',').map((root) => path.resolve(root));
const rows = Number(args.rows);
const importColumns =
  'matricula nome email tipoLogin celular dtNascimento dtAdmissao unidade filial setor cargo grupos';

// --- The workbook -------------------------------------------------------------------------------

/** One zip entry, deflated, with what its headers need. */
interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

function entryOf(name: string, text: string): ZipEntry {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw, { level: 9 }), crc: crc32(raw), size: raw.length };
}

/** The sheet: the template's header, then `count` rows of one number, deflated as they are made. */
async function sheetEntry(count: number): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  const header = importColumns
    .split(' ')
    .map((name, at) => `<c r="${String.fromCharCode(65 + at)}1" t="inlineStr"><is><t>${name}</t></is></c>`)
    .join('');
  await write(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      `<dimension ref="A1:L${count + 1}"/><sheetData><row r="1" spans="1:12">${header}</row>`,
  );
  for (let from = 2; from <= count + 1; from += 10_000) {
    let text = '';
    for (let row = from; row < Math.min(from + 10_000, count + 2); row++) {
      text += `<row r="${row}" spans="1:1"><c r="A${row}" s="0" t="n"><v>1</v></c></row>`;
    }
    await write(text);
  }
  await write('</sheetData></worksheet>');
  deflate.end();
  await done;
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(chunks), crc, size };
}

/** A zip of the entries, in their order (no data descriptors: sizes in the local headers). */
function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    local.copy(central, 8, 6, 26); // flags, method, time, date, crc, sizes
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const relsNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
const officeRel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

async function buildWorkbook(count: number): Promise<Buffer> {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  return zipOf([
    entryOf(
      '[Content_Types].xml',
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ),
    entryOf(
      '_rels/.rels',
      `${xml}<Relationships xmlns="${relsNs}"><Relationship Id="rId1" Type="${officeRel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    entryOf(
      'xl/workbook.xml',
      `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${officeRel}">` +
        '<sheets><sheet name="Pessoas" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    entryOf(
      'xl/_rels/workbook.xml.rels',
      `${xml}<Relationships xmlns="${relsNs}">` +
        `<Relationship Id="rId1" Type="${officeRel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${officeRel}/styles" Target="styles.xml"/></Relationships>`,
    ),
    await sheetEntry(count),
    entryOf(
      'xl/styles.xml',
      `${xml}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '</styleSheet>',
    ),
  ]);
}

/** The workbook of `count` rows, from the temp folder when it was built before. */
async function cachedWorkbook(count: number): Promise<{ file: string; bytes: Buffer }> {
  const folder = path.join(tmpdir(), 'elo-bench-xlsx');
  const file = path.join(folder, `bomb-${count}-rows.xlsx`);
  if (existsSync(file)) return { file, bytes: await readFile(file) };
  await mkdir(folder, { recursive: true });
  const bytes = await buildWorkbook(count);
  await writeFile(`${file}.part`, bytes);
  await rename(`${file}.part`, file);
  return { file, bytes };
}

// --- The server ---------------------------------------------------------------------------------

async function waitReady(url: string, child: ChildProcess, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error('the server exited before it was ready');
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the server was not ready within ${timeoutMs} ms`);
    await sleep(250);
  }
}

async function stopChild(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A figure of /proc/<pid>/status (VmRSS, VmHWM), in MiB. */
async function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return Math.round(kib / 1024);
}

const load = () =>
  spawnSync('uptime', { encoding: 'utf8' })
    .stdout.trim()
    .replace(/^.*load average/, 'load average');

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function runOnce(root: string, workbook: Buffer, port: number) {
  const commit = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
  }).stdout.trim();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-bench-xlsx-server-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    SEED: 'auto',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${address}/readyz`, child);
    const login = await fetch(`${address}/backend/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ login: 'admin@demo.elo', senha: 'Demo@1234' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    for (let warm = 0; warm < 5; warm++)
      await fetch(`${address}/healthz`).then((response) => response.text());
    await sleep(1_000);
    const pid = child.pid!;
    const rssBefore = await statusMiB(pid, 'VmRSS');
    await writeFile(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the present size
    const machine = load();

    // /healthz every 100 ms from half a second before the import until a second after its answer
    // (so a quick refusal still has polls around it); each poll's time until its answer.
    const latencies: number[] = [];
    const polls: Promise<void>[] = [];
    const poller = setInterval(() => {
      const started = performance.now();
      polls.push(
        fetch(`${address}/healthz`, { signal: AbortSignal.timeout(120_000) })
          .then((response) => response.text())
          .then(
            () => void latencies.push(performance.now() - started),
            () => void latencies.push(performance.now() - started),
          ),
      );
    }, 100);

    const sendOne = async () => {
      const form = new FormData();
      form.append('simular', 'S');
      form.append('flDesativarAusentes', 'N');
      form.append('file', new Blob([new Uint8Array(workbook)]), 'pessoas.xlsx');
      const started = performance.now();
      try {
        const response = await fetch(`${address}/backend/importaUsuariosAdmin`, {
          method: 'POST',
          headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
          body: form,
        });
        const body = (await response.json()) as { error_code?: string; message?: string };
        return {
          status: response.status,
          code: body.error_code,
          message: body.message,
          seconds: Math.round((performance.now() - started) / 10) / 100,
        };
      } catch (error) {
        return {
          status: 0,
          code: String(error),
          seconds: Math.round((performance.now() - started) / 10) / 100,
        };
      }
    };
    await sleep(500);
    const answers = await Promise.all(Array.from({ length: Number(args.concurrent) }, sendOne));
    await sleep(1_000);
    clearInterval(poller);
    await Promise.all(polls);
    const alive = child.exitCode === null && child.signalCode === null;
    const peak = alive ? await statusMiB(pid, 'VmHWM') : NaN;
    const sorted = latencies.sort((a, b) => a - b);
    return {
      root,
      commit,
      machine,
      answers,
      healthz: {
        polls: sorted.length,
        p50Ms: Math.round(percentile(sorted, 0.5)),
        p99Ms: Math.round(percentile(sorted, 0.99)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
      },
      rssBeforeMiB: rssBefore,
      rssPeakMiB: peak,
      rssGrowthMiB: peak - rssBefore,
      serverAlive: alive,
    };
  } finally {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const { file, bytes } = await cachedWorkbook(rows);
console.log(
  JSON.stringify({
    workbook: file,
    rows,
    zipMiB: Math.round((bytes.length / 1024 / 1024) * 100) / 100,
    sheetXmlMB: Math.round(
      bytes.readUInt32LE(bytes.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 22) / 1e6,
    ),
  }),
);
const results = [];
for (let round = 0; round < Number(args.rounds); round++) {
  for (const root of roots) {
    const result = await runOnce(root, bytes, Number(args.port));
    results.push(result);
    console.log(JSON.stringify(result));
  }
}
