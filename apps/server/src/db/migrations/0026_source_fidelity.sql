ALTER TABLE "source_filings" ADD COLUMN "contacts_skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "source_state" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "source_state" ADD COLUMN "paused_reason" text;