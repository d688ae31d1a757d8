-- The Fundraising Fox source (rows seen, by a key and a content hash; the file's validators) and merged rounds
-- (each source's report of a merged lead, pairs an admin split apart, and the one-time merge of older leads).
ALTER TABLE "source_state" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "source_state" ADD COLUMN "last_modified" text;--> statement-breakpoint
CREATE TABLE "fundraisingfox_rows" (
	"row_key" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"lead_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fundraisingfox_rows" ADD CONSTRAINT "fundraisingfox_rows_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "lead_reports" (
	"identity_key" text PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"source_url" text,
	"fields" jsonb NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_reports_lead_idx" ON "lead_reports" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_reports_merged_at_idx" ON "lead_reports" USING btree ("merged_at");--> statement-breakpoint
CREATE TABLE "lead_split_pairs" (
	"key_a" text NOT NULL,
	"key_b" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_split_pairs_pk" PRIMARY KEY("key_a","key_b")
);
--> statement-breakpoint
CREATE TABLE "lead_merge_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"merged" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "leads_funding_date_source_idx" ON "leads" USING btree ("funding_date","source");
