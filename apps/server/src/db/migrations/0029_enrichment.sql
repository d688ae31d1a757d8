-- Issue 31: enrichment. Websites with where they came from, contact emails with an honest status, bounces, names
-- as people write them, and the enrichment jobs' own bookkeeping (lookups done, provider budget, pause, errors).
ALTER TABLE "contacts" ADD COLUMN "email_status" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_source" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_checked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "filed_name" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bounced_from" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bounced_at" timestamp with time zone;
--> statement-breakpoint
-- Existing emails came from imports and feeds, or from an admin's hand edit; none was ever checked.
UPDATE "contacts" c SET
  "email_status" = 'unverified',
  "email_source" = CASE WHEN 'contacts' = ANY(l."edited_fields") THEN 'admin' ELSE 'import' END
FROM "leads" l
WHERE l."id" = c."lead_id" AND c."email" <> '';
--> statement-breakpoint
-- "Verified email only": the leads with a verified email, probed per lead like "has contacts".
CREATE INDEX "contacts_verified_lead_idx" ON "contacts" USING btree ("lead_id") WHERE "email_status" = 'verified';
--> statement-breakpoint
-- Addresses by domain (a pattern's evidence: lower(email) LIKE '%@domain') and by address (a bounce applies to every
-- copy of an address): trigrams serve both.
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin (lower("email") gin_trgm_ops) WHERE "email" <> '';
--> statement-breakpoint
-- Bounced addresses, looked up before any address is given (small: only the bounced ones).
CREATE INDEX "contacts_bounced_email_idx" ON "contacts" USING btree (lower("email")) WHERE "email_status" = 'bounced';
--> statement-breakpoint
-- Contact names are searchable (q=chisholm): substrings through trigrams.
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "domain_source" text;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "domain_found_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "filed_location" text;
--> statement-breakpoint
UPDATE "leads" SET
  "domain_source" = CASE
    WHEN 'domain' = ANY("edited_fields") THEN 'admin'
    WHEN "source" = 'fundraisingfox' THEN 'fundraisingfox'
    WHEN "source" = 'sec-form-d' THEN 'filing'
    ELSE 'import' END,
  "domain_found_at" = "created_at"
WHERE "domain" <> '';
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "domain_source" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "domain_found_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "email_pattern" text;
--> statement-breakpoint
UPDATE "companies" c SET "domain_source" = l."domain_source", "domain_found_at" = l."domain_found_at"
FROM (
  SELECT DISTINCT ON ("company_id") "company_id", "domain_source", "domain_found_at"
  FROM "leads" WHERE "domain" <> '' AND "company_id" IS NOT NULL
  ORDER BY "company_id", "updated_at" DESC
) l
WHERE l."company_id" = c."id" AND c."domain" IS NOT NULL;
--> statement-breakpoint
-- One row per lookup done (an SEC company record, a provider domain search, a person's email search): the key says
-- what was looked up, so a job run twice, or a person on several rounds, costs one request in 90 days.
CREATE TABLE "enrichment_lookups" (
	"key" text PRIMARY KEY NOT NULL,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
-- Provider requests per UTC day, against ENRICHMENT_DAILY_LIMIT.
CREATE TABLE "enrichment_usage" (
	"day" date PRIMARY KEY NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row: set while the provider asked us to wait (a 429's Retry-After).
CREATE TABLE "enrichment_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"paused_until" timestamp with time zone,
	CONSTRAINT "enrichment_state_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TABLE "enrichment_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enrichment_errors_at_idx" ON "enrichment_errors" USING btree ("at");
--> statement-breakpoint
-- Who reported which email as bounced, and when: ten reports an hour per account.
CREATE TABLE "bounce_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bounce_reports_user_at_idx" ON "bounce_reports" USING btree ("user_id","reported_at");
