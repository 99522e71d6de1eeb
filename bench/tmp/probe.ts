import autocannon from 'autocannon';
import { jsonHeaders as headers, startBenchServer } from '../bench-server.ts';
const server = await startBenchServer();
const cookie = await server.cookieFor('maria.silva@demo.elo');
for (const [call, body] of [['recuperaPermissoesUsuario', {}], ['consultaPostagens', { idPaginaAtual: 1, qtdRegistrosPorPagina: 10, idsGrupo: [], idTipoIgnorar: [7] }]] as const) {
  const r = await autocannon({ url: `${server.address}/backend/${call}`, method: 'POST', connections: 50, duration: 8, workers: 1, headers: { ...headers, cookie }, body: JSON.stringify(body) });
  console.log(call, Math.round(r.requests.average), r.latency.p50, r.latency.p99, r.non2xx, 'bytes/req', Math.round(r.throughput.average / r.requests.average));
}
await server.stop();
