-- Rollups off the visit's hot path (issue 10, docs/analytics.md "Rollup maintenance"): a visit
-- batch's statement stores the raw rows and appends the same visits, by their rollup key, to
-- visit_rollup_pending; the server counts the pending rows into visit_rollup_daily (and, through
-- 019's triggers, the narrow rollups) in the background, every ASSENT_ROLLUP_INTERVAL_MS and before
-- every report query. A roll-up step deletes the rows it counts in the same statement as its
-- upsert, so a visit is counted exactly once whatever crashes or restarts; no index: rows are only
-- appended and taken whole.
create table visit_rollup_pending (
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
  gbc_consent text,
  cop_choice text,
  do_not_sell text
);
