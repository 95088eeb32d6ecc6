import type { Command } from 'commander';
import type { CommandSpec } from '../command';
import type { CliContext } from '../context';
import type * as OperatorCommands from './operator';
import { CliError } from '../errors';
import { loadServer } from '../server-module';

/** Runs one of the operator commands (loaded when it runs) with the options `toRaw` builds. */
function operatorAction(
  ctx: CliContext,
  name: keyof typeof OperatorCommands,
  toRaw: (...args: unknown[]) => Record<string, unknown>,
) {
  return async (...args: unknown[]) => {
    const [{ execute }, commands] = await Promise.all([import('../command'), import('./operator')]);
    const spec = commands[name] as unknown as CommandSpec<unknown, unknown>;
    ctx.exitCode = await execute(spec, toRaw(...args), ctx);
  };
}

/** The options of an `action(…args, opts, command)` handler with `count` arguments before them. */
const opts = (args: unknown[], count: number) => args[count] as Record<string, unknown>;

const RUNNING_NOTE =
  '\nWhile a server runs on this data directory (ASSENT_DATA_DIR), the command goes\n' +
  'through its admin endpoint on 127.0.0.1; otherwise it opens the database.\n';

/** `admin grant EMAIL`, under `assent server` and as the short (hidden) `assent admin`. */
function addAdminCommand(parent: Command, ctx: CliContext, prefix: string, hidden = false): void {
  const admin = parent
    .command('admin', { hidden })
    .description('manage administrators (they approve and reject text change requests)')
    .addHelpText('after', `\nExample:\n  $ ${prefix} grant jane@example.com\n${RUNNING_NOTE}`);
  admin
    .command('grant <email>')
    .description('make an existing user an administrator')
    .addHelpText('after', `\nExample:\n  $ ${prefix} grant jane@example.com`)
    .action(operatorAction(ctx, 'adminGrant', (email) => ({ email })));
}

/** `gvl import FILE`, under `assent server` and as the short (hidden) `assent gvl`. */
function addGvlCommand(parent: Command, prefix: string, hidden = false): void {
  const example =
    '\nExample:\n  $ curl -o gvl.json https://vendor-list.consensu.org/v3/vendor-list.json\n' +
    `  $ ${prefix} import gvl.json`;
  const gvl = parent
    .command('gvl', { hidden })
    .description('manage the IAB Global Vendor List cache')
    .addHelpText('after', example);
  gvl
    .command('import <file>')
    .description('import a vendor-list.json (v2 or v3) for hosts without internet access')
    .addHelpText('after', example)
    .action(async (file: string) => {
      const { importGvl } = await loadServer();
      const result = await importGvl(file);
      process.stdout.write(
        `Imported GVL v${result.gvlVersion}, vendor list version ${result.vendorListVersion} (${result.vendors} vendors)\n`,
      );
    });
}

