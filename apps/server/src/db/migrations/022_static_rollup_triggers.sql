-- Cheaper rollup maintenance (issue 10, docs/analytics.md "Rollup maintenance"). On PGlite a
-- roll-up step runs on the server's only thread, so every request waits for it: its cost is the
-- ingestion's p99.
--
-- 1. The narrow rollups (019's dashboard and country, 020's dimension) are kept by one statement
--    trigger per operation on visit_rollup_daily instead of two, each one static statement (its
--    plan made once per connection and kept): 019's and 020's functions built their SQL with
--    `execute format` and were planned again on every statement. Same rule as before: inserted
--    rows add, updated rows add their new counts and take away their old ones, deleted rows take
--    theirs away, in key order so that concurrent writers lock rows in the same order. The
--    truncate triggers stay.
-- 2. The roll-up step is a function (visit_rollup_step), planned once per connection like
--    018's visit_store_batch: it takes up to `p_limit` pending visits (skipping rows another
--    server holds), deletes them and adds them to visit_rollup_daily in one statement, so a step is
--    counted whole or not at all. Returns how many it counted.
drop trigger visit_rollup_narrow_insert on visit_rollup_daily;
drop trigger visit_rollup_narrow_update on visit_rollup_daily;
drop trigger visit_rollup_narrow_delete on visit_rollup_daily;
drop trigger visit_rollup_dimension_insert on visit_rollup_daily;
drop trigger visit_rollup_dimension_update on visit_rollup_daily;
drop trigger visit_rollup_dimension_delete on visit_rollup_daily;
drop function visit_rollup_narrow_apply();
drop function visit_rollup_dimension_apply();

