ALTER TABLE "leads" ALTER COLUMN "industry" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "funding_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "funding_round" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "funding_round" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "location" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "round_label" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_editions" ADD COLUMN "content_fixed_at" timestamp with time zone;--> statement-breakpoint
-- Unknown is a value, never '' or 0 (decision 023). Earlier imports stored an undisclosed amount as 0 and said so in the description.
UPDATE "leads" SET "industry" = NULL WHERE "industry" = '';--> statement-breakpoint
UPDATE "leads" SET "location" = NULL WHERE "location" = '';--> statement-breakpoint
UPDATE "leads" SET "funding_amount" = NULL WHERE "funding_amount" = 0 AND "description" LIKE '%The amount was not disclosed.%';--> statement-breakpoint
UPDATE "leads" SET "source" = 'import', "source_id" = substring("source_url" from '/companies/([^/?#]+)') WHERE 'fundraisingfox' = ANY("tags");--> statement-breakpoint
UPDATE "mail_editions" SET "content_fixed_at" = "created_at";
