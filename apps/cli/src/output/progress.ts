import { failedPropertyCount } from '@assent/core/bulk-update';
import type { CliContext } from '../context';
import { paint } from './style';

export interface JobCounts {
  successful: number;
  failed: number;
  pending: number;
  total: number;
}

/** The counts a progress line shows (failures are per rule, so properties are counted once). */
export const countsOf = (job: {
  successful: number;
  failed: ReadonlyArray<{ siteId: number }>;
  pending: number;
  total: number;
}): JobCounts => ({
  successful: job.successful,
  failed: failedPropertyCount(job.failed),
  pending: job.pending,
  total: job.total,
});

const BAR = 24;

/** One progress line; `color` is that of the stream it is written to. */
export function progressLine(counts: JobCounts, color: boolean, bar: boolean): string {
  const c = paint(color);
  const done = counts.total - counts.pending;
  const text = `${done}/${counts.total}  ${c('green', `updated ${counts.successful}`)}  ${
    counts.failed ? c('red', `failed ${counts.failed}`) : `failed ${counts.failed}`
  }  pending ${counts.pending}`;
  if (!bar) return text;
  const filled = counts.total ? Math.round((done / counts.total) * BAR) : BAR;
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${text}`;
}

/**
 * Progress of a bulk update on stderr: a bar redrawn in place on a terminal, otherwise one plain
 * line each time the counts change (CI logs stay readable).
 */
export function createProgress(ctx: Pick<CliContext, 'stderr' | 'color'>) {
  const tty = ctx.stderr.isTTY === true;
  let last = '';
  return {
    update(counts: JobCounts) {
      const line = progressLine(counts, ctx.color.stderr, tty);
      if (line === last) return;
      last = line;
      ctx.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
    },
    finish() {
      if (tty && last) ctx.stderr.write('\n');
    },
  };
}
