-- Decision 026: a round with an amount range is read from this index when the range holds few leads (Seed of $100M
-- or more). It INCLUDEs the date, id and the other filter columns, so the read, its filters and its sort are
-- index-only, like the list-order indexes of migration 0014 (Drizzle's builder cannot spell INCLUDE).
CREATE INDEX "leads_round_amount_idx" ON "leads" USING btree ("funding_round","funding_amount") INCLUDE ("funding_date","id","industry","location");
