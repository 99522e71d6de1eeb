/**
 * The yardstick for the timeline read on PostgreSQL: a bare Fastify + node-postgres server that
 * serves the same page as `consultaPostagens` with the same work a hand-written server would do —
 * the session statement (session, user, permissions) with its once-a-minute touch, the page
 * statement and, for cards the node does not hold, the card statement (all three taken from the
 * app's repos, so they never drift), the same card cache and presenter — and nothing else: no
 * Drizzle, no contract validation, no i18n, no hooks, no logger, no security headers.
 */
import cookie from '@fastify/cookie';
import { limits } from '@elo/contract/limits';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { sessionCookieName } from '../apps/server/src/platform/http/bind-call.ts';
import { hashToken } from '../apps/server/src/platform/auth/tokens.ts';
import { liveSessionBy, type SessionRow } from '../apps/server/src/platform/auth/session-repo.ts';
import type { Card } from '../apps/server/src/modules/timeline/card.ts';
import { cardOf, cardsSql, type CardRow } from '../apps/server/src/modules/timeline/cards-repo.ts';
import {
  countedPagesAhead,
  entryOf,
  pageStatement,
  type EntryRow,
} from '../apps/server/src/modules/timeline/feed-repo.ts';
import { presentPost } from '../apps/server/src/modules/timeline/wire.ts';

const dialect = new PgDialect();
const touchEveryMs = 60_000;

interface PageBody {
  idPaginaAtual: number;
  qtdRegistrosPorPagina: number;
  idsGrupo?: number[];
  idTipoIgnorar?: number[];
}

/** Starts the bare server on 127.0.0.1 against the same database; answers its address and `stop()`. */
export async function startBareTimelineServer(options: {
  databaseUrl: string;
  idleMinutes: number;
  cardCacheSize: number;
}) {
  // The app's pool settings (db/client.ts), so both servers talk to PostgreSQL the same way.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    options: '-c jit=off -c plan_cache_mode=force_generic_plan -c statement_timeout=5000',
  });
  const session = liveSessionBy.token;
  const cache = new LRUCache<string, Card>({ max: options.cardCacheSize, ttl: 60_000 });
  const app = Fastify();
  await app.register(cookie);

  app.post<{ Body: PageBody }>('/backend/consultaPostagens', async (request, reply) => {
    const token = request.cookies[sessionCookieName];
    const idleSince = new Date(Date.now() - options.idleMinutes * 60_000).toISOString();
    const found = token
      ? await pool.query<SessionRow>({
          name: session.statementName,
          text: session.text,
          values: fillPlaceholders(session.params, { key: hashToken(token), idleSince }),
        })
      : undefined;
    const row = found?.rows[0];
    if (!row) return reply.code(401).send({ message: 'Sessão expirada', error_code: 'SESSION_EXPIRED' });
    if (Date.now() - new Date(row.lastSeenAt).getTime() > touchEveryMs)
      await pool.query('update sessions set last_seen_at = now() where id = $1', [row.sessionId]);

    const { idPaginaAtual: page, qtdRegistrosPorPagina: pageSize } = request.body;
    const offset = (page - 1) * pageSize;
    const window = pageSize * countedPagesAhead + 1;
    const rows = (
      await pool.query<EntryRow & { counted: string }>({
        name: pageStatement.statementName,
        text: pageStatement.text,
        values: fillPlaceholders(pageStatement.params, {
          companyId: row.companyId,
          userId: row.userId,
          requestedGroups: request.body.idsGrupo ?? [],
          ignoredTypes: request.body.idTipoIgnorar ?? [],
          reach: offset + window,
          offset,
          window,
          pageSize,
        }),
      })
    ).rows;

    const entries = rows.map((entry) => entryOf(entry, row.userId));
    const cards = new Map<number, Card>();
    const missing: number[] = [];
    for (const entry of entries) {
      const card = cache.get(`${entry.id}:${entry.version}`);
      if (card) cards.set(entry.id, card);
      else missing.push(entry.id);
    }
    if (missing.length > 0) {
      const scope = { companyId: row.companyId, userId: row.userId };
      const query = dialect.sqlToQuery(cardsSql(scope, missing, limits.pageSize.comments));
      for (const cardRow of (await pool.query<CardRow>(query.sql, query.params)).rows) {
        const card = cardOf(cardRow);
        cache.set(`${cardRow.id}:${cardRow.version}`, card);
        cards.set(cardRow.id, card);
      }
    }
    return {
      data: {
        listPostagens: entries.flatMap((entry) => {
          const card = cards.get(entry.id);
          return card ? [presentPost({ card, viewer: entry.viewer })] : [];
        }),
        idPaginaAtual: page,
        qtdRegistrosPorPagina: pageSize,
        qtdTotalRegistros: offset + Number(rows[0]?.counted ?? 0),
      },
    };
  });

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    async stop() {
      await app.close();
      await pool.end();
    },
  };
}
