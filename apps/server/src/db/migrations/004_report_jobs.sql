-- Saved reports (report jobs): on-demand and scheduled, per account (reports-and-account §3).
-- schedule_from is when the schedule last (re)started: periods before it (before creation, while
-- paused) are not owed a run. next_run_at is the first period not yet given a run.
create table report_jobs (
  id text primary key,
  pcode text not null references organisations (pcode) on delete cascade,
  name text not null,
  type text not null check (type in ('scheduled', 'on_demand')),
  active boolean not null default true,
  query jsonb not null,
  frequency text check (frequency in ('daily', 'weekly', 'monthly')),
  start_date date,
  end_date date,
  run_time text,
  recipients jsonb not null default '[]',
  schedule_from timestamptz not null,
  next_run_at timestamptz,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index report_jobs_pcode on report_jobs (pcode, type, created_at);
create index report_jobs_due on report_jobs (next_run_at) where type = 'scheduled' and active;

-- One row per run. A scheduled run is keyed by its period (the instant it is due): the unique key
-- makes each period run exactly once, whichever server or restart notices it first.
create table report_runs (
  id text primary key,
  job_id text not null references report_jobs (id) on delete cascade,
  pcode text not null,
  period_at timestamptz not null,
  status text not null check (status in ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED')),
  start_date date,
  end_date date,
  file_name text,
  csv text,
  size integer,
  rows integer,
  error text,
  attempts integer not null default 0,
  claimed_at timestamptz,
  mailed_at timestamptz,
  created_at timestamptz not null,
  finished_at timestamptz,
  unique (job_id, period_at)
);
create index report_runs_job on report_runs (job_id, period_at desc);
create index report_runs_pending on report_runs (status) where status in ('PENDING', 'RUNNING');
