-- Property analytics (issue 10) adds the do-not-sell requests of a few properties, read from the
-- daily rollup's few rows that carry one. 017's partial index led with property_uuid, so a planner
-- without statistics (PGlite never analyses: it has no autovacuum) took the account's (pcode, day)
-- index instead and read every row of the range: 230-490 ms at 1 million visits. Leading with the
-- account and the day, this index matches every condition of that query besides the regulation,
-- so it is chosen with or without statistics (0.6 ms).
drop index if exists visit_rollup_daily_do_not_sell;
create index visit_rollup_daily_do_not_sell on visit_rollup_daily (pcode, day, property_uuid)
  where do_not_sell is not null;
