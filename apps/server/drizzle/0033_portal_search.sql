-- Portal-wide search (issue 32, docs/search.md). Written by hand (a custom migration): the search
-- columns are not in the Drizzle schema on purpose, so the ORM's selects never fetch a tsvector.
-- PostgreSQL and PGlite alike: unaccent and pg_trgm are trusted contrib extensions, PGlite loads
-- them from @electric-sql/pglite/contrib (db/client.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Portuguese stems of the words without their accents: 'manutencao' and 'manutenção' meet.
CREATE TEXT SEARCH CONFIGURATION public.elo_portuguese (COPY = pg_catalog.portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.elo_portuguese
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH public.unaccent, pg_catalog.portuguese_stem;--> statement-breakpoint
-- The words as written (without accents, unstemmed): English and Spanish words, exact prefixes.
CREATE TEXT SEARCH CONFIGURATION public.elo_simple (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.elo_simple
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
-- The Portuguese stemmer keeps -ção and -ções apart ('estaca' and 'estaco'): plurals in -ões, -ães
-- (and -oes, -aes typed without accents) are read as their singular in -ão before stemming.
CREATE FUNCTION public.elo_search_singular(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.regexp_replace(pg_catalog.regexp_replace(value, '(õe|oe)s\M', 'ao', 'gi'), '(ãe|ae)s\M', 'ao', 'gi');--> statement-breakpoint
-- What an item is found by: its Portuguese stems and its words as written, in one vector.
CREATE FUNCTION public.elo_search_vector(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN pg_catalog.to_tsvector('public.elo_portuguese'::regconfig, public.elo_search_singular(coalesce(value, '')))
    || pg_catalog.to_tsvector('public.elo_simple'::regconfig, coalesce(value, ''));--> statement-breakpoint
-- A name as trigrams compare it: lower case, without accents.
CREATE FUNCTION public.elo_search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, value));--> statement-breakpoint
-- What was typed as a query: every word (its stem or itself as written), the last one as a prefix
-- (typing 'comuni' finds 'comunicado'); Portuguese stop words are not required.
CREATE FUNCTION public.elo_search_query(words text[]) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  result tsquery := ''::tsquery;
  part tsquery;
  word text;
  position int := 0;
  suffix text;
BEGIN
  FOREACH word IN ARRAY words LOOP
    position := position + 1;
    suffix := CASE WHEN position = pg_catalog.cardinality(words) THEN ':*' ELSE '' END;
    part := pg_catalog.to_tsquery('public.elo_portuguese'::regconfig,
      pg_catalog.quote_literal(public.elo_search_singular(word)) || suffix);
    CONTINUE WHEN pg_catalog.numnode(part) = 0;
    part := part || pg_catalog.to_tsquery('public.elo_simple'::regconfig, pg_catalog.quote_literal(word) || suffix);
    result := CASE WHEN pg_catalog.numnode(result) = 0 THEN part ELSE result && part END;
  END LOOP;
  RETURN result;
END
$$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (public.elo_search_vector("text")) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
-- The newest posts first, drafts included: a word with more matches than the search counts is
-- checked on the newest posts walked through this index, which stops at the ceiling (search/repo.ts).
CREATE INDEX "posts_search_recent_idx" ON "posts" ("company_id", "publish_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (public.elo_search_vector("text")) STORED;--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (public.elo_search_vector("title" || ' ' || coalesce("description", ''))) STORED;--> statement-breakpoint
CREATE INDEX "surveys_search_idx" ON "surveys" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (public.elo_search_vector("description")) STORED;--> statement-breakpoint
CREATE INDEX "announcements_search_idx" ON "announcements" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "hr_ticket_messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (public.elo_search_vector("body")) STORED;--> statement-breakpoint
CREATE INDEX "hr_ticket_messages_search_idx" ON "hr_ticket_messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (public.elo_search_fold("name") gin_trgm_ops);
