-- The search's query with no redundant alternative, and a chat index of each room's own words
-- (docs/performance.md, "Fewer lexemes" and "The chat's rooms in its index").
--
-- Which lexemes a search asks for, each word by its place: an item holds each word's Portuguese
-- stem and the word as written, and a whole word as written matches only where its stem does too,
-- so a whole word is asked for by its stem alone. The last word (still being typed) is a prefix:
-- its stem, and the word as written only when that does not start with the stem. A Portuguese stop
-- word ('de', 'da') has no stem and is not asked for. 0033's query found the same items with twice
-- the lexemes or more.
CREATE FUNCTION public.elo_search_lexemes(words text[])
  RETURNS TABLE(place integer, lexeme text, prefix boolean)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  word text;
  n integer := 0;
  stems text[];
  written text;
BEGIN
  FOREACH word IN ARRAY words LOOP
    n := n + 1;
    stems := pg_catalog.tsvector_to_array(
      pg_catalog.to_tsvector('public.elo_portuguese'::regconfig, public.elo_search_singular(word)));
    place := n;
    prefix := n = pg_catalog.cardinality(words);
    FOREACH lexeme IN ARRAY stems LOOP
      RETURN NEXT;
    END LOOP;
    CONTINUE WHEN NOT prefix OR pg_catalog.cardinality(stems) = 0;
    FOREACH written IN ARRAY pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('public.elo_simple'::regconfig, word)) LOOP
      CONTINUE WHEN EXISTS (SELECT 1 FROM pg_catalog.unnest(stems) s WHERE pg_catalog.starts_with(written, s));
      lexeme := written;
      RETURN NEXT;
    END LOOP;
  END LOOP;
END
$$;--> statement-breakpoint
-- The lexemes as a query: every word's alternatives joined by 'or', the words by 'and'; `label`
-- writes each lexeme as the index holds it (itself, or a room's copy of it).
CREATE FUNCTION public.elo_search_lexeme_query(words text[], labels text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (SELECT COALESCE(pg_catalog.string_agg(alternatives, ' & '), '') FROM (
    SELECT '(' || pg_catalog.string_agg(
        pg_catalog.quote_literal(label || l.lexeme) || CASE WHEN l.prefix THEN ':*' ELSE '' END, ' | ') || ')' AS alternatives
    FROM public.elo_search_lexemes(words) l, pg_catalog.unnest(labels) label
    GROUP BY l.place) parts)::tsquery;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.elo_search_query(words text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN public.elo_search_lexeme_query(words, ARRAY['']);--> statement-breakpoint
-- A chat message's lexemes as its room's own: '12 manutenca' for 'manutenca' in room 12 (no text
-- makes a lexeme with a space). The chat's index holds these, so a search of a person's rooms reads
-- those rooms' entries only, not every room's that has the word. A lexeme past 1,000 bytes (a pasted
-- hash; the search reads 40 characters of a word) is left out: with the room in front it could pass
-- the 2,047 bytes a lexeme may have, and the message could not be written.
CREATE FUNCTION public.elo_search_in_room(room integer, value tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.array_to_tsvector(ARRAY(
    SELECT room::text || ' ' || lexeme FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(value)) lexeme
    WHERE pg_catalog.octet_length(lexeme) <= 1000));--> statement-breakpoint
-- What was typed as a query on rooms' lexemes: each lexeme in any of these rooms.
CREATE FUNCTION public.elo_search_room_query(rooms integer[], words text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN public.elo_search_lexeme_query(words, ARRAY(SELECT room::text || ' ' FROM pg_catalog.unnest(rooms) room));--> statement-breakpoint
DROP INDEX "chat_messages_search_idx";--> statement-breakpoint
CREATE INDEX "chat_messages_room_search_idx" ON "chat_messages" USING gin (public.elo_search_in_room("room_id", "search_vector"));
