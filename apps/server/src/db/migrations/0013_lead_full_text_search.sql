-- Search built for search (decision 026). array_to_string is STABLE, so a generated column needs this IMMUTABLE wrapper.
CREATE FUNCTION leads_tags_text(tags text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;--> statement-breakpoint
DROP INDEX "leads_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(company_name, '') || ' ' || coalesce(domain, '')), 'A') || setweight(to_tsvector('simple'::regconfig, leads_tags_text(tags)), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "leads_search_vector_idx" ON "leads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "leads_name_domain_trgm_idx" ON "leads" USING gin (("company_name" || ' ' || "domain") gin_trgm_ops);