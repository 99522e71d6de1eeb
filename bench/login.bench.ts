/**
 * doLogin under load: 8 concurrent clients signing in with the real argon2id hash, while a
 * ninth client keeps calling a cheap authenticated call to show hashing does not starve the API.
 * Run: npm run bench:login -w @elo/bench
 */
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { jsonHeaders as headers, startBenchServer } from './bench-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const server = await startBenchServer();
const { address, config, database } = server;
const cookie = await server.cookieFor('admin@demo.elo');

const storm = autocannon({
  url: `${address}/backend/doLogin`,
  method: 'POST',
  connections: 8,
  duration: seconds,
  headers,
  body: JSON.stringify({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' }),
});
const bystander = autocannon({
  url: `${address}/backend/recuperaPermissoesUsuario`,
  method: 'POST',
  connections: 1,
  duration: seconds,
  headers: { ...headers, cookie },
  body: '{}',
});
const [logins, others] = await Promise.all([storm, bystander]);

const summary = (result: autocannon.Result) => ({
  requestsPerSecond: Math.round(result.requests.average * 10) / 10,
  p50ms: result.latency.p50,
  p99ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});
console.log(
  JSON.stringify(
    {
      database: database.kind,
      cores: availableParallelism(),
      hashConcurrency: config.HASH_CONCURRENCY,
      seconds,
      doLogin8Clients: summary(logins),
      authenticatedCallDuringStorm: summary(others),
    },
    null,
    2,
  ),
);

await server.stop();
