import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { CliError } from '../errors';
import { renderTable } from '../output/table';
import { openSession } from '../session';

export const listAccounts = defineCommand({
  options: z.object({ json: z.boolean().default(false), account: z.string().optional() }),
  async run(options, ctx) {
    const session = openSession(ctx);
    const organisations = await session.client.auth.organisations();
    const current = options.account || ctx.env.ASSENT_ACCOUNT || session.stored.account;
    return organisations
      .map((o) => ({
        code: o.pcode,
        name: o.name,
        current: o.pcode === current,
        consentOrPay: o.consentOrPayEnabled,
        premium: o.premiumEligible,
      }))
      .sort((a, b) => a.code.localeCompare(b.code));
  },
  render(rows, options, ctx) {
    if (options.json) return jsonOutput(rows);
    if (!rows.length) return { stdout: 'You are not a member of any account.\n' };
    return {
      stdout: renderTable(
        [
          { key: 'current', title: ' ', min: 1, format: (v) => (v ? '*' : '') },
          { key: 'code', title: 'ACCOUNT', min: 8 },
          { key: 'name', title: 'NAME' },
          { key: 'consentOrPay', title: 'CONSENT OR PAY', format: (v) => (v ? 'yes' : 'no') },
        ],
        rows,
        ctx,
      ),
    };
  },
});

export const useAccount = defineCommand({
  options: z.object({ code: z.string().trim().min(1) }),
  async run(options, ctx) {
    const session = openSession(ctx);
    if (!session.storedIsThisServer)
      throw new CliError(
        `assent accounts use changes the stored login, which is not for ${session.url}: set ASSENT_ACCOUNT=${options.code} (or pass --account ${options.code}) instead`,
      );
    const me = await session.client.auth.me();
    if (!me.pcodes.includes(options.code))
      throw new CliError(
        `You are not a member of account ${options.code} on ${session.url} (yours: ${me.pcodes.join(', ') || 'none'})`,
      );
    session.store.write({ ...session.store.read(), account: options.code });
    return { account: options.code, url: session.url };
  },
  render(data) {
    return { stdout: `Now using account ${data.account} on ${data.url}.\n` };
  },
});
