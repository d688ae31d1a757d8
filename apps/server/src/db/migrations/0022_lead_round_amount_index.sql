-- Decision 026: a round with an amount range, read through the filter indexes when its matches are sparse among the
-- newest leads (Seed with $50M or more at 1M leads: 89 ms as a BitmapAnd of the round and amount indexes, 0.05 ms here).
CREATE INDEX "leads_round_amount_idx" ON "leads" USING btree ("funding_round","funding_amount");
