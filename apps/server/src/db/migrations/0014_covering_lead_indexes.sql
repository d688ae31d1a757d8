-- Decision 026: the three list-order indexes carry the filter columns, so a filter on industry, round, amount,
-- date or location is checked inside the index (index-only scans) and only the page's rows touch the table.
-- Drizzle's index builder has no INCLUDE; schema/leads.ts names the same indexes.
DROP INDEX "leads_funding_date_id_idx";--> statement-breakpoint
CREATE INDEX "leads_funding_date_id_idx" ON "leads" USING btree ("funding_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("industry","funding_round","funding_amount","location");--> statement-breakpoint
DROP INDEX "leads_industry_funding_date_idx";--> statement-breakpoint
CREATE INDEX "leads_industry_funding_date_idx" ON "leads" USING btree ("industry","funding_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("funding_round","funding_amount","location");--> statement-breakpoint
DROP INDEX "leads_round_funding_date_idx";--> statement-breakpoint
CREATE INDEX "leads_round_funding_date_idx" ON "leads" USING btree ("funding_round","funding_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("industry","funding_amount","location");
