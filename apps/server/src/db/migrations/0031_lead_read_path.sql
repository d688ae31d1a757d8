-- The lead read path in two round trips (issue 34): the planner's row estimate of a query, read inside the statement
-- that reads the page (modules/leads/count.ts), instead of an EXPLAIN of its own. The text is the server's own SQL
-- with its values inlined as literals.
CREATE FUNCTION lead_row_estimate(query text) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
  RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
END $$;
