import type { BulkUpdateJob } from '@assent/core/bulk-update';
import type { CliContext } from './context';
import { countsOf, createProgress } from './output/progress';
import type { AccountSession } from './session';

/** How often a running bulk update is polled. */
export const POLL_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Said when Ctrl-C stops the CLI while a bulk update runs: the job is the server's. */
export const STOPPED_FOLLOWING =
  'Stopped following the bulk update: it goes on on the server. Follow it with assent bulk-update status; running assent apply again waits for it, then applies only what is still different.';

/** Exit code after Ctrl-C (128 + SIGINT), as shells expect. */
const EXIT_INTERRUPTED = 130;

/** Polls the account's bulk update until it is done, showing progress on stderr. */
export async function followBulkUpdate(
  session: AccountSession,
  ctx: CliContext,
  first?: BulkUpdateJob,
): Promise<BulkUpdateJob> {
  const progress = createProgress(ctx);
  const interrupted = () => {
    progress.finish();
    ctx.stderr.write(`assent: ${STOPPED_FOLLOWING}\n`);
    process.exit(EXIT_INTERRUPTED);
  };
  process.once('SIGINT', interrupted);
  try {
    let job = first;
    for (;;) {
      if (job) progress.update(countsOf(job));
      if (job?.done) break;
      await sleep(POLL_MS);
      const status = await session.client.bulkUpdate.status({ query: { pCode: session.account } });
      if (!status.job) break;
      job = status.job;
    }
    progress.finish();
    return job!;
  } finally {
    process.removeListener('SIGINT', interrupted);
  }
}

/** Waits for a bulk update that is already running (a second one would be refused). */
export async function waitForRunningBulkUpdate(
  session: AccountSession,
  ctx: CliContext,
): Promise<void> {
  const status = await session.client.bulkUpdate.status({ query: { pCode: session.account } });
  if (!status.job || status.job.done) return;
  ctx.stderr.write(
    `A bulk update started by ${status.job.initiatedBy} at ${status.job.startedAt} is still running; waiting for it to finish.\n`,
  );
  await followBulkUpdate(session, ctx, status.job);
}
