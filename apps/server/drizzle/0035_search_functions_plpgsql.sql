-- The search's query functions in PL/pgSQL rather than SQL, and the chat's rooms asked apart
-- (docs/performance.md, "Session 19"). The search now runs as a prepared statement with the words
-- as parameters, so these run when the statement does, not once while it is planned. A SQL
-- function that is not inlined is parsed and planned again at each statement that calls it (half a
-- millisecond for the query of what was typed); PL/pgSQL keeps its plans for the connection's life.
CREATE OR REPLACE FUNCTION public.elo_search_lexeme_query(words text[], labels text[]) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  RETURN (SELECT COALESCE(pg_catalog.string_agg(alternatives, ' & '), '') FROM (
    SELECT '(' || pg_catalog.string_agg(
        pg_catalog.quote_literal(label || l.lexeme) || CASE WHEN l.prefix THEN ':*' ELSE '' END, ' | ') || ')' AS alternatives
    FROM public.elo_search_lexemes(words) l, pg_catalog.unnest(labels) label
    GROUP BY l.place) parts)::tsquery;
END
$$;--> statement-breakpoint
-- What was typed as one query per room of the person's, each on that room's lexemes: the chat's
-- rooms' index is asked for each room apart. One query over all the rooms ('1 seguranc' | '2
-- seguranc' | … & '1 informaca':* | …) made the index evaluate it, a hundred rooms long, for every
-- message of those rooms that held either word: 16 ms for Maria's 104 rooms, 3 ms apart.
CREATE FUNCTION public.elo_search_room_queries(rooms integer[], words text[])
  RETURNS TABLE(room integer, query tsquery)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH asked AS MATERIALIZED (SELECT l.place, l.lexeme, l.prefix FROM public.elo_search_lexemes(words) l)
    SELECT r.id, (SELECT COALESCE(pg_catalog.string_agg(parts.alternatives, ' & '), '') FROM (
        SELECT '(' || pg_catalog.string_agg(pg_catalog.quote_literal(r.id::text || ' ' || a.lexeme)
          || CASE WHEN a.prefix THEN ':*' ELSE '' END, ' | ') || ')' AS alternatives
        FROM asked a GROUP BY a.place) parts)::tsquery
    FROM pg_catalog.unnest(rooms) r(id);
END
$$;--> statement-breakpoint
DROP FUNCTION public.elo_search_room_query(integer[], text[]);
