/**
 * Prints `explain (analyze, buffers)` of buscaGeral's page statement for Maria and a term, on the
 * database of DATABASE_URL (a benchmark's kept database): `node --import tsx explain-search.ts manutencao`.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { visibleTo } from '../apps/server/src/modules/announcements/repo.ts';
import { memberMessageSql } from '../apps/server/src/modules/chat/messages/repo.ts';
import { directoryPersonSql } from '../apps/server/src/modules/chat/people/repo.ts';
import { ownTicketSql } from '../apps/server/src/modules/hr-tickets/repo/tickets.ts';
import { pageStatement } from '../apps/server/src/modules/search/repo.ts';
import { readTerms } from '../apps/server/src/modules/search/search.ts';
import { audienceSurveySql } from '../apps/server/src/modules/surveys/repo/surveys.ts';
import { visiblePostSql } from '../apps/server/src/modules/timeline/feed-repo.ts';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
// As the app's pool: no JIT, generic plans (db/client.ts).
await client.query('set jit = off');
await client.query('set plan_cache_mode = force_generic_plan');
const maria = await client.query<{ id: number; company_id: number }>(
  `select id, company_id from users where email = 'maria.silva@demo.elo'`,
);
const scope = { userId: maria.rows[0]!.id, companyId: maria.rows[0]!.company_id };
const term = process.argv.slice(2).join(' ') || 'manutencao';
const statement = pageStatement(
  scope,
  { terms: readTerms(term), kinds: [], page: { number: 1, size: 20 } },
  {
    post: visiblePostSql,
    person: directoryPersonSql,
    message: memberMessageSql,
    announcement: (s) => visibleTo(s.companyId, s.userId),
    survey: audienceSurveySql,
    ticket: ownTicketSql,
  },
);
const query = new PgDialect().sqlToQuery(sql`explain (analyze, buffers) ${statement}`);
const plan = await client.query(query.sql, query.params);
console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
await client.end();
