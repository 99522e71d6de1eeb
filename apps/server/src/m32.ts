import { openDatabase } from '/work/wt-32/apps/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
const url = process.argv[2];
const h = await openDatabase({ databaseUrl: url, dataDir: '/tmp/m32', inMemory: true });
await h.migrate();
const q = async (s: any) => ((await h.db.execute(s)) as any).rows;
for (const [doc, words] of [['Estação de trem', ['estacoes']], ['Manutenção do ar', ['manutencao']], ['Comunicado geral', ['comuni']], ['Reuniões mensais', ['reuniao']], ['The meetings are running', ['meeting']], ['Reunión de equipo', ['reunion']], ['Férias coletivas', ['ferias','colet']]] as const) {
  console.log(doc, words, JSON.stringify(await q(sql`select public.elo_search_vector(${doc}) @@ public.elo_search_query(${sql.param(words)}::text[]) m, public.elo_search_query(${sql.param(words)}::text[])::text q`)));
}
console.log(JSON.stringify(await q(sql`select word_similarity('joao silv', public.elo_search_fold('João da Silva')) w, public.elo_search_fold('João da Silva') f`)));
await h.close();
