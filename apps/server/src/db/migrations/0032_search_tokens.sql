-- A search in one statement (issue 34): the reads of modules/leads/search-page.ts arrive as SQL text (the server's own,
-- its values inlined as literals) and lead_search_ids runs the ones the search needs, in the order read-rules.ts sets
-- (its numbers arrive in the plan), so a page, its contacts and its count take one statement whatever the search meets.
-- The planner settings a read needs are the SET clauses of the function that runs it: they hold for that read only.
CREATE FUNCTION lead_walk_ids(query text, window_size integer, need integer) RETURNS TABLE (found_id uuid, found_rank text, found_total bigint)
  LANGUAGE plpgsql VOLATILE SET enable_sort = off SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY EXECUTE query USING window_size, need;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_bitmap_ids(query text, cap integer) RETURNS TABLE (found_id uuid, found_rank text, found_total bigint)
  LANGUAGE plpgsql VOLATILE SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off SET work_mem = '64MB' AS $$
BEGIN
  RETURN QUERY EXECUTE query USING cap;
END $$;--> statement-breakpoint
-- plan: mode ('first', 'cursor-exact', 'cursor-newest', 'cursor-ordered'), need, offset, window, maxWindow, readCap,
-- denseEstimate, exactLimit, requestedNewest, and the texts walk ($1 window, $2 need), read ($1 cap, null for none),
-- ordered, count, estimate and columnsEstimate. Rows: the page's ids in order with rank and total, and the kind of
-- answer ('page', 'newest', 'newest-ordered', 'read', or 'past': one row without an id carrying a count).
CREATE FUNCTION lead_search_ids(plan jsonb) RETURNS TABLE (found_id uuid, found_rank text, found_total bigint, found_kind text)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  mode text := plan ->> 'mode';
  need integer := (plan ->> 'need')::integer;
  skip integer := (plan ->> 'offset')::integer;
  read_cap integer := (plan ->> 'readCap')::integer;
  dense numeric := (plan ->> 'denseEstimate')::numeric;
  window_size integer;
  steps text[];
  step text;
  ids uuid[];
  ranks text[];
  total bigint;
  found integer;
  projected numeric;
  counted bigint;
