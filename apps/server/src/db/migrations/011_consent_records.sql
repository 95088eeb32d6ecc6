-- Proof of consent (docs/consent-records.md): one row per visitor choice, sent by the runtime to
-- POST /banner/consent with a random consent id the visitor can read in the banner's settings.
-- Kept ASSENT_CONSENT_RETENTION_DAYS (default 1826, 5 years); older rows are purged by the
-- server's hourly maintenance. pcode is the account scope of every query.
create table consent_records (
  id text primary key,
  pcode text not null,
  property_uuid text not null,
  created_at timestamptz not null,
  config_version text not null,
  vendor_list_version integer,
  tc_string text,
  gpp_string text,
  usp_string text,
  -- core's ConsentChoices (audit-log/consent-record.ts)
  choices jsonb not null,
  country text
);
create index consent_records_property on consent_records (property_uuid, created_at);
create index consent_records_created on consent_records (created_at);
