import type { Command } from 'commander';
import { CliError } from '../errors';
import { loadServer } from '../server-module';

/** `admin grant EMAIL`, under `assent server` and as the short (hidden) `assent admin`. */
function addAdminCommand(parent: Command, prefix: string, hidden = false): void {
  const admin = parent
    .command('admin', { hidden })
    .description('manage administrators (they approve and reject text change requests)')
    .addHelpText('after', `\nExample:\n  $ ${prefix} grant jane@example.com`);
  admin
    .command('grant <email>')
    .description('make an existing user an administrator')
    .addHelpText('after', `\nExample:\n  $ ${prefix} grant jane@example.com`)
    .action(async (email: string) => {
      const { grantAdmin } = await loadServer();
      if (!(await grantAdmin(email)))
        throw new CliError(`No user with the e-mail ${email}. They must sign up first.`);
      process.stdout.write(`${email} is now an administrator\n`);
    });
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
export function registerServerCommands(program: Command): void {
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

  addAdminCommand(server, 'assent server admin');

  const parseSwitch = (value: string): boolean => {
    if (value === 'true' || value === 'on') return true;
    if (value === 'false' || value === 'off') return false;
    throw new CliError(`expected true or false, got "${value}"`);
  };
  server
    .command('account')
    .description("manage an account's operator switches")
    .addHelpText(
      'after',
      '\nExample:\n  $ assent server account flags k3m9x2qa --premium-eligible true',
    )
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
    .action(
      async (code: string, options: { premiumEligible?: boolean; consentOrPay?: boolean }) => {
        const { setAccountFlags } = await loadServer();
        const pcode = code.replace(/^p-/, '');
        const account = await setAccountFlags(pcode, {
          ...(options.premiumEligible !== undefined
            ? { premiumEligible: options.premiumEligible }
            : {}),
          ...(options.consentOrPay !== undefined ? { copEnabled: options.consentOrPay } : {}),
        });
        if (!account) throw new CliError(`No account with the code ${code}`);
        process.stdout.write(
          `p-${account.pcode}: premium eligible ${account.premiumEligible ? 'yes' : 'no'}, Consent or Pay ${account.copEnabled ? 'enabled' : 'disabled'}\n`,
        );
      },
    );

  addGvlCommand(server, 'assent server gvl');

  // The short spellings the issue and README use, kept out of the main help (see `server`'s).
  addAdminCommand(program, 'assent admin', true);
  addGvlCommand(program, 'assent gvl', true);
}
