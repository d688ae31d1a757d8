-- Decision 026: every distinct word of the leads' search vectors, so a search's last word (a prefix) is spelled out as
-- the words it completes to, which the search index intersects as exact entries. Triggers keep it complete in the
-- transaction of every lead write; it is never pruned (a word no lead has any more matches nothing).
CREATE TABLE "search_lexemes" (
	"lexeme" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_lexemes_lexeme_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
INSERT INTO "search_lexemes" ("lexeme") SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "leads" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION search_lexemes_record_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM written_leads ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leads_inserted_lexemes AFTER INSERT ON "leads" REFERENCING NEW TABLE AS written_leads FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_record_inserted();--> statement-breakpoint
-- Updates: only the rows whose words changed (a contact written flips lacks_contacts, which changes none).
CREATE FUNCTION search_lexemes_record_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leads_updated_lexemes AFTER UPDATE ON "leads" FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION search_lexemes_record_updated();--> statement-breakpoint
-- A search's tsquery for matching, as text: websearch_to_tsquery('simple', q) with its last word a prefix, spelled out
-- as the words starting with it when there are from 1 to max_completions of them ('291' & ( 'builds' | 'buildings' )),
-- else left a prefix ('291' & 'build':*). Both match the same leads while search_lexemes is complete. The completions
-- are read with dynamic SQL: the pattern is then a constant when planned, so the LIKE is a range of the
-- text_pattern_ops index (a parameter would read every word).
CREATE FUNCTION search_match_query(q text, max_completions integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  words text := websearch_to_tsquery('simple', q)::text;
  quoted text := substring(words from '''(?:[^''\\]|''''|\\.)*''$');
  word text;
  completions text[];
BEGIN
  IF quoted IS NULL THEN
    RETURN words;
  END IF;
  word := regexp_replace(substr(quoted, 2, length(quoted) - 2), '''('')|\\(.)', '\1\2', 'g');
  EXECUTE format('SELECT coalesce(array_agg(lexeme), ''{}'') FROM (SELECT lexeme FROM search_lexemes WHERE lexeme LIKE %L ORDER BY lexeme LIMIT %s) completions',
    replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%', max_completions + 1)
    INTO completions;
  IF cardinality(completions) = 0 OR cardinality(completions) > max_completions THEN
    RETURN left(words, length(words) - length(quoted)) || quoted || ':*';
  END IF;
  RETURN left(words, length(words) - length(quoted)) || '( ' || (
    SELECT string_agg('''' || replace(replace(completion, '\', '\\'), '''', '''''') || '''', ' | ')
    FROM unnest(completions) completion
  ) || ' )';
END $$;
