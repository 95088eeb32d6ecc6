-- A property save in one round trip when the server still holds the row it last wrote (issue 16).
-- The server keeps, per property, the row it read or wrote with its row version (xmin) and a
-- fingerprint of what the save's rules read of the account (the consent-or-pay switch and the
-- themes); a later save of that property checks against them and sends the write alone, which
-- writes only if the row and the fingerprint are still those. Otherwise it writes nothing and the
-- server reads again, as before.

-- What the save's rules read of an account, as one JSON value: the read returns it, the write
-- compares its md5 with the one the server checked against. PL/pgSQL, whose plan each connection
-- keeps (a SQL function called from another function is planned again at every call).
create function property_rule_context(p_pcode text) returns json
language plpgsql stable as $$
begin
  return json_build_object(
    'cop_enabled', (select o.cop_enabled from organisations o where o.pcode = p_pcode),
    'rule_themes', (select json_agg(refs order by lower(refs.name), refs.id) from (
       select th.id, th.name, th.theme_type, th.config->'gvlVersion' as gvl_version
       from themes th where th.pcode = p_pcode or th.pcode is null) refs));
end
$$;

-- 014's read, with the rule context's fingerprint (`context_version`).
create or replace function property_for_save(p_pcode text, p_uuid text) returns json
language plpgsql stable as $$
declare
  context json := property_rule_context(p_pcode);
  result json;
begin
  select row_to_json(x) into result from (
    select p.id, p.uuid, p.pcode, p.property_type, p.identifier, p.theme_id, p.cmp_version,
      p.editable, p.config, p.ab_tests, p.created_at, p.updated_at, t.name as theme_name,
      p.xmin::text as row_version, context->'cop_enabled' as cop_enabled,
      context->'rule_themes' as rule_themes, md5(context::text) as context_version
    from properties p
    left join themes t on t.id::text = p.theme_id and (t.pcode = p.pcode or t.pcode is null)
    where p.pcode = p_pcode and p.uuid = p_uuid) x;
  return result;
end
$$;

-- 025's write, returning the written row's new version (null when it wrote nothing). With
-- `p_context_version` (a save checked against a remembered row) it also writes nothing unless the
-- account's rule context still has that fingerprint; without it (the row was just read) it
-- checks the row version alone, as 025 did.
drop function if exists property_write(text, text, text, text, text, text, jsonb, jsonb,
  timestamptz, xid, jsonb);
create function property_write(p_pcode text, p_uuid text, p_identifier text,
  p_identifier_key text, p_theme_id text, p_cmp_version text, p_config jsonb, p_list_item jsonb,
  p_now timestamptz, p_row_version xid, p_history jsonb, p_context_version text) returns text
language plpgsql as $$
declare
  written text;
begin
  if p_context_version is not null
    and md5(property_rule_context(p_pcode)::text) <> p_context_version then
    return null;
  end if;
  update properties set identifier = p_identifier, identifier_key = p_identifier_key,
    theme_id = p_theme_id, cmp_version = p_cmp_version, config = p_config,
    list_item = jsonb_set(p_list_item, '{siteId}', to_jsonb(id)), updated_at = p_now
  where pcode = p_pcode and uuid = p_uuid and xmin = p_row_version and editable
  returning xmin::text into written;
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
  return written;
end
$$;
