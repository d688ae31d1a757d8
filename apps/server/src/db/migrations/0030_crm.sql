-- Send to CRM (issue 32, docs/decisions/043-send-to-crm.md): connections with encrypted tokens, pushes and their
-- per-lead results, what was pushed where (CRM record ids per account), and the saved-search CRM channel.
CREATE TABLE "crm_connections" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"crm" text NOT NULL,
	"account_name" text,
	"portal_id" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" timestamp with time zone,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_connections_pk" PRIMARY KEY ("user_id", "crm"),
	CONSTRAINT "crm_connections_crm_check" CHECK ("crm" in ('hubspot', 'pipedrive'))
);
--> statement-breakpoint
CREATE TABLE "crm_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"crm" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"saved_search_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_pushes_crm_check" CHECK ("crm" in ('hubspot', 'pipedrive')),
	CONSTRAINT "crm_pushes_status_check" CHECK ("status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "crm_pushes_user_idx" ON "crm_pushes" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "crm_push_leads" (
	"push_id" uuid NOT NULL REFERENCES "crm_pushes"("id") ON DELETE CASCADE,
	"lead_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"company_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"crm_company_url" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_push_leads_pk" PRIMARY KEY ("push_id", "lead_id"),
	CONSTRAINT "crm_push_leads_status_check" CHECK ("status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "crm_records" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"crm" text NOT NULL,
	"kind" text NOT NULL,
	"local_id" text NOT NULL,
	"crm_id" text NOT NULL,
	"lead_id" uuid,
	"crm_url" text,
	"parent_crm_id" text,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_records_pk" PRIMARY KEY ("user_id", "crm", "kind", "local_id"),
	CONSTRAINT "crm_records_kind_check" CHECK ("kind" in ('company', 'contact', 'note'))
);
--> statement-breakpoint
CREATE INDEX "crm_records_lead_idx" ON "crm_records" USING btree ("user_id", "lead_id") WHERE "kind" = 'company';
--> statement-breakpoint
CREATE TABLE "crm_auto_pushed" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"crm" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"push_id" uuid NOT NULL,
	CONSTRAINT "crm_auto_pushed_pk" PRIMARY KEY ("user_id", "crm", "lead_id")
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "crm" text;
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_crm_check" CHECK ("crm" in ('hubspot', 'pipedrive'));
