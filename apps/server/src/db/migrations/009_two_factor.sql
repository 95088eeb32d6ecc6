-- Two-factor sign-in (issue 19 item 22; docs/decisions.md). A user's TOTP secret is stored
-- encrypted (AES-256-GCM under a key derived from ASSENT_DATA_DIR/code-key), never in clear; the
-- pending one lives there between enrolment and its confirming code. totp_last_step refuses a
-- code's replay. Recovery codes are stored as HMAC-SHA-256 under the same key, each usable once.
-- A sign-in whose password was right waits in two_factor_challenges (the browser holds the token
-- in an httpOnly cookie, only its SHA-256 is stored) until the code: no session before it.
alter table users add column totp_secret text;
alter table users add column totp_pending_secret text;
alter table users add column totp_enabled_at timestamptz;
alter table users add column totp_last_step bigint;
create table recovery_codes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz
);
create index recovery_codes_user on recovery_codes (user_id);
create table two_factor_challenges (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  purpose text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index two_factor_challenges_user on two_factor_challenges (user_id);
alter table organisations add column require_two_factor boolean not null default false
