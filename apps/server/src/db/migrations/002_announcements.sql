-- Announcements shown to every signed-in user between start and end (operators insert them).
create table announcements (
  id text primary key,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  expire integer not null default 7,
  expire_units text not null default 'days',
  modal jsonb not null,
  created_at timestamptz not null default now()
);
create index announcements_window on announcements (starts_at, ends_at);
