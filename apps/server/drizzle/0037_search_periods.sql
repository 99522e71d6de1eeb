-- The posts' search index by week (docs/search.md, "Posts"; docs/performance.md, "Session 21").
-- Two common words seldom found together ('auditoria do estoque': one post in 272 among a million)
-- were found by walking the newest posts one by one, 35,000 of them for a hundred matches (22 ms),
-- or by reading both words' whole lists of the search index (120,000 entries) and fetching all
-- their 3,700 matches to keep the newest. This index holds each post's lexemes as its week's own
-- ('2969 auditor' for 'auditor' in week 2969), as the chat's index holds a message's as its room's:
-- a week's matches cost that week's entries of each word, so the newest weeks are read one by one,
-- newest first, until enough match (the four newest weeks' matches of 'auditoria do estoque' in
-- 0.8 ms). A week is the post's publication date's, counted in whole weeks since 1970.

-- The week of a moment: whole weeks since 1970-01-01 UTC (the seconds since then are the same in
-- every time zone, so this is immutable), and the moment a week starts.
CREATE FUNCTION public.elo_search_period(at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.floor(EXTRACT(epoch FROM at) / 604800)::integer;--> statement-breakpoint
CREATE FUNCTION public.elo_search_period_start(period integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.to_timestamp(period::double precision * 604800);--> statement-breakpoint
-- A post's lexemes as its week's own: '2969 auditor'. No text makes a lexeme with a space; a lexeme
-- past 1,000 bytes is left out, as in the rooms' index (migration 0034).
CREATE FUNCTION public.elo_search_in_period(at timestamptz, value tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.array_to_tsvector(ARRAY(
    SELECT public.elo_search_period(at)::text || ' ' || lexeme
    FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(value)) lexeme
    WHERE pg_catalog.octet_length(lexeme) <= 1000));--> statement-breakpoint
CREATE INDEX "posts_period_search_idx" ON "posts"
  USING gin (public.elo_search_in_period("publish_at", "search_vector")) WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- A query written once as a template, a mark (U+0001, which no lexeme holds) before each lexeme
-- (migration 0038 writes the templates), with the mark replaced: by nothing (the plain query), by
-- a week and a space (a week's query on the week index), or by a room and a space (a room's query
-- on the rooms' index).
CREATE FUNCTION public.elo_search_template_query(template text, label text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.replace(template, pg_catalog.chr(1), label)::tsquery;
