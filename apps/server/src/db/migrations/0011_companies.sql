-- Existing leads are grouped into companies at start-up (modules/companies/backfill.ts), by the TypeScript rule
-- that every write uses (registrable domains need the public-suffix list): docs/decisions/024-companies.md
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_key" text NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"location" text,
	"industry" text,
	"cik" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_identity_key_idx" ON "companies" USING btree ("identity_key");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_company_funding_date_idx" ON "leads" USING btree ("company_id","funding_date");