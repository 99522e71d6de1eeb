-- The lexicon of the posts' search index, and the query of the posts that reads it (docs/search.md,
-- "The lexicon"; docs/performance.md, "Session 20"). The last word typed is a prefix ('orcament':*):
-- the posts' index answers a prefix by collecting every item of every lexeme it starts with into a
-- bitmap before anything else is asked of it, 125,000 items for 'orcament':* among a million posts
-- ('orcament' and 'orcamento'), 24 ms where the same lexemes asked for exactly take 5. Each company's
-- lexicon holds every lexeme its posts have held, so a prefix is read as the exact lexemes it
-- starts with when they are few.
CREATE TABLE public.search_lexicon (
  company_id integer NOT NULL REFERENCES public.companies(id) ON DELETE CASCADE,
  lexeme text COLLATE "C" NOT NULL,
  PRIMARY KEY (company_id, lexeme)
);--> statement-breakpoint
-- Written in the statement that writes the posts, so in its transaction: a post is never in the
-- index without its lexemes in the lexicon. A lexeme already there is not written again (nor
-- locked: posts written at once never wait for each other here). Inserts are read as a whole
-- statement (a bulk insert writes each lexeme once); an update adds its post's lexemes only when
-- it changed the text, so the many updates that do not (a reaction's version, a hide) run nothing.
-- None is taken out: a lexeme no post holds any more costs an empty list of the index, and the
-- lexicon says nothing of which post or person had it.
CREATE FUNCTION public.elo_search_lexicon_inserted() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO public.search_lexicon (company_id, lexeme)
    SELECT DISTINCT a.company_id, x.lexeme
    FROM added a, pg_catalog.unnest(pg_catalog.tsvector_to_array(a.search_vector)) x(lexeme)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.elo_search_lexicon_edited() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO public.search_lexicon (company_id, lexeme)
    SELECT NEW.company_id, x.lexeme FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(NEW.search_vector)) x(lexeme)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_search_lexicon_insert AFTER INSERT ON public.posts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.elo_search_lexicon_inserted();--> statement-breakpoint
CREATE TRIGGER posts_search_lexicon_update AFTER UPDATE OF text ON public.posts
  FOR EACH ROW WHEN (OLD.text IS DISTINCT FROM NEW.text) EXECUTE FUNCTION public.elo_search_lexicon_edited();--> statement-breakpoint
INSERT INTO public.search_lexicon (company_id, lexeme)
  SELECT DISTINCT p.company_id, x.lexeme
  FROM public.posts p, pg_catalog.unnest(pg_catalog.tsvector_to_array(p.search_vector)) x(lexeme)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- What was typed as a query of one company's posts: `elo_search_query`'s, but the last word's
-- prefix is the lexemes of the lexicon it starts with, asked for exactly, when there are at most
-- 32 (a shorter prefix, of more lexemes, stays a prefix). The same posts match either query.
CREATE FUNCTION public.elo_search_posts_query(company integer, words text[]) RETURNS tsquery
  LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  RETURN (SELECT COALESCE(pg_catalog.string_agg(parts.alternatives, ' & ' ORDER BY parts.place), '') FROM (
    SELECT l.place, '(' || pg_catalog.string_agg(term.value, ' | ' ORDER BY term.n) || ')' AS alternatives
    FROM public.elo_search_lexemes(words) l
    LEFT JOIN LATERAL (
      SELECT pg_catalog.array_agg(pg_catalog.quote_literal(k.lexeme) ORDER BY k.lexeme) AS lexemes FROM (
        SELECT s.lexeme FROM public.search_lexicon s
        WHERE l.prefix AND s.company_id = company AND s.lexeme >= l.lexeme
          AND s.lexeme < l.lexeme || pg_catalog.chr(1114111) AND pg_catalog.starts_with(s.lexeme, l.lexeme)
        LIMIT 33) k) known ON true
    CROSS JOIN LATERAL pg_catalog.unnest(CASE WHEN pg_catalog.cardinality(known.lexemes) <= 32 THEN known.lexemes
      ELSE ARRAY[pg_catalog.quote_literal(l.lexeme) || CASE WHEN l.prefix THEN ':*' ELSE '' END] END)
      WITH ORDINALITY term(value, n)
    GROUP BY l.place) parts)::tsquery;
END
$$;
--> statement-breakpoint
-- The rooms' queries written once with a mark where the room goes, then the room put in for each
-- room: the same queries (migration 0035's), built in 0.3 ms instead of 0.6 for Maria's 104 rooms.
-- No lexeme holds the mark (U+0001): the parser never makes one of a control character.
CREATE OR REPLACE FUNCTION public.elo_search_room_queries(rooms integer[], words text[])
  RETURNS TABLE(room integer, query tsquery)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
#variable_conflict use_column
DECLARE
  template text;
BEGIN
  SELECT COALESCE(pg_catalog.string_agg(parts.alternatives, ' & '), '') INTO template FROM (
    SELECT '(' || pg_catalog.string_agg(pg_catalog.quote_literal(pg_catalog.chr(1) || ' ' || a.lexeme)
      || CASE WHEN a.prefix THEN ':*' ELSE '' END, ' | ') || ')' AS alternatives
    FROM public.elo_search_lexemes(words) a GROUP BY a.place) parts;
  RETURN QUERY SELECT r.id, pg_catalog.replace(template, pg_catalog.chr(1), r.id::text)::tsquery
    FROM pg_catalog.unnest(rooms) r(id);
END
$$;
--> statement-breakpoint
-- People's names folded once, when written, instead of at every search for every name the
-- trigram index offers (an `unaccent` each time: 4 ms of the embedded database's for the 131 names
-- 'joao silv' is checked against). Computed with the name, so an erased person's goes with it.
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (public.elo_search_fold("name")) STORED;--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);
