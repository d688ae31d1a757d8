CREATE TYPE "public"."funding_round" AS ENUM('Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D+');--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"linked_in" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"domain" text NOT NULL,
	"industry" text NOT NULL,
	"funding_amount" bigint NOT NULL,
	"funding_round" "funding_round" DEFAULT 'Seed' NOT NULL,
	"location" text NOT NULL,
	"funding_date" date NOT NULL,
	"description" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_lead_id_position_idx" ON "contacts" USING btree ("lead_id","position");--> statement-breakpoint
CREATE INDEX "leads_funding_date_id_idx" ON "leads" USING btree ("funding_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_industry_funding_date_idx" ON "leads" USING btree ("industry","funding_date" DESC NULLS LAST,"id" DESC NULLS LAST);