import PgBoss from 'pg-boss';
import type { Db } from '../db';
import type { Logger } from '../services/logger';

export const QUEUES = {
  bulkUpdate: 'bulk-update',
  auditLogExport: 'audit-log-export',
  reportRun: 'report-run',
} as const;

/**
 * Queues whose jobs carry a singletonKey that pg-boss keeps unique (at most one job per key
 * queued and one active: 'stately').
 */
const STATELY_QUEUES: ReadonlySet<QueueName> = new Set([QUEUES.reportRun]);
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type Worker = (data: Record<string, unknown>) => Promise<void>;

/** Durable jobs on the application's own database (pg-boss), on PGlite and PostgreSQL alike. */
export interface JobQueue {
  send(
    queue: QueueName,
    data: Record<string, unknown>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  /** Starts consuming; each job runs `worker` and is retried when it throws or its process dies. */
  work(queue: QueueName, worker: Worker): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  pollingIntervalSeconds?: number;
}

export async function createJobQueue(
  db: Db,
  logger: Logger,
  options: QueueOptions = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) =>
        db.executeSql(text, values) as Promise<{ rows: unknown[] }>,
    },
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: false,
    // Our bulk-update table makes every job idempotent, so a retried job resumes where it stopped.
    retryLimit: 20,
    retryDelay: 2,
    expireInSeconds: 15 * 60,
  });
  boss.on('error', (error: Error) => logger.error({ err: error.message }, 'job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(
      name,
      STATELY_QUEUES.has(name) ? { name, policy: 'stately' } : undefined,
    );
  }
  const polling = options.pollingIntervalSeconds ?? 1;
  return {
    send: (queue, data, sendOptions = {}) => boss.send(queue, data, sendOptions),
    async work(queue, worker) {
      await boss.work(queue, { pollingIntervalSeconds: polling, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await worker(job.data as Record<string, unknown>);
        } catch (error) {
          logger.error(
            { queue, job: job.id, err: (error as Error).message },
            'job failed; it will be retried',
          );
          throw error;
        }
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