-- A statement's inserted rows of the daily rollup add to the narrow rollups.
create function visit_rollups_insert() returns trigger language plpgsql as $$
begin
  with c as (
    select pcode, day, property_uuid, regulation, state, country, device, page_format, os,
      browser, theme_id, theme_language, gbc_applicable, cop_applicable, advanced_applicable,
      visits as traffic, case when shown then visits else 0 end as shown,
      case when shown and outcome = 'acceptAll' then visits else 0 end as accept_all,
      case when shown and outcome = 'rejectAll' then visits else 0 end as reject_all,
      case when shown and outcome = 'partial' then visits else 0 end as partial,
      case when shown and outcome = 'bounce' then visits else 0 end as bounce
    from new_rows
  ), d as (
    insert into visit_rollup_dashboard as r (pcode, day, property_uuid, regulation, state, country,
      device, page_format, traffic, shown, accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, regulation, state, country, device, page_format, sum(traffic),
      sum(shown), sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
    from c group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict on constraint visit_rollup_dashboard_key do update set
      traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce
  ), k as (
    insert into visit_rollup_country as r (pcode, day, property_uuid, country, traffic, shown,
      accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, country, sum(traffic), sum(shown), sum(accept_all),
      sum(reject_all), sum(partial), sum(bounce)
    from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict on constraint visit_rollup_country_key do update set
      traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce
  )
  insert into visit_rollup_dimension as r (pcode, dimension, day, property_uuid, value, traffic,
    shown, accept_all, reject_all, partial, bounce)
  select c.pcode, v.dimension, c.day, c.property_uuid, v.value, sum(traffic), sum(shown),
    sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
  from c cross join lateral (values ('regulation', c.regulation::text), ('device', c.device),
    ('page_format', c.page_format), ('os', c.os), ('browser', c.browser), ('theme_id', c.theme_id),
    ('theme_language', c.theme_language), ('gbc_applicable', c.gbc_applicable::text),
    ('cop_applicable', c.cop_applicable::text),
    ('advanced_applicable', c.advanced_applicable::text),
    ('us_section', c.regulation::text || ':' || coalesce(c.state, ''))) v(dimension, value)
  group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict on constraint visit_rollup_dimension_key do update set
    traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
    accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
    partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce;
  return null;
end
$$;

-- Its updated rows add their new counts and take away their old ones.
create function visit_rollups_update() returns trigger language plpgsql as $$
begin
  with c as (
    select pcode, day, property_uuid, regulation, state, country, device, page_format, os,
      browser, theme_id, theme_language, gbc_applicable, cop_applicable, advanced_applicable,
      visits as traffic, case when shown then visits else 0 end as shown,
      case when shown and outcome = 'acceptAll' then visits else 0 end as accept_all,
      case when shown and outcome = 'rejectAll' then visits else 0 end as reject_all,
      case when shown and outcome = 'partial' then visits else 0 end as partial,
      case when shown and outcome = 'bounce' then visits else 0 end as bounce
    from new_rows
    union all
    select pcode, day, property_uuid, regulation, state, country, device, page_format, os,
      browser, theme_id, theme_language, gbc_applicable, cop_applicable, advanced_applicable,
      -visits as traffic, case when shown then -visits else 0 end as shown,
      case when shown and outcome = 'acceptAll' then -visits else 0 end as accept_all,
      case when shown and outcome = 'rejectAll' then -visits else 0 end as reject_all,
      case when shown and outcome = 'partial' then -visits else 0 end as partial,
      case when shown and outcome = 'bounce' then -visits else 0 end as bounce
    from old_rows
  ), d as (
    insert into visit_rollup_dashboard as r (pcode, day, property_uuid, regulation, state, country,
      device, page_format, traffic, shown, accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, regulation, state, country, device, page_format, sum(traffic),
      sum(shown), sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
    from c group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict on constraint visit_rollup_dashboard_key do update set
      traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce
  ), k as (
    insert into visit_rollup_country as r (pcode, day, property_uuid, country, traffic, shown,
      accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, country, sum(traffic), sum(shown), sum(accept_all),
      sum(reject_all), sum(partial), sum(bounce)
    from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict on constraint visit_rollup_country_key do update set
      traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce
  )
  insert into visit_rollup_dimension as r (pcode, dimension, day, property_uuid, value, traffic,
    shown, accept_all, reject_all, partial, bounce)
  select c.pcode, v.dimension, c.day, c.property_uuid, v.value, sum(traffic), sum(shown),
    sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
  from c cross join lateral (values ('regulation', c.regulation::text), ('device', c.device),
    ('page_format', c.page_format), ('os', c.os), ('browser', c.browser), ('theme_id', c.theme_id),
    ('theme_language', c.theme_language), ('gbc_applicable', c.gbc_applicable::text),
    ('cop_applicable', c.cop_applicable::text),
    ('advanced_applicable', c.advanced_applicable::text),
    ('us_section', c.regulation::text || ':' || coalesce(c.state, ''))) v(dimension, value)
  group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict on constraint visit_rollup_dimension_key do update set
    traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
    accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
    partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce;
  return null;
end
$$;

-- Its deleted rows take their counts away.
create function visit_rollups_delete() returns trigger language plpgsql as $$
begin
  with c as (
    select pcode, day, property_uuid, regulation, state, country, device, page_format, os,
      browser, theme_id, theme_language, gbc_applicable, cop_applicable, advanced_applicable,
      -visits as traffic, case when shown then -visits else 0 end as shown,
      case when shown and outcome = 'acceptAll' then -visits else 0 end as accept_all,
      case when shown and outcome = 'rejectAll' then -visits else 0 end as reject_all,
      case when shown and outcome = 'partial' then -visits else 0 end as partial,
      case when shown and outcome = 'bounce' then -visits else 0 end as bounce
    from old_rows
  ), d as (
    insert into visit_rollup_dashboard as r (pcode, day, property_uuid, regulation, state, country,
      device, page_format, traffic, shown, accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, regulation, state, country, device, page_format, sum(traffic),
      sum(shown), sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
    from c group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict on constraint visit_rollup_dashboard_key do update set
      traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce
  ), k as (
    insert into visit_rollup_country as r (pcode, day, property_uuid, country, traffic, shown,
      accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, country, sum(traffic), sum(shown), sum(accept_all),
      sum(reject_all), sum(partial), sum(bounce)
    from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict on constraint visit_rollup_country_key do update set
      traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce
  )
  insert into visit_rollup_dimension as r (pcode, dimension, day, property_uuid, value, traffic,
    shown, accept_all, reject_all, partial, bounce)
  select c.pcode, v.dimension, c.day, c.property_uuid, v.value, sum(traffic), sum(shown),
    sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
  from c cross join lateral (values ('regulation', c.regulation::text), ('device', c.device),
    ('page_format', c.page_format), ('os', c.os), ('browser', c.browser), ('theme_id', c.theme_id),
    ('theme_language', c.theme_language), ('gbc_applicable', c.gbc_applicable::text),
    ('cop_applicable', c.cop_applicable::text),
    ('advanced_applicable', c.advanced_applicable::text),
    ('us_section', c.regulation::text || ':' || coalesce(c.state, ''))) v(dimension, value)
  group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict on constraint visit_rollup_dimension_key do update set
    traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
    accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
    partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce;
  return null;
end
$$;

create trigger visit_rollups_insert after insert on visit_rollup_daily
  referencing new table as new_rows
  for each statement execute function visit_rollups_insert();
create trigger visit_rollups_update after update on visit_rollup_daily
  referencing old table as old_rows new table as new_rows
  for each statement execute function visit_rollups_update();
create trigger visit_rollups_delete after delete on visit_rollup_daily
  referencing old table as old_rows
  for each statement execute function visit_rollups_delete();

create function visit_rollup_step(p_limit integer) returns integer language plpgsql
set plan_cache_mode = force_generic_plan as $$
declare
  counted integer;
begin
  with moved as (
    delete from visit_rollup_pending
    where ctid = any(array(select ctid from visit_rollup_pending limit p_limit
      for update skip locked))
    returning day, pcode, property_uuid, theme_id, theme_language, regulation, state, country,
      device, os, browser, page_format, gbc_applicable, cop_applicable, advanced_applicable, variant,
      outcome, shown, gbc_consent, cop_choice, do_not_sell
  ), rolled as (
    insert into visit_rollup_daily (day, pcode, property_uuid, theme_id, theme_language, regulation,
      state, country, device, os, browser, page_format, gbc_applicable, cop_applicable,
      advanced_applicable, variant, outcome, shown, gbc_consent, cop_choice, do_not_sell, visits)
    select day, pcode, property_uuid, theme_id, theme_language, regulation, state, country, device,
      os, browser, page_format, gbc_applicable, cop_applicable, advanced_applicable, variant,
      outcome, shown, gbc_consent, cop_choice, do_not_sell, count(*)
    from moved
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21
    order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21
    on conflict on constraint visit_rollup_daily_key
    do update set visits = visit_rollup_daily.visits + excluded.visits
  )
  select count(*)::int into counted from moved;
  return counted;
end
$$;
