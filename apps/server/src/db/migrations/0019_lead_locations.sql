-- Decision 026: the distinct locations of the leads, so a location filter (a substring) is resolved against this short
-- list first and the leads are then filtered by equality. Statement triggers keep it complete in the transaction of
-- every lead insert or update; it is never pruned (a location no lead has any more matches nothing).
CREATE TABLE "lead_locations" (
	"location" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
INSERT INTO "lead_locations" ("location") SELECT DISTINCT "location" FROM "leads" WHERE "location" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION lead_locations_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_locations (location) SELECT DISTINCT location FROM written_leads WHERE location IS NOT NULL ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leads_inserted_locations AFTER INSERT ON "leads" REFERENCING NEW TABLE AS written_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_locations_record();--> statement-breakpoint
CREATE TRIGGER leads_updated_locations AFTER UPDATE ON "leads" REFERENCING NEW TABLE AS written_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_locations_record();
