-- Narrow daily rollups for the dashboard (docs/analytics.md, "Rollups the queries choose from"):
-- the same visits as visit_rollup_daily, with only the dimensions the dashboard groups and filters
-- by, and the outcome and shown columns folded into six counts per row. At 10 million generated
-- visits visit_rollup_daily holds about one row per visit; these hold a few hundred thousand and a
-- few tens of thousands, so a dashboard call reads that many rows instead of millions. The query
-- layer (analytics/queries.ts) reads the smallest one holding every column a query groups or
-- filters by, and visit_rollup_daily otherwise.
--
-- They are kept exact by statement triggers on visit_rollup_daily, so every writer of the daily
-- rollup (the visit batch statement, the legacy adoption, the benchmarks) keeps them in step in
-- the same transaction: each statement's inserted rows add, its updated rows add their difference
-- (new counts minus old), its deleted rows subtract, and a truncate empties them.

-- Per property and day, by regulation, US state, country, device and page format.
create table visit_rollup_dashboard (
  pcode text not null,
  day date not null,
  property_uuid text not null,
  regulation smallint not null,
  state text,
  country text,
  device text not null,
  page_format text not null,
  traffic bigint not null,
  shown bigint not null,
  accept_all bigint not null,
  reject_all bigint not null,
  partial bigint not null,
  bounce bigint not null,
  constraint visit_rollup_dashboard_key unique nulls not distinct (pcode, day, property_uuid,
    regulation, state, country, device, page_format)
);

-- Per property and day, by country only: the summary cards, the country table and chart.
create table visit_rollup_country (
  pcode text not null,
  day date not null,
  property_uuid text not null,
  country text,
  traffic bigint not null,
  shown bigint not null,
  accept_all bigint not null,
  reject_all bigint not null,
  partial bigint not null,
  bounce bigint not null,
  constraint visit_rollup_country_key unique nulls not distinct (pcode, day, property_uuid, country)
);

-- Adds a statement's changes of visit_rollup_daily to both narrow rollups: inserted rows add, updated
-- rows add their new counts and take away their old ones, deleted rows take theirs away. In key
-- order, so that concurrent writers lock rows in the same order.
create function visit_rollup_narrow_apply() returns trigger language plpgsql as $$
declare
  cols text := 'pcode, day, property_uuid, regulation, state, country, device, page_format, outcome, shown';
  changes text;
  counts text := 'sum(visits), coalesce(sum(visits) filter (where shown), 0),
    coalesce(sum(visits) filter (where shown and outcome = ''acceptAll''), 0),
    coalesce(sum(visits) filter (where shown and outcome = ''rejectAll''), 0),
    coalesce(sum(visits) filter (where shown and outcome = ''partial''), 0),
    coalesce(sum(visits) filter (where shown and outcome = ''bounce''), 0)';
  add text := 'traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
    accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
    partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce';
begin
  changes := case tg_op
    when 'INSERT' then format('select %s, visits from new_rows', cols)
    when 'UPDATE' then format('select %s, visits from new_rows union all select %s, -visits as visits from old_rows', cols, cols)
    else format('select %s, -visits as visits from old_rows', cols)
  end;
  execute format('insert into visit_rollup_dashboard as r (pcode, day, property_uuid, regulation,
      state, country, device, page_format, traffic, shown, accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, regulation, state, country, device, page_format, %s
    from (%s) c group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict on constraint visit_rollup_dashboard_key do update set %s', counts, changes, add);
  execute format('insert into visit_rollup_country as r (pcode, day, property_uuid, country,
      traffic, shown, accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, country, %s
    from (%s) c group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict on constraint visit_rollup_country_key do update set %s', counts, changes, add);
  return null;
end
$$;

create function visit_rollup_narrow_truncate() returns trigger language plpgsql as $$
begin
  truncate visit_rollup_dashboard, visit_rollup_country;
  return null;
end
$$;

create trigger visit_rollup_narrow_insert after insert on visit_rollup_daily
  referencing new table as new_rows
  for each statement execute function visit_rollup_narrow_apply();
create trigger visit_rollup_narrow_update after update on visit_rollup_daily
  referencing old table as old_rows new table as new_rows
  for each statement execute function visit_rollup_narrow_apply();
create trigger visit_rollup_narrow_delete after delete on visit_rollup_daily
  referencing old table as old_rows
  for each statement execute function visit_rollup_narrow_apply();
create trigger visit_rollup_narrow_truncate after truncate on visit_rollup_daily
  for each statement execute function visit_rollup_narrow_truncate();

-- What the daily rollup already holds.
insert into visit_rollup_dashboard (pcode, day, property_uuid, regulation, state, country, device,
  page_format, traffic, shown, accept_all, reject_all, partial, bounce)
select pcode, day, property_uuid, regulation, state, country, device, page_format,
  sum(visits), coalesce(sum(visits) filter (where shown), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'acceptAll'), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'rejectAll'), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'partial'), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'bounce'), 0)
from visit_rollup_daily group by 1, 2, 3, 4, 5, 6, 7, 8;

insert into visit_rollup_country (pcode, day, property_uuid, country, traffic, shown, accept_all,
  reject_all, partial, bounce)
select pcode, day, property_uuid, country, sum(traffic), sum(shown), sum(accept_all),
  sum(reject_all), sum(partial), sum(bounce)
from visit_rollup_dashboard group by 1, 2, 3, 4;
