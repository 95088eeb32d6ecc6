-- Weekly twins of the country and per-dimension rollups (issue 10, docs/analytics.md "The narrow
-- rollups"). A 30-day country table read about 15,000 rows of visit_rollup_country per range at 10
-- million visits (a row per day, property and country), and the properties' analytics 7,800 rows
-- of the US section: their p95s were the only ones over 100 ms on PostgreSQL. The same counts per
-- ISO week (`day` is the week's Monday) hold a seventh of the rows; a query that does not split by
-- day or month reads its range's whole weeks here and only the days at either end from the daily
-- table (analytics/queries.ts), with the same sums.
--
-- Kept by the daily rollup's statement triggers (024's functions, made again here from the same
-- text with the weekly sums added), in the same statement and transaction as the daily rows.
create table visit_rollup_country_weekly (
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
  constraint visit_rollup_country_weekly_key unique nulls not distinct (pcode, day, property_uuid,
    country)
);

create table visit_rollup_dimension_weekly (
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
  constraint visit_rollup_dimension_weekly_key unique nulls not distinct (pcode, dimension, day,
    property_uuid, value)
);

-- What the daily narrow rollups already hold.
insert into visit_rollup_country_weekly (pcode, day, property_uuid, country, traffic, shown,
  accept_all, reject_all, partial, bounce)
select pcode, day - (extract(isodow from day)::int - 1), property_uuid, country, sum(traffic), sum(shown),
  sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
from visit_rollup_country group by 1, 2, 3, 4;

insert into visit_rollup_dimension_weekly (pcode, dimension, day, property_uuid, value, traffic,
  shown, accept_all, reject_all, partial, bounce)
select pcode, dimension, day - (extract(isodow from day)::int - 1), property_uuid, value, sum(traffic),
  sum(shown), sum(accept_all), sum(reject_all), sum(partial), sum(bounce)
from visit_rollup_dimension group by 1, 2, 3, 4, 5;

-- One view per dimension, as 020's visit_rollup_by_* over the weekly table.
do $views$
declare
  name text;
begin
  foreach name in array array['regulation', 'device', 'page_format', 'os', 'browser', 'theme',
    'theme_language', 'gbc_applicable', 'cop_applicable', 'advanced_applicable', 'us_section'] loop
    execute format('create view %I as %s', 'visit_rollup_weekly_by_' || name,
      rtrim(replace(pg_get_viewdef(('visit_rollup_by_' || name)::regclass),
        'visit_rollup_dimension', 'visit_rollup_dimension_weekly'), ';'));
  end loop;
end
$views$;

create function visit_rollups_weekly_truncate() returns trigger language plpgsql as $$
begin
  truncate visit_rollup_country_weekly, visit_rollup_dimension_weekly;
  return null;
end
$$;
create trigger visit_rollups_weekly_truncate after truncate on visit_rollup_daily
  for each statement execute function visit_rollups_weekly_truncate();

-- 024's three trigger functions with the weekly sums: the country part's daily sums (kc) and the
-- per-dimension sums (g) are each added to their weekly table by the week's Monday.
do $migration$
declare
  -- The rows of a transition table as signed counts: {rows} the table, {sign} empty or a minus.
  counts constant text := '
    select pcode, day, property_uuid, regulation, state, country, device, page_format, os,
      browser, theme_id, theme_language, gbc_applicable, cop_applicable, advanced_applicable,
      {sign}visits as traffic, case when shown then {sign}visits else 0 end as shown,
      case when shown and outcome = ''acceptAll'' then {sign}visits else 0 end as accept_all,
      case when shown and outcome = ''rejectAll'' then {sign}visits else 0 end as reject_all,
      case when shown and outcome = ''partial'' then {sign}visits else 0 end as partial,
      case when shown and outcome = ''bounce'' then {sign}visits else 0 end as bounce
    from {rows}';
  sums constant text := 'sum(traffic), sum(shown), sum(accept_all), sum(reject_all), sum(partial),
      sum(bounce)';
  named_sums constant text := 'sum(traffic) as traffic, sum(shown) as shown,
      sum(accept_all) as accept_all, sum(reject_all) as reject_all, sum(partial) as partial,
      sum(bounce) as bounce';
  upsert constant text := 'traffic = r.traffic + excluded.traffic, shown = r.shown + excluded.shown,
      accept_all = r.accept_all + excluded.accept_all, reject_all = r.reject_all + excluded.reject_all,
      partial = r.partial + excluded.partial, bounce = r.bounce + excluded.bounce';
  per_dimension text;
  body text;
  rows_of text;
begin
  -- Each dimension of visit_rollup_dimension (020) and its value, summed on its own.
  select string_agg(format('select pcode, %L as dimension, day, property_uuid, %s as value, %s
      from c group by 1, 3, 4, 5', name, value, named_sums), '
    union all ' order by n)
  into per_dimension
  from (values (1, 'regulation', 'regulation::text'), (2, 'device', 'device'),
    (3, 'page_format', 'page_format'), (4, 'os', 'os'), (5, 'browser', 'browser'),
    (6, 'theme_id', 'theme_id'), (7, 'theme_language', 'theme_language'),
    (8, 'gbc_applicable', 'gbc_applicable::text'), (9, 'cop_applicable', 'cop_applicable::text'),
    (10, 'advanced_applicable', 'advanced_applicable::text'),
    (11, 'us_section', 'regulation::text || '':'' || coalesce(state, '''')')) v(n, name, value);
  foreach rows_of in array array['insert', 'update', 'delete'] loop
    body := '
  with c as materialized (' ||
      case rows_of
        when 'insert' then replace(replace(counts, '{rows}', 'new_rows'), '{sign}', '')
        when 'delete' then replace(replace(counts, '{rows}', 'old_rows'), '{sign}', '-')
        else replace(replace(counts, '{rows}', 'new_rows'), '{sign}', '') || '
    union all' || replace(replace(counts, '{rows}', 'old_rows'), '{sign}', '-')
      end || '
  ), d as (
    insert into visit_rollup_dashboard as r (pcode, day, property_uuid, regulation, state, country,
      device, page_format, traffic, shown, accept_all, reject_all, partial, bounce)
    select pcode, day, property_uuid, regulation, state, country, device, page_format, ' || sums || '
    from c group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict on constraint visit_rollup_dashboard_key do update set ' || upsert || '
  ), kc as (
    select pcode, day, property_uuid, country, ' || named_sums || '
    from c group by 1, 2, 3, 4
  ), k as (
    insert into visit_rollup_country as r (pcode, day, property_uuid, country, traffic, shown,
      accept_all, reject_all, partial, bounce)
    select * from kc order by 1, 2, 3, 4
    on conflict on constraint visit_rollup_country_key do update set ' || upsert || '
  ), kw as (
    insert into visit_rollup_country_weekly as r (pcode, day, property_uuid, country, traffic,
      shown, accept_all, reject_all, partial, bounce)
    select pcode, day - (extract(isodow from day)::int - 1), property_uuid, country, ' || sums || '
    from kc group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict on constraint visit_rollup_country_weekly_key do update set ' || upsert || '
  ), g as (
    ' || per_dimension || '
  ), gw as (
    insert into visit_rollup_dimension_weekly as r (pcode, dimension, day, property_uuid, value,
      traffic, shown, accept_all, reject_all, partial, bounce)
    select pcode, dimension, day - (extract(isodow from day)::int - 1), property_uuid, value, ' || sums || '
    from g group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict on constraint visit_rollup_dimension_weekly_key do update set ' || upsert || '
  )
  insert into visit_rollup_dimension as r (pcode, dimension, day, property_uuid, value, traffic,
    shown, accept_all, reject_all, partial, bounce)
  select * from g order by 1, 2, 3, 4, 5
  on conflict on constraint visit_rollup_dimension_key do update set ' || upsert;
    execute format('create or replace function %I() returns trigger language plpgsql as %L',
      'visit_rollups_' || rows_of, 'begin' || body || ';
  return null;
end');
  end loop;
end
$migration$;
