/**
 * A CPU profile of this process's main thread (the server's, in the benchmarks) over a measured
 * run, written as a `.cpuprofile` that Chrome's DevTools open, and summarised by where the
 * sampled time went: the functions with the most self time, and the packages they belong to.
 * Start it with BENCH_CPU_PROFILE=<file> on a benchmark that supports it.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Starts sampling the main thread every 100 µs; `stop(file)` writes the profile and gives its summary. */
export async function startCpuProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      session.disconnect();
      await writeFile(file, JSON.stringify(profile));
      return summariseProfile(profile);
    },
  };
}

/** The package (or `app:` folder) a script belongs to, from its URL. */
function ownerOf(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return 'node';
  const app = /\/(apps\/\w+\/src\/[\w-]+(?:\/[\w-]+)?|packages\/\w+\/src|bench)\//.exec(url);
  return app ? `app:${app[1]}` : url;
}

/** Self time (ms and share) per function and per package, largest first. */
export function summariseProfile(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  let total = 0;
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const { callFrame } = byId.get(id)!;
    total += micros;
    const where = callFrame.url
      ? `${callFrame.url.replace(/^.*\/(node_modules|main)\//, '')}:${callFrame.lineNumber + 1}`
      : '';
    const name = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const owner = ownerOf(callFrame.url);
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
  }
  const rank = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({
        name,
        ms: Math.round(micros / 100) / 10,
        share: `${Math.round((micros / total) * 1000) / 10}%`,
      }));
  return { sampledMs: Math.round(total / 1000), functions: rank(functions), packages: rank(owners) };
}
