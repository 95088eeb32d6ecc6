-- A property save's write without reading the row back (issue 16). Migration 014's property_save
-- returned the stored row with its theme's name as JSON: the server now builds its answer from
-- what it checked and wrote (the values, the row it read, the account's themes), so the
-- statement skips the join and the row's conversion to JSON. Otherwise as property_save: the
-- update, only if the row is still the version read (`p_row_version`, its xmin then) and
-- editable; the account's content version; the change's history row (`p_history`, null when the
-- save changed nothing). One statement, so all of it commits or none. Returns whether it wrote.
-- It replaces 014's property_save, which is dropped.
create or replace function property_write(p_pcode text, p_uuid text, p_identifier text,
  p_identifier_key text, p_theme_id text, p_cmp_version text, p_config jsonb, p_list_item jsonb,
  p_now timestamptz, p_row_version xid, p_history jsonb) returns boolean
language plpgsql as $$
begin
  update properties set identifier = p_identifier, identifier_key = p_identifier_key,
    theme_id = p_theme_id, cmp_version = p_cmp_version, config = p_config,
    list_item = jsonb_set(p_list_item, '{siteId}', to_jsonb(id)), updated_at = p_now
  where pcode = p_pcode and uuid = p_uuid and xmin = p_row_version and editable;
  if not found then
    return false;
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
  return true;
end
$$;

-- properties_pcode indexed the same columns as the unique properties_identifier (pcode,
-- identifier_key), which serves the same queries: every write that moved a row paid for two.
drop index if exists properties_pcode;

drop function if exists property_save(text, text, text, text, text, text, jsonb, jsonb,
  timestamptz, xid, jsonb);
