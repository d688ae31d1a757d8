DROP INDEX "leads_funding_date_id_idx";--> statement-breakpoint
DROP INDEX "leads_industry_funding_date_idx";--> statement-breakpoint
DROP INDEX "leads_round_funding_date_idx";--> statement-breakpoint
CREATE INDEX "leads_funding_date_id_idx" ON "leads" USING btree ("funding_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_industry_funding_date_idx" ON "leads" USING btree ("industry","funding_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_round_funding_date_idx" ON "leads" USING btree ("funding_round","funding_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);