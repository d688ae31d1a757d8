-- Decision 026 (fourth pass): of the domain, only its name goes into the search vector, as words
-- (www.get-acme.co.uk as get acme). Whole, the parser made each domain one host word, a million of them at a
-- million leads, so a short last word ('rad') completed to 25,000 of them and stayed a prefix the search index reads
-- word by word; the other labels as words (com, io) would make 'c' or 'co' match nearly every lead. Partial domains
-- are matched by the trigram index on name and domain, as before. A generated column's expression cannot be changed
-- in place (PostgreSQL 15): the column is added again (the table is rewritten), with its index and the trigger that
-- reads it, and search_lexemes is filled again from the new vectors. The server vacuums the rewritten table after
-- migrating (db/client.ts).
DROP TRIGGER "leads_updated_lexemes" ON "leads";--> statement-breakpoint
DROP INDEX "leads_search_vector_idx";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(company_name, '') || ' ' || translate(split_part(regexp_replace(coalesce(domain, ''), '^www\.', ''), '.', 1), '-', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, leads_tags_text(tags)), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "leads_search_vector_idx" ON "leads" USING gin ("search_vector");--> statement-breakpoint
CREATE TRIGGER leads_updated_lexemes AFTER UPDATE ON "leads" FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION search_lexemes_record_updated();--> statement-breakpoint
DELETE FROM "search_lexemes";--> statement-breakpoint
INSERT INTO "search_lexemes" ("lexeme") SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "leads" ON CONFLICT DO NOTHING;
