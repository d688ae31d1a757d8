-- Decision 026: a location's leads newest first, with the other filter columns INCLUDEd (as the list-order indexes of
-- migration 0014; Drizzle's builder cannot spell INCLUDE), so a location with an amount, round or industry is counted
-- and paged index-only inside that location's range. 2 s to build at a million leads.
CREATE INDEX "leads_location_funding_date_idx" ON "leads" USING btree ("location","funding_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("industry","funding_round","funding_amount");
