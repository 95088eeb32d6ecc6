import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { cmpIdWarning } from '@assent/core/banner';
import { groupCommitSink } from './analytics/ingest/group-commit-sink';
import { spoolingSink } from './analytics/spool-sink';
import { consentRecordStore, reviveConsentRecord } from './banner/consent-sink';
import { runReport } from './analytics/queries';
import { copyAnalyticsToClickHouse } from './analytics/clickhouse/copy';
import type { CopyProgress, CopyResult } from './analytics/clickhouse/copy';
import { clickhouseAnalytics, databaseAnalytics } from './analytics/store';
import type { AnalyticsStore } from './analytics/store';
import { adoptLegacyVisits, watchVisitPartitions } from './analytics/storage';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { loadConfig } from './config';
import type { Db } from './db';
import { migrate, openDatabase } from './db';
import { runAuditLogExport } from './jobs/audit-log-export';
import { recoverBulkUpdates, runBulkUpdate, watchBulkUpdates } from './jobs/bulk-update';
import { createInteractiveGate } from './jobs/interactive-first';
import type { JobQueue } from './jobs/queue';
import { QUEUES, createJobQueue } from './jobs/queue';
import type { ReportRunDeps, RunReportQuery } from './jobs/report-run';
import { reportRunLeaseMs, runReportJob } from './jobs/report-run';
import { startReportScheduler } from './jobs/report-scheduler';
import { startAdminEndpoint } from './operator/admin-endpoint';
import type { OperationInput, OperationName } from './operator/operations';
import { runOperation } from './operator/run';
import { users } from './repositories/accounts';
import type { AppDeps } from './routes/context';
import { loadCodeKey } from './services/secrets';
import { createThrottle } from './services/throttle';
import { createExternalLists } from './services/external-lists';
import type { Logger } from './services/logger';
import { CallerCache } from './services/caller-cache';
import { LruCache } from './services/lru';
import { createLogoChecker } from './services/logo-check';
import { createMailer } from './services/mailer';
import type { StartPhases } from './services/start-phases';
import { startPhases } from './services/start-phases';
import { ensureBuiltInThemes, seedDemo } from './seed';

export { buildApp } from './app';
export type { BuildOptions } from './app';
export { loadConfig } from './config';
export type { ServerConfig } from './config';
export { migrate, openDatabase } from './db';
export { prepareTemplate as prepareDatabaseTemplate } from './db/template';
export type { Db } from './db';
export type { AppDeps } from './routes/context';
export { OperatorError } from './operator/operations';
export type {
  AccountSummary,
  OperationInput,
  OperationName,
  OperationResult,
} from './operator/operations';
export type { OperatorPath } from './operator/run';

/**
 * Writes a line to the terminal that started Assent (not to the request log). A failed write (a full
 * disk under redirected output, a closed pipe) loses the line, never the process.
 */
function print(stream: NodeJS.WriteStream, text: string) {
  try {
    stream.write(text);
  } catch {
    // The line is lost; the server goes on.
  }
}
const say = (line: string) => print(process.stdout, `${line}\n`);

/** One line per event: the message, then its details when there are any. */
const line = (obj: object, msg?: string) =>
  [msg ?? '', Object.keys(obj).length ? JSON.stringify(obj) : ''].filter(Boolean).join(' ');

const consoleLogger: Logger = {
  info: (obj, msg) => say(`assent: ${line(obj, msg)}`),
  warn: (obj, msg) => print(process.stderr, `assent: warning: ${line(obj, msg)}\n`),
  error: (obj, msg) => print(process.stderr, `assent: error: ${line(obj, msg)}\n`),
};

