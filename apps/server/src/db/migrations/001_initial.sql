-- Accounts (organisations), their members and identity.
create table organisations (
  id serial primary key,
  pcode text not null unique,
  name text not null,
  premium_eligible boolean not null default false,
  cop_enabled boolean not null default false,
  ssp_tos_accepted boolean not null default false,
    cmp_tos_accepted boolean not null default false,
  -- bumped by every write to the account's properties or themes (list caches and ETags)
  content_version integer not null default 0,
  created_at timestamptz not null default now()
);

create table users (
  id serial primary key,
  email text not null,
  given_name text not null,
  family_name text not null,
  company text not null default '',
  password_hash text,
  confirmed boolean not null default false,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table memberships (
  user_id integer not null references users (id) on delete cascade,
  organisation_id integer not null references organisations (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, organisation_id)
);

-- One-time codes sent by e-mail (sign-up confirmation, password reset); only hashes are stored.
create table verification_codes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  purpose text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index verification_codes_user on verification_codes (user_id, purpose);

-- Browser sessions: the cookie holds a random token, the table its SHA-256.
create table sessions (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
create index sessions_user on sessions (user_id);

-- Personal access tokens for the CLI and CI (Authorization: Bearer).
create table access_tokens (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  prefix text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index access_tokens_user on access_tokens (user_id);

-- Fixed-window counters for rate-limited routes (per IP and per account).
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);

-- Banner themes; pcode null marks the built-in default theme (id 1) every account can use.
create table themes (
  id serial primary key,
  pcode text references organisations (pcode) on delete cascade,
  theme_type text not null,
  name text not null,
  config jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index themes_pcode on themes (pcode);

-- Sites and apps. The identifier is the url or the package id; unique per account, any case.
create table properties (
  id serial primary key,
  uuid text not null unique,
  pcode text not null references organisations (pcode) on delete cascade,
  property_type text not null,
  identifier text not null,
  identifier_key text not null,
  theme_id text not null,
  cmp_version text not null,
  editable boolean not null default true,
  config jsonb not null,
  -- the properties list's row, computed from config on every write (lists read only this)
  list_item jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index properties_identifier on properties (pcode, identifier_key);
create index properties_pcode on properties (pcode, identifier_key);

create table vendor_selections (
  pcode text primary key references organisations (pcode) on delete cascade,
  config jsonb not null,
  vendor_list_version integer,
  updated_at timestamptz not null default now()
);

-- Cached external lists: the IAB Global Vendor Lists and Google's ad-technology providers.
create table external_lists (
  key text primary key,
  body text not null,
  version integer,
  etag text,
  fetched_at timestamptz not null,
  expires_at timestamptz not null,
  source text not null
);

create table text_change_requests (
  id serial primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  theme_id integer not null references themes (id) on delete cascade,
  language text not null,
  customization_type text not null,
  customization_text text not null,
  reason text not null,
  status text not null,
  created_by integer references users (id) on delete set null,
  decided_by integer references users (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index text_change_requests_theme on text_change_requests (theme_id);

create table surveys (
  id serial primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  user_id integer references users (id) on delete set null,
  answer integer not null,
  comment text not null default '',
  created_at timestamptz not null default now()
);

create table cop_banner_events (
  id serial primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  event_type text not null,
  user_id integer references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index cop_banner_events_pcode on cop_banner_events (pcode, created_at);

create table terms_acceptances (
  id serial primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  product_type text not null,
  email text not null,
  accepted boolean not null,
  created_at timestamptz not null default now()
);

-- Consent-log exports (download logs).
create table audit_logs (
  id text primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  property_uuid text,
  url text not null,
  end_date date not null,
  days_back integer not null,
  state text not null,
  rows integer,
  error text,
  csv text,
  is_downloaded boolean not null default false,
  hidden boolean not null default false,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index audit_logs_pcode on audit_logs (pcode, created_at);

-- Bulk updates: one row per job and one per property it changes, so a crash resumes exactly.
create table bulk_updates (
  id text primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  initiated_by text not null,
  status text not null,
  fields jsonb not null,
  total integer not null,
  job_id text,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  heartbeat_at timestamptz not null default now()
);
create index bulk_updates_pcode on bulk_updates (pcode, started_at);

create table bulk_update_items (
  bulk_update_id text not null references bulk_updates (id) on delete cascade,
  property_id integer not null,
  position integer not null,
  identifier text not null,
  -- this property's own changes (assent apply); null when the job's fields apply
  changes jsonb,
  status text not null,
  issues jsonb,
  processed_at timestamptz,
  primary key (bulk_update_id, property_id)
);
create index bulk_update_items_pending on bulk_update_items (bulk_update_id, status, position);

-- Page views posted by the consent runtime (one per view).
create table visits (
  id bigserial primary key,
  pcode text not null,
  property_uuid text not null,
  theme_id text,
  regulation text not null,
  outcome text not null,
  -- false when a stored choice was reused and no banner was shown
  shown boolean not null default true,
  page_format text not null,
  device text,
  os text,
  browser text,
  country text,
  region text,
  variant text,
  created_at timestamptz not null default now()
);
create index visits_property on visits (property_uuid, created_at);
create index visits_pcode on visits (pcode, created_at);
