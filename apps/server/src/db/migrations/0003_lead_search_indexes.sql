CREATE INDEX "leads_round_funding_date_idx" ON "leads" USING btree ("funding_round","funding_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_funding_amount_idx" ON "leads" USING btree ("funding_amount");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin (("company_name" || ' ' || "domain" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_location_trgm_idx" ON "leads" USING gin ("location" gin_trgm_ops);