export interface Services {
  deps: AppDeps;
  jobs: JobQueue;
  db: Db;
  /**
   * Starts the job workers and resumes interrupted jobs (done by `startServices` itself unless
   * `workers` is false or 'later'); a second call does nothing.
   */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database, runs migrations and starts the job workers: everything but HTTP. Tests and
 * the CLI's server commands share it.
 */
export async function startServices(
  config: ServerConfig,
  options: {
    logger?: Logger;
    now?: () => Date;
    pollingIntervalSeconds?: number;
    /**
     * Start the job workers (true), never (false), or when the caller calls `startWorkers` ('later':
     * the server listens first, so recovery never races its start).
     * @default true
     */
    workers?: boolean | 'later';
    /** The query report runs use (tests may pass another). */
    reportQuery?: RunReportQuery;
    /** Records the end of each start-up phase. */
    phases?: StartPhases;
  } = {},
): Promise<Services> {
  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? (() => new Date());
  const mark = (name: string) => options.phases?.mark(name);
  mark('modules');
  const db = await openDatabase(config);
  mark('database-open');
  let analytics: AnalyticsStore | undefined;
  try {
    await migrate(db, (line) => logger.info({}, line));
    mark('migrations');
    analytics = config.analyticsUrl
      ? await clickhouseAnalytics(db, {
          url: config.analyticsUrl,
          timeoutMs: config.reports.timeoutMs,
          retentionDays: config.visitsRetentionDays,
          logger,
          cluster: config.clickhouseCluster,
        })
      : databaseAnalytics(db, {
          timeoutMs: config.reports.timeoutMs,
          rollupIntervalMs: config.rollupIntervalMs,
          logger,
        });
    await ensureBuiltInThemes(db, now());
    mark('analytics-themes');
    const jobs = await createJobQueue(db, logger, {
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    });
    mark('job-queue');
    const lists = createExternalLists({
      db,
      gvlBaseUrl: config.gvlBaseUrl,
      googleAtpUrl: config.googleAtpUrl,
      logger,
      now,
    });
    const mailer = createMailer({
      ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger,
    });
    const deps: AppDeps = {
      config,
      db,
      analytics,
      mailer,
      jobs,
      lists,
      logger,
      now,
      callers: new CallerCache(),
      propertyLists: new LruCache(200),
      savedProperties: new LruCache(500),
      // Visits the database cannot take (an outage) are spooled on disk and stored once it answers.
      visits: spoolingSink(
        groupCommitSink(db, {
          maxBatch: config.visitBatchMax,
          maxWaitMs: config.visitBatchWaitMs,
          logger,
          write: analytics.write,
        }),
        { dir: path.join(config.dataDir, 'visit-spool'), logger },
      ),
      // Consent records too (proof of consent): kept on disk until the database takes them.
      consents: spoolingSink(consentRecordStore(db), {
        dir: path.join(config.dataDir, 'consent-spool'),
        logger,
        revive: reviveConsentRecord,
        what: 'consent records',
      }),
      logos: createLogoChecker({ allowPrivate: config.allowPrivateFetch, now }),
      throttle: createThrottle(),
      codeKey: loadCodeKey(config.dataDir),
      interactive: createInteractiveGate({ waitForIdle: db.kind === 'pglite' }),
    };
    await adoptLegacyVisits(db, logger);
    const partitions = watchVisitPartitions(db, {
      now,
      retentionDays: config.visitsRetentionDays,
      consentRetentionDays: config.consentRetentionDays,
      logger,
    });
    await partitions.ready;
    mark('partitions');
    let stopWatching = () => {};
    let stopScheduler = async () => {};
    let workersStarted: Promise<void> | undefined;
    const startWorkers = () =>
      (workersStarted ??= (async () => {
        const reportRunDeps: ReportRunDeps = {
          db,
          mailer,
          logger,
          now,
          // The run's own limit answers at the time; this one also cancels the statement (PostgreSQL).
          runQuery:
            options.reportQuery ??
            ((pcode, body) => deps.analytics.run(pcode, (scope) => runReport(scope, body))),
          settings: {
            timeoutMs: config.reports.timeoutMs,
            attachMaxBytes: config.reports.attachMaxBytes,
            publicUrl: config.publicUrl ?? `http://${config.host}:${config.port}`,
          },
        };
        await jobs.work(QUEUES.reportRun, (data) =>
          runReportJob(reportRunDeps, String(data.runId)),
        );
        const scheduler = startReportScheduler(
          { db, jobs, logger, now, leaseMs: reportRunLeaseMs(config.reports) },
          config.reports.schedulerIntervalMs,
        );
        await scheduler.ready;
        stopScheduler = scheduler.stop;
        await jobs.work(QUEUES.bulkUpdate, (data) =>
          runBulkUpdate(deps, String(data.bulkUpdateId), { batchSize: config.bulkUpdateBatchSize }),
        );
        await jobs.work(QUEUES.auditLogExport, (data) =>
          runAuditLogExport(db, lists, logger, now, String(data.id)),
        );
        await recoverBulkUpdates(deps, { exclusive: db.kind === 'pglite' });
        stopWatching = watchBulkUpdates(deps);
      })());
    if (options.workers === undefined || options.workers === true) {
      await startWorkers();
      mark('workers');
    }
    return {
      deps,
      jobs,
      db,
      async startWorkers() {
        if (options.workers !== false) await startWorkers();
      },
      async close() {
        stopWatching();
        partitions.stop();
        await stopScheduler();
        await deps.visits.close();
        await deps.consents.close();
        await deps.analytics.close();
        await jobs.stop();
        await db.close();
      },
    };
  } catch (error) {
    await analytics?.close();
    await db.close();
    throw error;
  }
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** `assent server start` / `npm start`: the API, the console and the banner on one origin. */
export async function startServer(config: ServerConfig = loadConfig()): Promise<RunningServer> {
  // The workers (and the resumption of jobs a killed process left) start once the server listens:
  // recovery work never runs while Fastify waits for its plugins to start.
  const phases = startPhases();
  const services = await startServices(config, { workers: 'later', phases });
  const { deps } = services;
  let app: FastifyInstance | undefined;
  try {
    if (config.demo && (await users.count(deps.db)) === 0) {
      const demo = await seedDemo(deps, { password: config.demoPassword, phases });
      say('');
      say('  A demo account was created (this is printed once):');
      say(`    e-mail:   ${demo.email}`);
      say(`    password: ${demo.password}`);
      say(`    account:  p-${demo.pcode}`);
      say('');
      phases.mark('demo-visits');
    }
    app = await buildApp(deps);
    phases.mark('app-built');
    await app.listen({ host: config.host, port: config.port });
    phases.mark('listening');
    await services.startWorkers();
    phases.mark('workers');
  } catch (error) {
    await app?.close();
    await services.close();
    throw error;
  }
  // Operators' commands reach this process (which holds the embedded database) through it.
  const admin = await startAdminEndpoint({
    db: deps.db,
    now: deps.now,
    dataDir: config.dataDir,
    logger: deps.logger,
    afterOperation: () => deps.callers.forgetUser(),
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url =
    config.publicUrl ??
    `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  say(
    `Assent is running: ${url}  (API docs: ${url}/api/docs; database: ${deps.db.kind === 'pglite' ? path.join(config.dataDir, 'db') : 'PostgreSQL'})`,
  );
  if (process.env.ASSENT_START_PHASES === '1')
    say(`assent: start-up phases (ms): ${phases.summary()}`);
  const cmpWarning = cmpIdWarning(config.cmpId);
  if (cmpWarning) deps.logger.warn({}, cmpWarning);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await admin.close();
      await app.close();
      await services.close();
    })());
  return { app, url, close };
}

/** Runs until SIGINT or SIGTERM, then closes HTTP, the workers and the database. */
export async function runUntilSignalled(config?: ServerConfig): Promise<void> {
  // Output that cannot be written (ENOSPC, EPIPE) is dropped; it never stops the server.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  const server = await startServer(config);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      say(`assent: ${signal} received, shutting down`);
      server.close().then(resolve, (error: unknown) => {
        print(process.stderr, `assent: error while shutting down: ${(error as Error).message}\n`);
        resolve();
      });
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

/** `assent server migrate`. */
export async function runMigrations(config: ServerConfig = loadConfig()): Promise<number> {
  const db = await openDatabase(config);
  try {
    return await migrate(db, say);
  } finally {
    await db.close();
  }
}

/**
 * `assent server analytics copy-to-clickhouse`: copies the database's analytics history (raw visits
 * before `until`, and the rollup of the days past the retention) into ClickHouse at `url` (default
 * ASSENT_ANALYTICS_URL), in batches, reporting progress. On PGlite, stop the server first.
 */
export async function copyToClickHouse(
  options: {
    url?: string;
    until?: Date;
    batchSize?: number;
    onProgress?: (progress: CopyProgress) => void;
  },
  config: ServerConfig = loadConfig(),
): Promise<CopyResult> {
  const url = options.url ?? config.analyticsUrl;
  if (!url) throw new Error('Where to copy: pass --to clickhouse://… or set ASSENT_ANALYTICS_URL');
  const db = await openDatabase(config);
  try {
    await migrate(db, () => {});
    return await copyAnalyticsToClickHouse(db, {
      url,
      retentionDays: config.visitsRetentionDays,
      cluster: config.clickhouseCluster,
      until: options.until ?? new Date(),
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } finally {
    await db.close();
  }
}

/**
 * `assent server admin|account|announce …`: an operator command, through the admin endpoint of the
 * server running on the data directory, else on the database directly (operator/run.ts).
 */
export function operate<N extends OperationName>(
  name: N,
  input: OperationInput<N>,
  config: ServerConfig = loadConfig(),
) {
  return runOperation(name, input, config);
}

/** `assent server gvl import FILE`: stores a Global Vendor List for hosts without internet access. */
export async function importGvl(file: string, config: ServerConfig = loadConfig()) {
  const json = readFileSync(file, 'utf8');
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const lists = createExternalLists({
      db,
      gvlBaseUrl: config.gvlBaseUrl,
      googleAtpUrl: config.googleAtpUrl,
      logger: consoleLogger,
      now: () => new Date(),
    });
    return await lists.importVendorList(json, `import:${path.basename(file)}`);
  } finally {
    await db.close();
  }
}
