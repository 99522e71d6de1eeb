-- Which of the lexicon's lexemes are stems (docs/search.md, "The lexicon"; docs/performance.md,
-- "Session 21"). A typed prefix is read as the lexicon's lexemes it starts with, and a word holds
-- two of them, its stem and itself as written: 'orcament':* was asked as 'orcament' | 'orcamento',
-- the same posts twice, and the index read both lists ('reuniao orçamento' among a million posts:
-- 7 ms, 4.7 with the stem alone). A post that holds a word as written holds its stem too, so a
-- lexeme that was never a stem is left out of a prefix's lexemes when its own stem starts with the
-- prefix: the posts that hold it are found by that stem. A lexeme that was a stem, even once, is
-- always kept (a post may hold it as the stem of another word).
ALTER TABLE public.search_lexicon ADD COLUMN stem boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- A post's lexemes, each marked a stem (of its Portuguese words) or not (a word as written).
CREATE FUNCTION public.elo_search_post_lexemes(value text, vector tsvector) RETURNS TABLE(lexeme text, stem boolean)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT w.lexeme, pg_catalog.bool_or(w.stem) FROM (
      SELECT v.lexeme, false AS stem FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(vector)) v(lexeme)
      UNION ALL
      SELECT s.lexeme, true FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector(
        'public.elo_portuguese'::regconfig, public.elo_search_singular(coalesce(value, ''))))) s(lexeme)) w
    GROUP BY w.lexeme
$$;--> statement-breakpoint
-- Writes lexemes of one company's posts, each marked a stem or not: only those the lexicon lacks, or
-- holds as not a stem where they are one now, so a lexeme already there is neither written nor
-- locked again and posts written at once never wait for each other (as in migration 0036).
CREATE FUNCTION public.elo_search_lexicon_write(company integer, lexemes text[], stems boolean[]) RETURNS void
  LANGUAGE sql
AS $$
  INSERT INTO public.search_lexicon (company_id, lexeme, stem)
    SELECT company, x.lexeme, x.stem FROM unnest(lexemes, stems) x(lexeme, stem)
    WHERE NOT EXISTS (SELECT 1 FROM public.search_lexicon s WHERE s.company_id = company
      AND s.lexeme = x.lexeme AND (s.stem OR NOT x.stem))
  ON CONFLICT (company_id, lexeme) DO UPDATE SET stem = true WHERE EXCLUDED.stem
$$;--> statement-breakpoint
-- The triggers of migration 0036, writing the mark: the posts a statement inserted, company by
-- company, each lexeme once; a post whose text an update changed.
CREATE OR REPLACE FUNCTION public.elo_search_lexicon_inserted() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM public.elo_search_lexicon_write(w.company_id, pg_catalog.array_agg(w.lexeme), pg_catalog.array_agg(w.stem))
  FROM (SELECT a.company_id, x.lexeme, pg_catalog.bool_or(x.stem) AS stem
      FROM added a, public.elo_search_post_lexemes(a.text, a.search_vector) x
      GROUP BY a.company_id, x.lexeme) w
  GROUP BY w.company_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.elo_search_lexicon_edited() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM public.elo_search_lexicon_write(NEW.company_id, pg_catalog.array_agg(x.lexeme), pg_catalog.array_agg(x.stem))
  FROM public.elo_search_post_lexemes(NEW.text, NEW.search_vector) x;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE public.search_lexicon s SET stem = true
  FROM (SELECT DISTINCT p.company_id, x.lexeme FROM public.posts p, public.elo_search_post_lexemes(p.text, ''::tsvector) x) stems
  WHERE s.company_id = stems.company_id AND s.lexeme = stems.lexeme;--> statement-breakpoint
-- What was typed as a query of one company's posts, as a template (a mark before each lexeme:
-- `elo_search_template_query`, migration 0037): migration 0036's query, the last word's prefix read
-- as the lexemes of the company's lexicon it starts with, asked for exactly, when there are at most
-- 32; of those, a lexeme that was never a stem is left out when its own stem starts with the prefix.
CREATE FUNCTION public.elo_search_posts_template(company integer, words text[]) RETURNS text
  LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  RETURN (SELECT COALESCE(pg_catalog.string_agg(parts.alternatives, ' & ' ORDER BY parts.place), '') FROM (
    SELECT l.place, '(' || pg_catalog.string_agg(term.value, ' | ' ORDER BY term.n) || ')' AS alternatives
    FROM public.elo_search_lexemes(words) l
    LEFT JOIN LATERAL (
      SELECT pg_catalog.count(*) AS known,
        pg_catalog.array_agg(pg_catalog.quote_literal(pg_catalog.chr(1) || k.lexeme) ORDER BY k.lexeme)
          FILTER (WHERE k.stem OR NOT EXISTS (
            SELECT 1 FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector(
              'public.elo_portuguese'::regconfig, public.elo_search_singular(k.lexeme)))) own(stem)
            WHERE pg_catalog.starts_with(own.stem, l.lexeme))) AS lexemes
      FROM (
        SELECT s.lexeme, s.stem FROM public.search_lexicon s
        WHERE l.prefix AND s.company_id = company AND s.lexeme >= l.lexeme
          AND s.lexeme < l.lexeme || pg_catalog.chr(1114111) AND pg_catalog.starts_with(s.lexeme, l.lexeme)
        LIMIT 33) k) known ON true
    CROSS JOIN LATERAL pg_catalog.unnest(CASE WHEN known.known BETWEEN 1 AND 32 THEN known.lexemes
      ELSE ARRAY[pg_catalog.quote_literal(pg_catalog.chr(1) || l.lexeme) || CASE WHEN l.prefix THEN ':*' ELSE '' END] END)
      WITH ORDINALITY term(value, n)
    GROUP BY l.place) parts);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.elo_search_posts_query(company integer, words text[]) RETURNS tsquery
  LANGUAGE sql STABLE STRICT PARALLEL SAFE
  RETURN public.elo_search_template_query(public.elo_search_posts_template(company, words), '');--> statement-breakpoint
-- What was typed as a template, a mark (U+0001) before each lexeme: the query of the words
-- (`elo_search_query`'s) with nothing put there, a room's query on the rooms' index with the room
-- and a space (`elo_search_template_query`). A function of the words alone, so the search keeps
-- it with their lexemes and gives it to each statement instead of stemming the words again; the
-- rooms' queries are made from it (`elo_search_room_queries`, which stemmed them, is gone).
CREATE FUNCTION public.elo_search_words_template(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (SELECT COALESCE(pg_catalog.string_agg(parts.alternatives, ' & ' ORDER BY parts.place), '') FROM (
    SELECT l.place, '(' || pg_catalog.string_agg(pg_catalog.quote_literal(pg_catalog.chr(1) || l.lexeme)
      || CASE WHEN l.prefix THEN ':*' ELSE '' END, ' | ') || ')' AS alternatives
    FROM public.elo_search_lexemes(words) l GROUP BY l.place) parts);--> statement-breakpoint
DROP FUNCTION public.elo_search_room_queries(integer[], text[]);
