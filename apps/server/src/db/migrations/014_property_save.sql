-- A property save's read and write (issue 16) as functions. The read: the site's row with its theme's name and row
-- version (xmin), and what the save's rules read of its account (the consent-or-pay switch and
-- the themes as validation sees them), as one JSON value. A PL/pgSQL function keeps its plan for
-- the connection, and one JSON column is one value to decode: on PGlite the same query sent as
-- text with a dozen columns cost about four times as much per call. Unlocked: the save writes
-- only if the row version is still this one (repositories/properties.ts updateIfUnchanged).
create function property_for_save(p_pcode text, p_uuid text) returns json
language plpgsql stable as $$
declare
  result json;
begin
  select row_to_json(x) into result from (
    select p.id, p.uuid, p.pcode, p.property_type, p.identifier, p.theme_id, p.cmp_version,
      p.editable, p.config, p.ab_tests, p.created_at, p.updated_at, t.name as theme_name,
      p.xmin::text as row_version,
      (select o.cop_enabled from organisations o where o.pcode = p_pcode) as cop_enabled,
      (select json_agg(refs order by lower(refs.name), refs.id) from (
         select th.id, th.name, th.theme_type, th.config->'gvlVersion' as gvl_version
         from themes th where th.pcode = p_pcode or th.pcode is null) refs) as rule_themes
    from properties p
    left join themes t on t.id::text = p.theme_id and (t.pcode = p.pcode or t.pcode is null)
    where p.pcode = p_pcode and p.uuid = p_uuid) x;
  return result;
end
$$;

-- The save's write, as a function for the same reasons: the update, only if the row is still the
-- version read (`p_row_version`, its xmin then) and editable; the account's content version; and
-- the change's history row (`p_history`, as changeHistory.recordValues builds it; null when the
-- save changed nothing). One statement, so all of it commits or none. Returns the stored row with
-- its theme's name as JSON, or null when nothing was written (the caller saves again with the
-- row locked).
create function property_save(p_pcode text, p_uuid text, p_identifier text,
  p_identifier_key text, p_theme_id text, p_cmp_version text, p_config jsonb, p_list_item jsonb,
  p_now timestamptz, p_row_version xid, p_history jsonb) returns json
language plpgsql as $$
declare
  saved properties;
  result json;
begin
  update properties set identifier = p_identifier, identifier_key = p_identifier_key,
    theme_id = p_theme_id, cmp_version = p_cmp_version, config = p_config,
    list_item = jsonb_set(p_list_item, '{siteId}', to_jsonb(id)), updated_at = p_now
  where pcode = p_pcode and uuid = p_uuid and xmin = p_row_version and editable
  returning * into saved;
  if not found then
    return null;
  end if;
  update organisations set content_version = content_version + 1 where pcode = p_pcode;
  if p_history is not null then
    insert into change_history (id, pcode, entity_type, entity_id, entity_name, action, actor,
      token_name, via, bulk_update_id, changes, created_at)
    values (p_history->>'id', p_pcode, p_history->>'entityType', p_history->>'entityId',
      p_history->>'entityName', p_history->>'action', p_history->>'actor',
      p_history->>'tokenName', p_history->>'via', p_history->>'bulkUpdateId',
      p_history->'changes', p_now);
  end if;
  select row_to_json(x) into result from (
    select p.id, p.uuid, p.pcode, p.property_type, p.identifier, p.theme_id, p.cmp_version,
      p.editable, p.config, p.ab_tests, p.created_at, p.updated_at, t.name as theme_name
    from (select (saved).*) p
    left join themes t on t.id::text = p.theme_id and (t.pcode = p.pcode or t.pcode is null)) x;
  return result;
end
$$;
