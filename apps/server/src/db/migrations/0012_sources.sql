CREATE TABLE "source_days" (
	"source" text NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"filings_seen" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_days_source_day_pk" PRIMARY KEY("source","day")
);
--> statement-breakpoint
CREATE TABLE "source_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"day" date,
	"item" text,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_filings" (
	"source" text NOT NULL,
	"item" text NOT NULL,
	"day" date NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"lead_id" uuid,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_filings_source_item_pk" PRIMARY KEY("source","item")
);
--> statement-breakpoint
CREATE TABLE "source_state" (
	"source" text PRIMARY KEY NOT NULL,
	"last_run_started_at" timestamp with time zone,
	"last_run_finished_at" timestamp with time zone,
	"last_run_status" text,
	"next_run_at" timestamp with time zone,
	"next_request_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_filings" ADD CONSTRAINT "source_filings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_errors_source_at_idx" ON "source_errors" USING btree ("source","at");--> statement-breakpoint
CREATE INDEX "source_filings_day_idx" ON "source_filings" USING btree ("source","day");