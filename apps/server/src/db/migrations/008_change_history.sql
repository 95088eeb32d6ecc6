-- Change history (issue 19 item 21; docs/decisions.md): one row per configuration change (a
-- property, a theme, the vendor selection), written in the transaction of the change. Its own table,
-- not audit_logs (those are consent-log exports). actor is the e-mail of who made it, kept as text
-- so the history outlives a removed member; changes is the JSON diff [{field, from, to}] of core's
-- diffChanges. pcode is the account scope of every query.
create table change_history (
  id text primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  entity_type text not null,
  entity_id text not null,
  entity_name text not null,
  action text not null,
  actor text not null,
  token_name text,
  via text not null,
  bulk_update_id text,
  changes jsonb not null,
  created_at timestamptz not null,
  seq bigserial not null
);
create index change_history_pcode on change_history (pcode, created_at desc, seq desc);
create index change_history_entity on change_history (pcode, entity_type, entity_id, created_at desc, seq desc)
