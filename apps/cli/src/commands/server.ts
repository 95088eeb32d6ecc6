import type { Command } from 'commander';
import { CliError } from '../errors';
import { loadServer } from '../server-module';

/** `assent server …`: commands for the host that runs Assent. */
export function registerServerCommands(program: Command): void {
  const server = program
    .command('server')
    .description('run and administer the Assent server on this host')
    .addHelpText('after', '\nExample:\n  $ assent server start');

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

  server
    .command('admin')
    .description('manage administrators (they approve and reject text change requests)')
    .command('grant <email>')
    .description('make an existing user an administrator')
    .addHelpText('after', '\nExample:\n  $ assent server admin grant jane@example.com')
    .action(async (email: string) => {
      const { grantAdmin } = await loadServer();
      if (!(await grantAdmin(email)))
        throw new CliError(`No user with the e-mail ${email}. They must sign up first.`);
      process.stdout.write(`${email} is now an administrator\n`);
    });

  server
    .command('gvl')
    .description('manage the IAB Global Vendor List cache')
    .command('import <file>')
    .description('import a vendor-list.json (v2 or v3) for hosts without internet access')
    .addHelpText(
      'after',
      '\nExample:\n  $ curl -o gvl.json https://vendor-list.consensu.org/v3/vendor-list.json\n  $ assent server gvl import gvl.json',
    )
    .action(async (file: string) => {
      const { importGvl } = await loadServer();
      const result = await importGvl(file);
      process.stdout.write(
        `Imported GVL v${result.gvlVersion}, vendor list version ${result.vendorListVersion} (${result.vendors} vendors)\n`,
      );
    });
}
