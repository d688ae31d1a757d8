ALTER TABLE "leads" ADD COLUMN "identity_key" text;--> statement-breakpoint
-- Backfill: normalised domain (or name) | round | date, as leadIdentityKey() computes it.
-- Rows that already collide keep their id as a suffix, so nothing existing is merged or lost.
WITH based AS (
	SELECT "id", "created_at",
		coalesce(nullif(regexp_replace(lower(trim("domain")), '^www\.', ''), ''), 'name:' || regexp_replace(lower("company_name"), '[^[:alnum:]]+', '', 'g'))
			|| '|' || "funding_round"::text || '|' || "funding_date"::text AS "base"
	FROM "leads"
), keyed AS (
	SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "created_at", "id") AS "n" FROM based
)
UPDATE "leads" SET "identity_key" = CASE WHEN keyed."n" = 1 THEN keyed."base" ELSE keyed."base" || '|' || "leads"."id" END
FROM keyed WHERE keyed."id" = "leads"."id";--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "identity_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_identity_key_idx" ON "leads" USING btree ("identity_key");
