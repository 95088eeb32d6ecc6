-- Invitations to join an account (issue 17 item 16; docs/decisions.md). The mailed link carries
-- a random 32-byte token; only its SHA-256 is stored. A row is pending until accepted, revoked or
-- past expires_at (7 days after created_at). pcode is the account scope of every query.
create table invitations (
  id text primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  email text not null,
  invited_by integer references users (id) on delete set null,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by integer references users (id) on delete set null,
  revoked_at timestamptz
);
create index invitations_pcode on invitations (pcode, created_at);
