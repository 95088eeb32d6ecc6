import type { Announcement } from '@assent/core/account';
import { AnnouncementExpireUnit } from '@assent/core/account';
import type {
  AccountSummary,
  OperationInput,
  OperationName,
  OperationResult,
} from '@assent/server';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { CliError } from '../errors';
import { renderTable } from '../output/table';
import { loadServer } from '../server-module';

/*
 * The operators' commands (`assent server admin|account|announce …`). Each runs on the server
 * holding the data directory (its loopback admin endpoint) or, when none runs, on the database
 * directly: the server module decides (operate).
 */

async function operate<N extends OperationName>(
  name: N,
  input: OperationInput<N>,
): Promise<OperationResult<N>> {
  const server = await loadServer();
  try {
    return (await server.operate(name, input)).result;
  } catch (error) {
    if (error instanceof server.OperatorError) throw new CliError(error.message);
    throw error;
  }
}

const Code = z.string().trim().min(1);
const Email = z.string().trim().min(1);
const accountLine = (a: Pick<AccountSummary, 'pcode' | 'name'>) => `p-${a.pcode} (${a.name})`;

export const adminGrant = defineCommand({
  options: z.object({ email: Email }),
  run: (options) => operate('adminGrant', options),
  render: (data) => ({ stdout: `${data.email} is now an administrator\n` }),
});

export const accountFlags = defineCommand({
  options: z.object({
    code: Code,
    premiumEligible: z.boolean().optional(),
    consentOrPay: z.boolean().optional(),
  }),
  run: ({ code, premiumEligible, consentOrPay }) =>
    operate('accountFlags', {
      pcode: code,
      ...(premiumEligible !== undefined ? { premiumEligible } : {}),
      ...(consentOrPay !== undefined ? { copEnabled: consentOrPay } : {}),
    }),
  render: (a) => ({
    stdout: `p-${a.pcode}: premium eligible ${a.premiumEligible ? 'yes' : 'no'}, Consent or Pay ${a.copEnabled ? 'enabled' : 'disabled'}\n`,
  }),
});

export const accountList = defineCommand({
  options: z.object({ json: z.boolean().default(false) }),
  run: () => operate('accountList', {}),
  render(rows, options, ctx) {
    if (options.json) return jsonOutput(rows);
    if (!rows.length) return { stdout: 'No accounts yet.\n' };
    return {
      stdout: renderTable<AccountSummary>(
        [
          { key: 'pcode', title: 'ACCOUNT', min: 10, format: (v) => `p-${String(v)}` },
          { key: 'name', title: 'NAME', wrap: true },
          { key: 'premiumEligible', title: 'PREMIUM', format: (v) => (v ? 'yes' : 'no') },
          { key: 'copEnabled', title: 'CONSENT OR PAY', format: (v) => (v ? 'yes' : 'no') },
          {
            key: 'members',
            title: 'MEMBERS',
            wrap: true,
            format: (v) => (v as string[]).join(', '),
          },
        ],
        rows,
        ctx,
      ),
    };
  },
});

export const accountAddMember = defineCommand({
  options: z.object({ email: Email, code: Code }),
  run: ({ email, code }) => operate('accountAddMember', { email, pcode: code }),
  render: (data, { email }) => ({
    stdout: data.added
      ? `${email} is now a member of ${accountLine(data.account)}\n`
      : `${email} is already a member of ${accountLine(data.account)}\n`,
  }),
});

export const accountRemoveMember = defineCommand({
  options: z.object({ email: Email, code: Code }),
  run: ({ email, code }) => operate('accountRemoveMember', { email, pcode: code }),
  render: (account, { email }) => ({
    stdout: `${email} is no longer a member of ${accountLine(account)}\n`,
  }),
});

const DURATION_UNITS: Record<string, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * A point in time from the command line: an ISO date or instant, `now`, or a duration after
 * `from` (`90m`, `12h`, `7d`, `2w`).
 */
export function parseWhen(option: string, value: string, from: Date): string {
  const duration = /^(\d+)([mhdw])$/.exec(value.trim());
  if (duration)
    return new Date(
      from.getTime() + Number(duration[1]) * DURATION_UNITS[duration[2]!]!,
    ).toISOString();
  if (value.trim() === 'now') return from.toISOString();
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw new CliError(
      `${option}: "${value}" is not a date: use an ISO date or time (2026-12-01, 2026-12-01T09:00:00Z), now, or a duration such as 90m, 12h, 7d, 2w`,
    );
  return new Date(time).toISOString();
}

export const announceCreate = defineCommand({
  options: z.object({
    title: z.string(),
    text: z.string(),
    start: z.string().optional(),
    end: z.string(),
    expire: z.coerce.number().int().nonnegative().default(7),
    expireUnits: AnnouncementExpireUnit.default('days'),
    id: z.string().optional(),
    imageUrl: z.string().optional(),
    linkText: z.string().optional(),
    linkUrl: z.string().optional(),
    json: z.boolean().default(false),
  }),
  run({ title, text, start, end, json: _json, ...rest }) {
    const startAt = parseWhen('--start', start ?? 'now', new Date());
    return operate('announceCreate', {
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      title,
      content: text.replace(/\\n/g, '\n'),
      start: startAt,
      end: parseWhen('--end', end, new Date(startAt)),
    });
  },
  render: (a, options) =>
    options.json
      ? jsonOutput(a)
      : { stdout: `Announcement ${a.id} created: shown from ${a.start} to ${a.end}\n` },
});

/** running, scheduled or ended, at `now`. */
const stateOf = (a: Announcement, now: number) =>
  now < Date.parse(a.start) ? 'scheduled' : now > Date.parse(a.end) ? 'ended' : 'running';

export const announceList = defineCommand({
  options: z.object({ all: z.boolean().default(false), json: z.boolean().default(false) }),
  run: ({ all }) => operate('announceList', { all }),
  render(rows, options, ctx) {
    if (options.json) return jsonOutput(rows);
    if (!rows.length)
      return {
        stdout: options.all
          ? 'No announcements.\n'
          : 'No announcement is running or scheduled (--all lists ended ones too).\n',
      };
    const now = Date.now();
    const table = rows.map((a) => ({
      id: a.id,
      state: stateOf(a, now),
      start: a.start,
      end: a.end,
      title: a.modal.title,
    }));
    return {
      stdout: renderTable(
        [
          { key: 'id', title: 'ID' },
          { key: 'state', title: 'STATE' },
          { key: 'start', title: 'START', min: 24 },
          { key: 'end', title: 'END', min: 24 },
          { key: 'title', title: 'TITLE', wrap: true },
        ],
        table,
        ctx,
      ),
    };
  },
});

export const announceEnd = defineCommand({
  options: z.object({ id: z.string().trim().min(1) }),
  run: ({ id }) => operate('announceEnd', { id }),
  render: (a) => ({ stdout: `Announcement ${a.id} ended at ${a.end}\n` }),
});
