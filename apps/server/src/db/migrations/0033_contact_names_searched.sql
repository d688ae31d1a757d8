-- Contact names in the search document (issue 34, the search tail): a lead's people's names, in their order, are kept
-- on the lead (contact_names) by the triggers below, and the search document reads them at weight D. A search for a
-- person's name is then one condition on the search index like any other word, and prefixes complete to names; before,
-- it was a second read through the contacts' trigram index, which took 0.4 s for a name shared by 25,000 contacts.
ALTER TABLE "leads" ADD COLUMN "contact_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The names of each lead's contacts, computed from the contacts as they are now, written where they differ. Every
-- write of contacts ends here, whoever makes it (an import, a source, the admin, a merge moving people, a lead
-- deleted with its people); a writer that sets contact_names itself with the lead (a new lead) makes this a no-op.
CREATE FUNCTION leads_contact_names_sync(lead_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE leads AS l SET contact_names = named.names
    FROM (SELECT ids.id, coalesce((SELECT string_agg(c.name, ' ' ORDER BY c.position) FROM contacts AS c WHERE c.lead_id = ids.id), '') AS names
            FROM (SELECT DISTINCT unnest(lead_ids) AS id) AS ids) AS named
   WHERE l.id = named.id AND l.contact_names IS DISTINCT FROM named.names
$$;--> statement-breakpoint
CREATE FUNCTION leads_contacts_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leads_contact_names_sync(ARRAY(SELECT lead_id FROM named_contacts));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION leads_contacts_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leads_contact_names_sync(ARRAY(SELECT lead_id FROM renamed_before UNION SELECT lead_id FROM renamed_after));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_inserted_names AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS named_contacts FOR EACH STATEMENT EXECUTE FUNCTION leads_contacts_named();--> statement-breakpoint
CREATE TRIGGER contacts_deleted_names AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS named_contacts FOR EACH STATEMENT EXECUTE FUNCTION leads_contacts_named();--> statement-breakpoint
CREATE TRIGGER contacts_updated_names AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS renamed_before NEW TABLE AS renamed_after FOR EACH STATEMENT EXECUTE FUNCTION leads_contacts_renamed();--> statement-breakpoint
-- The search document again, with the names (a generated column's expression cannot be changed in place: it is added
-- again, which rewrites the table; the server vacuums it after migrating). The names are filled first, while no
-- trigger reads them, and their words join search_lexemes (the words a search's last word is spelled out from) at once.
DROP TRIGGER "leads_updated_lexemes" ON "leads";--> statement-breakpoint
DROP INDEX "leads_search_vector_idx";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "search_vector";--> statement-breakpoint
UPDATE "leads" AS l SET "contact_names" = named.names
  FROM (SELECT lead_id, string_agg(name, ' ' ORDER BY position) AS names FROM contacts GROUP BY lead_id) AS named
 WHERE named.lead_id = l.id;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(company_name, '') || ' ' || translate(split_part(regexp_replace(coalesce(domain, ''), '^www\.', ''), '.', 1), '-', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, leads_tags_text(tags)), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('simple'::regconfig, contact_names), 'D') || leads_search_tokens(industry, funding_round, location)) STORED;--> statement-breakpoint
CREATE INDEX "leads_search_vector_idx" ON "leads" USING gin ("search_vector");--> statement-breakpoint
INSERT INTO search_lexemes (lexeme) SELECT DISTINCT lexeme FROM leads, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, contact_names))) AS lexeme
  WHERE contact_names <> '' ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER leads_updated_lexemes AFTER UPDATE ON "leads" FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION search_lexemes_record_updated();--> statement-breakpoint
-- Nothing reads the contacts' name trigrams any more (they served only the search's second read).
DROP INDEX "contacts_name_trgm_idx";
