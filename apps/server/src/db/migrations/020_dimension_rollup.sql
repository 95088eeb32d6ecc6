-- A rollup per report-builder dimension (docs/analytics.md, "The narrow rollups"): per account,
-- property and UTC day, the six counts of each value of one dimension, for every dimension the
-- builder splits by alone (besides country, which visit_rollup_country keeps) and the properties'
-- US sections. One row per (day, property, dimension, value): at 10 million generated visits about
-- 80 thousand rows in all, where visit_rollup_dashboard holds 335 thousand and the daily rollup
-- millions, so a split by OS over 30 days reads a few thousand rows through the key's index.
--
-- Its views (visit_rollup_by_*) show one dimension each under the daily rollup's column name, so
-- the query layer reads them as any other rollup (analytics/queries.ts, POSTGRES_NARROW_ROLLUPS).
-- Their typed columns are CASE expressions guarded by the dimension, so that a pushed-down filter
-- never casts another dimension's value.
--
-- Kept exact like 019's rollups, by statement triggers on visit_rollup_daily: inserted rows add,
-- updated rows add their difference, deleted rows subtract, a truncate empties it.
--
-- Dimensions and their values (text): regulation (its code), device, page_format, os, browser,
-- theme_id, theme_language, gbc_applicable, cop_applicable, advanced_applicable ('true'/'false'),
-- and us_section: the regulation with the US state, 'code:STATE' ('code:' without a state).
create table visit_rollup_dimension (
  pcode text not null,
  dimension text not null,
  day date not null,
  property_uuid text not null,
  value text,
  traffic bigint not null,
  shown bigint not null,
  accept_all bigint not null,
  reject_all bigint not null,
  partial bigint not null,
  bounce bigint not null,
  constraint visit_rollup_dimension_key unique nulls not distinct (pcode, dimension, day,
    property_uuid, value)
);

create function visit_rollup_dimension_apply() returns trigger language plpgsql as $$
declare
  cols text := 'pcode, day, property_uuid, regulation, state, device, page_format, os, browser,
    theme_id, theme_language, gbc_applicable, cop_applicable, advanced_applicable, outcome, shown';
  changes text;
begin
  changes := case tg_op
    when 'INSERT' then format('select %s, visits from new_rows', cols)
    when 'UPDATE' then format('select %s, visits from new_rows union all select %s, -visits as visits from old_rows', cols, cols)
    else format('select %s, -visits as visits from old_rows', cols)
  end;
  execute format('insert into visit_rollup_dimension as r (pcode, dimension, day, property_uuid,
      value, traffic, shown, accept_all, reject_all, partial, bounce)
    select c.pcode, d.dimension, c.day, c.property_uuid, d.value, sum(visits),
      coalesce(sum(visits) filter (where shown), 0),
      coalesce(sum(visits) filter (where shown and outcome = ''acceptAll''), 0),
      coalesce(sum(visits) filter (where shown and outcome = ''rejectAll''), 0),
      coalesce(sum(visits) filter (where shown and outcome = ''partial''), 0),
      coalesce(sum(visits) filter (where shown and outcome = ''bounce''), 0)
    from (%s) c cross join lateral (values (''regulation'', c.regulation::text),
      (''device'', c.device), (''page_format'', c.page_format), (''os'', c.os),
      (''browser'', c.browser), (''theme_id'', c.theme_id),
      (''theme_language'', c.theme_language), (''gbc_applicable'', c.gbc_applicable::text),
      (''cop_applicable'', c.cop_applicable::text),
      (''advanced_applicable'', c.advanced_applicable::text),
      (''us_section'', c.regulation::text || '':'' || coalesce(c.state, ''''))) d(dimension, value)
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict on constraint visit_rollup_dimension_key do update set
      traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce', changes);
  return null;
end
$$;

create function visit_rollup_dimension_truncate() returns trigger language plpgsql as $$
begin
  truncate visit_rollup_dimension;
  return null;
end
$$;

create trigger visit_rollup_dimension_insert after insert on visit_rollup_daily
  referencing new table as new_rows
  for each statement execute function visit_rollup_dimension_apply();
create trigger visit_rollup_dimension_update after update on visit_rollup_daily
  referencing old table as old_rows new table as new_rows
  for each statement execute function visit_rollup_dimension_apply();
create trigger visit_rollup_dimension_delete after delete on visit_rollup_daily
  referencing old table as old_rows
  for each statement execute function visit_rollup_dimension_apply();
create trigger visit_rollup_dimension_truncate after truncate on visit_rollup_daily
  for each statement execute function visit_rollup_dimension_truncate();

-- One view per dimension, under the daily rollup's column names.
create view visit_rollup_by_regulation as
select pcode, day, property_uuid,
  case when dimension = 'regulation' then value::smallint end as regulation,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'regulation';
create view visit_rollup_by_device as
select pcode, day, property_uuid, value as device,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'device';
create view visit_rollup_by_page_format as
select pcode, day, property_uuid, value as page_format,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'page_format';
create view visit_rollup_by_os as
select pcode, day, property_uuid, value as os,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'os';
create view visit_rollup_by_browser as
select pcode, day, property_uuid, value as browser,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'browser';
create view visit_rollup_by_theme as
select pcode, day, property_uuid, value as theme_id,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'theme_id';
create view visit_rollup_by_theme_language as
select pcode, day, property_uuid, value as theme_language,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'theme_language';
create view visit_rollup_by_gbc_applicable as
select pcode, day, property_uuid,
  case when dimension = 'gbc_applicable' then value::boolean end as gbc_applicable,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'gbc_applicable';
create view visit_rollup_by_cop_applicable as
select pcode, day, property_uuid,
  case when dimension = 'cop_applicable' then value::boolean end as cop_applicable,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'cop_applicable';
create view visit_rollup_by_advanced_applicable as
select pcode, day, property_uuid,
  case when dimension = 'advanced_applicable' then value::boolean end as advanced_applicable,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'advanced_applicable';
create view visit_rollup_by_us_section as
select pcode, day, property_uuid,
  case when dimension = 'us_section' then split_part(value, ':', 1)::smallint end as regulation,
  case when dimension = 'us_section' then nullif(split_part(value, ':', 2), '') end as state,
  traffic, shown, accept_all, reject_all, partial, bounce
from visit_rollup_dimension where dimension = 'us_section';

-- What the daily rollup already holds.
insert into visit_rollup_dimension (pcode, dimension, day, property_uuid, value, traffic, shown,
  accept_all, reject_all, partial, bounce)
select c.pcode, d.dimension, c.day, c.property_uuid, d.value, sum(visits),
  coalesce(sum(visits) filter (where shown), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'acceptAll'), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'rejectAll'), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'partial'), 0),
  coalesce(sum(visits) filter (where shown and outcome = 'bounce'), 0)
from visit_rollup_daily c cross join lateral (values ('regulation', c.regulation::text),
  ('device', c.device), ('page_format', c.page_format), ('os', c.os), ('browser', c.browser),
  ('theme_id', c.theme_id), ('theme_language', c.theme_language),
  ('gbc_applicable', c.gbc_applicable::text), ('cop_applicable', c.cop_applicable::text),
  ('advanced_applicable', c.advanced_applicable::text),
  ('us_section', c.regulation::text || ':' || coalesce(c.state, ''))) d(dimension, value)
group by 1, 2, 3, 4, 5;