BEGIN
  IF mode = 'cursor-ordered' THEN
    RETURN QUERY EXECUTE format('select o.id, o.rank, o.total, %L::text from (%s) o', 'page', plan ->> 'ordered');
    RETURN;
  ELSIF mode = 'cursor-exact' THEN
    steps := ARRAY['all'];
  ELSIF mode = 'cursor-newest' THEN
    steps := ARRAY['newest', 'all'];
  ELSIF lead_row_estimate(plan ->> 'estimate') >= dense THEN
    steps := ARRAY['newest', 'all'];
  ELSE
    steps := ARRAY['capped', 'newest', 'all'];
  END IF;
  FOREACH step IN ARRAY steps LOOP
    IF step = 'newest' THEN
      -- The newest matches among the next leads of the date order; walked further when the page is near.
      window_size := skip + (plan ->> 'window')::integer;
      SELECT coalesce(array_agg(w.found_id ORDER BY w.n), '{}'), max(w.found_total) INTO ids, total
        FROM lead_walk_ids(plan ->> 'walk', window_size, need) WITH ORDINALITY AS w(found_id, found_rank, found_total, n);
      found := cardinality(ids);
      IF found > 0 AND found < need AND mode = 'first' THEN
        projected := ceil(need::numeric * window_size / found * 1.25);
        IF projected <= (plan ->> 'maxWindow')::numeric THEN
          SELECT coalesce(array_agg(w.found_id ORDER BY w.n), '{}'), max(w.found_total) INTO ids, total
            FROM lead_walk_ids(plan ->> 'walk', projected::integer, need) WITH ORDINALITY AS w(found_id, found_rank, found_total, n);
          found := cardinality(ids);
        END IF;
      END IF;
      CONTINUE WHEN found < need;
      IF mode = 'cursor-newest' THEN
        RETURN QUERY SELECT u.id, '0'::text, NULL::bigint, 'page'::text FROM unnest(ids) WITH ORDINALITY AS u(id, n) ORDER BY u.n;
        RETURN;
      END IF;
      -- Extrapolated from the newest leads (total: the window position of the last match found).
      CONTINUE WHEN round(need::numeric / total * lead_row_estimate(plan ->> 'columnsEstimate')) <= dense;
      IF (plan ->> 'requestedNewest')::boolean THEN
        RETURN QUERY SELECT u.id, '0'::text, NULL::bigint, 'newest'::text FROM unnest(ids[skip + 1:]) WITH ORDINALITY AS u(id, n) ORDER BY u.n;
      ELSE
        RETURN QUERY EXECUTE format('select o.id, o.rank, o.total, %L::text from (%s) o', 'newest-ordered', plan ->> 'ordered');
      END IF;
      RETURN;
    END IF;
    -- Every match through the search indexes, counted and sorted (at most read_cap of them when capped).
    SELECT coalesce(array_agg(r.found_id ORDER BY r.n), '{}'), coalesce(array_agg(r.found_rank ORDER BY r.n), '{}'), max(r.found_total)
      INTO ids, ranks, total
      FROM lead_bitmap_ids(plan ->> 'read', CASE WHEN step = 'capped' THEN read_cap END) WITH ORDINALITY AS r(found_id, found_rank, found_total, n);
    found := cardinality(ids);
    CONTINUE WHEN step = 'capped' AND found > 0 AND total >= read_cap;
    IF found = 0 AND skip > 0 THEN
      -- Past the last match no row carries the count: count them.
      EXECUTE plan ->> 'count' INTO counted;
      CONTINUE WHEN step = 'capped' AND counted > (plan ->> 'exactLimit')::bigint;
      RETURN QUERY SELECT NULL::uuid, NULL::text, counted, 'past'::text;
      RETURN;
    END IF;
    RETURN QUERY SELECT u.id, u.rank, total, CASE WHEN mode = 'first' THEN 'read' ELSE 'page' END
      FROM unnest(ids, ranks) WITH ORDINALITY AS u(id, rank, n) ORDER BY u.n;
    RETURN;
  END LOOP;
END $$;
--> statement-breakpoint
-- Search tokens (issue 34, the search tail): the industry, round and location of a lead as lexemes of its search document
-- ('#industry:FinTech', '#round:Seed', '#location:Berlin, Germany'; '#round:' when undisclosed), so a search with those
-- filters is one condition on the search index, which intersects the word's entries with the token's instead of
-- reading every lead of the word. No word of a search's text starts with '#' (the parser never makes one), so a
-- user's prefix never completes to a token; search_lexemes (the words prefixes are spelled out from) leaves them out.
-- Declared immutable, as leads_tags_text is: an enum's label is never renamed here.
CREATE FUNCTION leads_search_tokens(industry text, funding_round funding_round, location text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY['#industry:' || coalesce(industry, ''), '#round:' || coalesce(funding_round::text, ''), '#location:' || coalesce(location, '')])
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexemes_record_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme) SELECT DISTINCT lexeme FROM written_leads, unnest(tsvector_to_array(search_vector)) AS lexeme
    WHERE lexeme NOT LIKE '#%' ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexemes_record_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme) SELECT lexeme FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme
    WHERE lexeme NOT LIKE '#%' ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A generated column's expression cannot be changed in place (PostgreSQL 15): the column is added again, which
-- rebuilds every lead's document (the table is rewritten; the server vacuums it after migrating), with its index and
-- the trigger that reads it.
DROP TRIGGER "leads_updated_lexemes" ON "leads";--> statement-breakpoint
DROP INDEX "leads_search_vector_idx";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(company_name, '') || ' ' || translate(split_part(regexp_replace(coalesce(domain, ''), '^www\.', ''), '.', 1), '-', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, leads_tags_text(tags)), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C') || leads_search_tokens(industry, funding_round, location)) STORED;--> statement-breakpoint
CREATE INDEX "leads_search_vector_idx" ON "leads" USING gin ("search_vector");--> statement-breakpoint
CREATE TRIGGER leads_updated_lexemes AFTER UPDATE ON "leads" FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION search_lexemes_record_updated();