/** `assent server …`: commands for the host that runs Assent. */
export function registerServerCommands(program: Command, ctx: CliContext): void {
  const server = program
    .command('server')
    .description('run and administer the Assent server on this host')
    .addHelpText(
      'after',
      '\nExamples:\n  $ assent server start\n  $ assent server admin grant jane@example.com\n\n' +
        'Short forms: assent admin grant EMAIL, assent gvl import FILE.\n',
    );

  server
    .command('start')
    .description(
      'start the API, console and banner (http://127.0.0.1:4600 by default; see README for HOST, PORT, DATABASE_URL…)',
    )
    .addHelpText('after', '\nExample:\n  $ PORT=8080 assent server start')
    .action(async () => {
      const { runUntilSignalled } = await loadServer();
      await runUntilSignalled();
    });

  server
    .command('migrate')
    .description('apply pending database migrations and exit')
    .addHelpText(
      'after',
      '\nExample:\n  $ DATABASE_URL=postgres://assent@db/assent assent server migrate',
    )
    .action(async () => {
      const { runMigrations } = await loadServer();
      const applied = await runMigrations();
      process.stdout.write(
        applied ? `${applied} migration(s) applied\n` : 'The database is up to date\n',
      );
    });

  const COPY_EXAMPLE =
    '\nExample:\n  $ assent server analytics copy-to-clickhouse \\\n' +
    '      --to clickhouse://assent:secret@ch1:8123/assent \\\n' +
    '      --until 2026-11-26T00:00:00Z\n' +
    '\nIt reads DATABASE_URL (or PGlite: stop the server first).\n' +
    'See docs/analytics.md, "ClickHouse".\n';
  server
    .command('analytics')
    .description('move the analytics history between stores')
    .addHelpText('after', COPY_EXAMPLE)
    .command('copy-to-clickhouse')
    .description(
      'copy the visits and rollups from the database into ClickHouse, in batches, with progress',
    )
    .option(
      '--to <url>',
      'ClickHouse: clickhouse://user:password@host:8123/db or https://… (default: ASSENT_ANALYTICS_URL)',
    )
    .option(
      '--until <time>',
      'copy the visits received before this ISO time (default: now): when the servers switched',
    )
    .option('--batch <n>', 'visits per batch (default: 50000)')
    .addHelpText('after', COPY_EXAMPLE)
    .action(async (options: { to?: string; until?: string; batch?: string }) => {
      const until = options.until ? new Date(options.until) : undefined;
      if (until && Number.isNaN(until.getTime()))
        throw new CliError(`--until: expected an ISO time, got "${options.until}"`);
      const batchSize = options.batch ? Number(options.batch) : undefined;
      if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))
        throw new CliError(`--batch: expected a positive whole number, got "${options.batch}"`);
      const { copyToClickHouse } = await loadServer();
      let shown = '';
      try {
        const result = await copyToClickHouse({
          ...(options.to ? { url: options.to } : {}),
          ...(until ? { until } : {}),
          ...(batchSize ? { batchSize } : {}),
          onProgress: ({ phase, done, total }) => {
            const line = `${phase === 'visits' ? 'visits' : 'rollup rows (days past the retention)'}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}${total ? ` (${Math.floor((done / total) * 100)}%)` : ''}`;
            if (line !== shown) process.stderr.write(`${line}\n`);
            shown = line;
          },
        });
        process.stdout.write(
          `Copied ${result.visits.toLocaleString('en')} visits` +
            (result.rollupDays
              ? ` and ${result.rollupRows.toLocaleString('en')} rollup rows (${result.rollupDays[0]} to ${result.rollupDays[1]})`
              : '') +
            ' into ClickHouse.\n',
        );
      } catch (error) {
        throw new CliError((error as Error).message);
      }
    });

  addAdminCommand(server, ctx, 'assent server admin');

  const parseSwitch = (value: string): boolean => {
    if (value === 'true' || value === 'on') return true;
    if (value === 'false' || value === 'off') return false;
    throw new CliError(`expected true or false, got "${value}"`);
  };
  const account = server
    .command('account')
    .description("manage accounts: members and the operator's switches")
    .addHelpText(
      'after',
      '\nExamples:\n  $ assent server account list\n' +
        '  $ assent server account add-member jane@example.com k3m9x2qa\n' +
        '  $ assent server account flags k3m9x2qa --premium-eligible true\n' +
        RUNNING_NOTE,
    );
  account
    .command('list')
    .description('list every account with its switches and members')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExample:\n  $ assent server account list --json')
    .action(operatorAction(ctx, 'accountList', (...a) => opts(a, 0)));
  account
    .command('add-member <email> <code>')
    .description('make an existing user a member of the account CODE (p- prefix optional)')
    .addHelpText(
      'after',
      '\nExample:\n  $ assent server account add-member jane@example.com k3m9x2qa',
    )
    .action(operatorAction(ctx, 'accountAddMember', (email, code) => ({ email, code })));
  account
    .command('remove-member <email> <code>')
    .description("end a user's membership of the account CODE (never its last member)")
    .addHelpText(
      'after',
      '\nExample:\n  $ assent server account remove-member jane@example.com k3m9x2qa',
    )
    .action(operatorAction(ctx, 'accountRemoveMember', (email, code) => ({ email, code })));
  account
    .command('flags <code>')
    .description('turn premium eligibility and Consent or Pay on or off for an account code')
    .option(
      '--premium-eligible <true|false>',
      'offer the premium features (Advanced Customisation, TCF 2.0 tag)',
      parseSwitch,
    )
    .option('--consent-or-pay <true|false>', 'enable Consent or Pay for the account', parseSwitch)
    .addHelpText(
      'after',
      '\nExample:\n  $ assent server account flags k3m9x2qa --consent-or-pay true',
    )
    .action(operatorAction(ctx, 'accountFlags', (code, o) => ({ code, ...(o as object) })));

  const announce = server
    .command('announce')
    .description('timed announcements: the modal the console shows every signed-in user')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ assent server announce create --title "New" --text "Reports." --end 14d\n' +
        '  $ assent server announce list\n' +
        '  $ assent server announce end a-1f2e3d4c\n' +
        RUNNING_NOTE,
    );
  announce
    .command('create')
    .description('create an announcement shown from --start (default now) until --end')
    .requiredOption('--title <title>', "the modal's title")
    .requiredOption('--text <text>', 'its text (plain text; \\n\\n separates paragraphs)')
    .requiredOption(
      '--end <when>',
      'when it stops showing: an ISO date or time, or a duration after the start (12h, 7d, 2w)',
    )
    .option('--start <when>', 'when it starts showing (default: now)')
    .option('--expire <n>', 'how long a dismissal hides it, in --expire-units (default 7)')
    .option('--expire-units <unit>', 'minutes, hours, days, weeks or months (default days)')
    .option('--id <id>', 'its id (default: a random one); a dismissal is remembered per id')
    .option('--link-text <text>', 'the text of a link under the text')
    .option('--link-url <url>', 'where the link goes (http:// or https://)')
    .option('--image-url <url>', 'an image above the text (http:// or https://)')
    .option('--json', 'print the announcement as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  $ assent server announce create --title News --text "Try them." --end 7d\n' +
        '  $ assent server announce create --title Maintenance --text "6:00-7:00 UTC" \\\n' +
        '      --start 2026-12-05T06:00:00Z --end 2026-12-05T07:00:00Z',
    )
    .action(operatorAction(ctx, 'announceCreate', (...a) => opts(a, 0)));
  announce
    .command('list')
    .description('list the running and scheduled announcements (--all: ended ones too)')
    .option('--all', 'include ended announcements')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExample:\n  $ assent server announce list --all')
    .action(operatorAction(ctx, 'announceList', (...a) => opts(a, 0)));
  announce
    .command('end <id>')
    .description('stop showing an announcement now')
    .addHelpText('after', '\nExample:\n  $ assent server announce end a-1f2e3d4c')
    .action(operatorAction(ctx, 'announceEnd', (id) => ({ id })));

  addGvlCommand(server, 'assent server gvl');

  // The short spellings the issue and README use, kept out of the main help (see `server`'s).
  addAdminCommand(program, ctx, 'assent admin', true);
  addGvlCommand(program, 'assent gvl', true);
}
