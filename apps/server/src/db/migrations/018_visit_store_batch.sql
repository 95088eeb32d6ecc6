-- The visit batch statement as a function (issue 10, docs/analytics.md "Rollup maintenance"), so
-- that its plan is made once per connection and kept (PL/pgSQL caches it; generic, since only the
-- arrays' contents change) instead of planned per batch. One call stores a batch's raw rows,
-- enriched with the theme's language and whether Advanced Customisation applies as configured when
-- the visit arrives (the same expressions as ENRICHED_COLUMNS in analytics/ingest/write-batch.ts,
-- which the ClickHouse store's enrichment uses: keep them in step), and appends the same visits by
-- rollup key to visit_rollup_pending (migration 021), which the background roll-up counts into the
-- rollups.
-- (Numbered before 021: table names in a PL/pgSQL body are resolved when it first runs.)
create function visit_store_batch(p_pcode text[], p_property_uuid text[], p_theme_id text[],
  p_regulation smallint[], p_state text[], p_outcome text[], p_shown boolean[], p_page_format text[],
  p_device text[], p_os text[], p_browser text[], p_country text[], p_region text[], p_variant text[],
  p_created_at timestamptz[], p_gbc_consent text[], p_cop_choice text[], p_do_not_sell text[])
returns void language plpgsql set plan_cache_mode = force_generic_plan as $$
begin
  with input as (
    select * from unnest(p_pcode, p_property_uuid, p_theme_id, p_regulation, p_state, p_outcome,
      p_shown, p_page_format, p_device, p_os, p_browser, p_country, p_region, p_variant,
      p_created_at, p_gbc_consent, p_cop_choice, p_do_not_sell)
      as u(pcode, property_uuid, theme_id, regulation, state, outcome, shown, page_format, device, os,
        browser, country, region, variant, created_at, gbc_consent, cop_choice, do_not_sell)
  ), enriched as (
    select u.*, u.gbc_consent is not null as gbc_applicable, u.cop_choice is not null as cop_applicable,
      t.config->>'language' as theme_language,
      coalesce(jsonb_array_length(t.config->'advancedCustomizationSettings') > 0, false)
        as advanced_applicable
    from input u
    left join properties p on p.uuid = u.property_uuid
    left join themes t on t.id = (case when u.theme_id ~ '^[0-9]{1,9}$' then u.theme_id::int end)
  ), inserted as (
    insert into visits (pcode, property_uuid, theme_id, theme_language, regulation, state, country,
      device, os, browser, page_format, gbc_applicable, cop_applicable, advanced_applicable, variant,
      outcome, shown, gbc_consent, cop_choice, do_not_sell, region, created_at)
    select pcode, property_uuid, theme_id, theme_language, regulation, state, country,
      device, os, browser, page_format, gbc_applicable, cop_applicable, advanced_applicable, variant,
      outcome, shown, gbc_consent, cop_choice, do_not_sell, region, created_at from enriched
  )
  insert into visit_rollup_pending (day, pcode, property_uuid, theme_id, theme_language, regulation,
    state, country, device, os, browser, page_format, gbc_applicable, cop_applicable,
    advanced_applicable, variant, outcome, shown, gbc_consent, cop_choice, do_not_sell)
  select (created_at at time zone 'UTC')::date, pcode, property_uuid, theme_id, theme_language,
    regulation, state, country, device, os, browser, page_format, gbc_applicable, cop_applicable,
    advanced_applicable, variant, outcome, shown, gbc_consent, cop_choice, do_not_sell from enriched;
end
$$;
