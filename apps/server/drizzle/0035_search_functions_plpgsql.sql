-- The search's query functions in PL/pgSQL rather than SQL (docs/performance.md, "Session 19").
-- The search now runs as a prepared statement with the words as parameters, so these run when the
-- statement does, not once while it is planned. A SQL function that is not inlined is parsed and
-- planned again at each statement that calls it (0.5 ms for the query, 3 ms for the query on a
-- person's hundred rooms); PL/pgSQL keeps its plans for the connection's life. Same results.
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
CREATE OR REPLACE FUNCTION public.elo_search_room_query(rooms integer[], words text[]) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  RETURN public.elo_search_lexeme_query(words, ARRAY(SELECT room::text || ' ' FROM pg_catalog.unnest(rooms) room));
END
$$;
