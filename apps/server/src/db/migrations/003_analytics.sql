-- Consent analytics (docs/analytics.md): raw visits partitioned by UTC day, and a daily rollup
-- maintained in the same statement as each batch's insert. The server creates day partitions
-- ahead, drops those past ASSENT_VISITS_RETENTION_DAYS, and moves the rows of the former
-- unpartitioned table (visits_legacy) into these tables once, at start.
alter table visits rename to visits_legacy;
alter table visits_legacy rename constraint visits_pkey to visits_legacy_pkey;
alter index visits_property rename to visits_legacy_property;
alter index visits_pcode rename to visits_legacy_pcode;

create sequence visit_ids;

-- One row per page view, in the report vocabulary of core's reports/vocabulary.ts.
create table visits (
  id bigint not null default nextval('visit_ids'),
  pcode text not null,
  property_uuid text not null,
  theme_id text,
  theme_language text,
  -- 0 none, 1 GDPR, 2 CCPA (US national), 3 MSPA (US state), 10 GBC only
  regulation smallint not null,
  -- two-letter US state under US rules, else null
  state text,
  -- acceptAll, rejectAll, partial, bounce
  outcome text not null,
  -- false when a stored choice was reused and no banner was shown
  shown boolean not null,
  page_format text not null,
  device text not null,
  os text not null,
  browser text not null,
  country text,
  region text,
  variant text,
  gbc_applicable boolean not null default false,
  cop_applicable boolean not null default false,
  advanced_applicable boolean not null default false,
  created_at timestamptz not null
) partition by range (created_at);
create index visits_property on visits (property_uuid, created_at);
create index visits_pcode on visits (pcode, created_at);

-- Visit counts per UTC day and every dimension reports filter or group by.
create table visit_rollup_daily (
  day date not null,
  pcode text not null,
  property_uuid text not null,
  theme_id text,
  theme_language text,
  regulation smallint not null,
  state text,
  country text,
  device text not null,
  os text not null,
  browser text not null,
  page_format text not null,
  gbc_applicable boolean not null,
  cop_applicable boolean not null,
  advanced_applicable boolean not null,
  variant text,
  outcome text not null,
  shown boolean not null,
  visits bigint not null,
  constraint visit_rollup_daily_key unique nulls not distinct (day, pcode, property_uuid, theme_id,
    theme_language, regulation, state, country, device, os, browser, page_format, gbc_applicable,
    cop_applicable, advanced_applicable, variant, outcome, shown)
);
create index visit_rollup_daily_pcode on visit_rollup_daily (pcode, day);
create index visit_rollup_daily_property on visit_rollup_daily (property_uuid, day);
