import type { Command } from 'commander';
import { Option } from 'commander';
import type { CommandSpec } from '../command';
import type { CliContext } from '../context';

/*
 * Every command's name, options, help and example. The implementations are imported when a
 * command runs, so `assent --help` loads nothing but commander.
 */

type Loader = () => Promise<CommandSpec<never, unknown>>;

function action(
  ctx: CliContext,
  load: Loader,
  toRaw: (...args: unknown[]) => Record<string, unknown>,
) {
  return async (...args: unknown[]) => {
    const [{ execute }, spec] = await Promise.all([import('../command'), load()]);
    ctx.exitCode = await execute(spec as CommandSpec<unknown, unknown>, toRaw(...args), ctx);
  };
}

/** Options of `action(opts, command)` handlers, with the global --account merged in. */
const optionsOf = (args: unknown[], index: number): Record<string, unknown> => {
  const command = args[index + 1] as Command;
  return command.optsWithGlobals();
};

const example = (...lines: string[]) =>
  `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Help text computed from core's schemas, loaded by main only when a command needs it. */
export interface GeneratedHelp {
  /** The --where and --set fields of bulk-update, with what each accepts. */
  bulkFields?: string;
}

export function registerCommands(
  program: Command,
  ctx: CliContext,
  help: GeneratedHelp = {},
): void {
  program
    .command('login')
    .description('sign in (e-mail and password, or --token) and store a personal access token')
    .option(
      '--url <url>',
      'the Assent server (default: ASSENT_URL, the last one used, or http://127.0.0.1:4600)',
    )
    .option('--token <token>', 'use an existing personal access token instead of a password')
    .option('--email <email>', 'the e-mail to sign in with (asked when left out)')
    .option('--password-stdin', 'read the password from standard input (for scripts)')
    .option(
      '--code <code>',
      'the two-factor code from your authenticator app, or a recovery code (asked when needed)',
    )
    .addHelpText(
      'after',
      example(
        'assent login --url https://cmp.example.com',
        'assent login --url https://cmp.example.com --token "$ASSENT_TOKEN"',
      ) + '\nIn CI, set ASSENT_URL, ASSENT_TOKEN and ASSENT_ACCOUNT instead of logging in.\n',
    )
    .action(
      action(
        ctx,
        async () => (await import('./auth')).login as never,
        (...a) => optionsOf(a, 0),
      ),
    );

  program
    .command('logout')
    .description('revoke the stored token and forget it')
    .addHelpText('after', example('assent logout'))
    .action(
      action(
        ctx,
        async () => (await import('./auth')).logout as never,
        () => ({}),
      ),
    );

  program
    .command('whoami')
    .description('show the signed-in user, server and account')
    .option('--json', 'print JSON')
    .addHelpText('after', example('assent whoami --json'))
    .action(
      action(
        ctx,
        async () => (await import('./auth')).whoami as never,
        (...a) => optionsOf(a, 0),
      ),
    );

  const accounts = program
    .command('accounts')
    .description('the accounts (account codes) you are a member of')
    .addHelpText('after', example('assent accounts list', 'assent accounts use abc123'));
  accounts
    .command('list')
    .description('list your accounts; * marks the current one')
    .option('--json', 'print JSON')
    .addHelpText('after', example('assent accounts list --json'))
    .action(
      action(
        ctx,
        async () => (await import('./accounts')).listAccounts as never,
        (...a) => optionsOf(a, 0),
      ),
    );
  accounts
    .command('use <code>')
    .description('make CODE the account every command works on')
    .addHelpText('after', example('assent accounts use abc123'))
    .action(
      action(
        ctx,
        async () => (await import('./accounts')).useAccount as never,
        (code) => ({ code }),
      ),
    );

  const members = program
    .command('members')
    .description("the account's members and invitations (the console's organisation page)")
    .addHelpText(
      'after',
      example(
        'assent members list',
        'assent members invite colleague@example.com',
        'assent members revoke 0b6f5c2e-8d1a-4c3e-9f70-2a4b6c8d0e1f',
      ),
    );
  members
    .command('list')
    .description('list the members and the pending invitations')
    .option('--json', 'print JSON')
    .addHelpText('after', example('assent members list --json'))
    .action(
      action(
        ctx,
        async () => (await import('./members')).listMembers as never,
        (...a) => optionsOf(a, 0),
      ),
    );
  members
    .command('invite <email>')
    .description('e-mail EMAIL a link to join the account (valid 7 days)')
    .option('--json', 'print JSON')
    .addHelpText('after', example('assent members invite colleague@example.com'))
    .action(
      action(
        ctx,
        async () => (await import('./members')).inviteMember as never,
        (email, ...a) => ({ ...optionsOf(a, 0), email }),
      ),
    );
  members
    .command('revoke <id>')
    .description('withdraw a pending invitation (its id from `assent members list`)')
    .addHelpText('after', example('assent members revoke 0b6f5c2e-8d1a-4c3e-9f70-2a4b6c8d0e1f'))
    .action(
      action(
        ctx,
        async () => (await import('./members')).revokeInvitation as never,
        (id, ...a) => ({ ...optionsOf(a, 0), id }),
      ),
    );

  const properties = program
    .command('properties')
    .description("the account's sites and apps")
    .addHelpText(
      'after',
      example('assent properties list --type site', 'assent properties get example.com'),
    );
  properties
    .command('list')
    .description('list properties (sorted by url or package id)')
    .option('--filter <text>', 'only those whose url or package id contains TEXT')
    .addOption(new Option('--type <type>', 'only sites or only apps').choices(['site', 'app']))
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      example(
        'assent properties list --filter shop --type site',
        'assent properties list --json | jq length',
      ),
    )
    .action(
      action(
        ctx,
        async () => (await import('./properties')).listProperties as never,
        (...a) => optionsOf(a, 0),
      ),
    );
  properties
    .command('get <property>')
    .description('show one property (by url, package id or uuid) with every setting')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      example('assent properties get example.com', 'assent properties get com.example.app --json'),
    )
    .action(
      action(
        ctx,
        async () => (await import('./properties')).showProperty as never,
        (property, ...a) => ({
          ...optionsOf(a, 0),
          property,
        }),
      ),
    );

  const abTest = program
    .command('ab-test')
    .description("a site's A/B test of themes: its variants and which theme wins")
    .addHelpText(
      'after',
      example(
        'assent ab-test show news.example.com',
        'assent ab-test set news.example.com plain=1:50 green=Green:50',
        'assent ab-test stop news.example.com',
      ),
    );
  abTest
    .command('show <site>')
    .description('the variants, and how each does against the control')
    .option(
      '--from <day>',
      'first UTC day of the results, YYYY-MM-DD (default: 30 days before --to)',
    )
    .option('--to <day>', 'last UTC day of the results, YYYY-MM-DD (default: today)')
    .option('--json', 'print JSON (the variants and the A/B report)')
    .addHelpText('after', example('assent ab-test show news.example.com --from 2026-11-01'))
    .action(
      action(
        ctx,
        async () => (await import('./ab-test')).showAbTest as never,
        (property, ...a) => ({ ...optionsOf(a, 0), property }),
      ),
    );
  abTest
    .command('set <site> <variant...>')
    .description('run a test of 2 to 5 variants')
    .option('--json', 'print JSON (the saved variants)')
    .addHelpText(
      'after',
      '\nEach variant is NAME=THEME:TRAFFIC: THEME a site theme id or name, TRAFFIC a\n' +
        'whole percent; the shares add up to 100. The first variant is the control.\n' +
        example('assent ab-test set news.example.com plain=1:70 green=Green:30'),
    )
    .action(
      action(
        ctx,
        async () => (await import('./ab-test')).setAbTest as never,
        (property, variants, ...a) => ({ ...optionsOf(a, 0), property, variants }),
      ),
    );
  abTest
    .command('stop <site>')
    .description("end the test: every visitor gets the site's theme again")
    .option('--json', 'print JSON')
    .addHelpText('after', example('assent ab-test stop news.example.com'))
    .action(
      action(
        ctx,
        async () => (await import('./ab-test')).stopAbTest as never,
        (property, ...a) => ({ ...optionsOf(a, 0), property }),
      ),
    );

  program
    .command('history <property>')
    .description(
      "a property's change history: who changed which field from what to what, newest first",
    )
    .option('--page <n>', 'the page to show (50 changes a page; 1 is the newest)')
    .option('--json', 'print JSON (the page of entries with their field changes)')
    .addHelpText(
      'after',
      example('assent history example.com', 'assent history com.example.app --page 2 --json'),
    )
    .action(
      action(
        ctx,
        async () => (await import('./history')).showHistory as never,
        (property, ...a) => ({ ...optionsOf(a, 0), property }),
      ),
    );

  program
    .command('tui')
    .description(
      'a full-screen terminal UI: properties, themes, vendors, reports and jobs (? shows the keys)',
    )
    .addHelpText('after', example('assent tui', 'assent tui --account AB12'))
    .action(
      action(
        ctx,
        async () => (await import('./tui')).startTui as never,
        (...a) => optionsOf(a, 0),
      ),
    );

  program
    .command('themes')
    .description("the account's themes")
    .addHelpText('after', example('assent themes list', 'assent themes list --type app --json'))
    .command('list')
    .description('list themes (sorted by name)')
    .addOption(new Option('--type <type>', 'only site or only app themes').choices(['site', 'app']))
    .option('--json', 'print JSON')
    .addHelpText('after', example('assent themes list --type site'))
    .action(
      action(
        ctx,
        async () => (await import('./themes')).listThemes as never,
        (...a) => optionsOf(a, 0),
      ),
    );

  const reports = program
    .command('reports')
    .description("the account's saved reports: list them, run one now, download a run's file")
    .addHelpText(
      'after',
      example(
        'assent reports list',
        "assent reports run 'Weekly consent' --out reports/",
        'assent reports download 3f2a9c1e > last-run.csv',
      ),
    );
  reports
    .command('list')
    .description('list saved reports: id, name, type, status, last and next run')
    .addOption(
      new Option('--type <type>', 'only on-demand or only scheduled reports').choices([
        'on-demand',
        'scheduled',
      ]),
    )
    .option('--json', 'print JSON (the reports with their queries)')
    .addHelpText('after', example('assent reports list --type scheduled'))
    .action(
      action(
        ctx,
        async () => (await import('./reports')).listReports as never,
        (...a) => optionsOf(a, 0),
      ),
    );
  reports
    .command('run <report>')
    .description(
      "run a saved report now, over its time period as of today, as the console's Run Report does, and print its rows as CSV",
    )
    .option(
      '--out <path>',
      "write the CSV to this file, or into this folder under the report's name and today's date",
    )
    .option('--json', 'print JSON (the period and the rows, values as stored) instead of CSV')
    .addHelpText(
      'after',
      example(
        "assent reports run 'Weekly consent' > weekly.csv",
        'assent reports run 3f2a9c1e --out reports/',
        'assent reports run 3f2a9c1e --json',
      ) +
        "\nREPORT is a saved report's id, its name, or the start of its id as\nassent reports list shows it.\n",
    )
    .action(
      action(
        ctx,
        async () => (await import('./reports')).runReport as never,
        (report, ...a) => ({ ...optionsOf(a, 0), report }),
      ),
    );
  reports
    .command('download <report>')
    .description("the CSV file of a saved report's latest finished run (what its e-mail carries)")
    .option(
      '--out <path>',
      "write it to this file, or into this folder under the report's name and the run's date",
    )
    .addHelpText('after', example("assent reports download 'Daily consent' --out reports/"))
    .action(
      action(
        ctx,
        async () => (await import('./reports')).downloadReport as never,
        (report, ...a) => ({ ...optionsOf(a, 0), report }),
      ),
    );

  program
    .command('tag [property]')
    .description(
      "print a property's tag, or the account's universal tag, exactly as the console shows it",
    )
    .option('--universal', "the account's universal tag")
    .option('--amp', 'the AMP tag (<amp-consent>), with its styles block')
    .option('--persistent-link', 'AMP: add the persistent consent link')
    .option('--json', 'print JSON (title, snippet, styles, instructions)')
    .addHelpText(
      'after',
      example(
        'assent tag --universal > universal-tag.html',
        'assent tag example.com --amp --persistent-link',
      ),
    )
    .action(
      action(
        ctx,
        async () => (await import('./tag')).showTag as never,
        (property, ...a) => ({
          ...optionsOf(a, 0),
          ...(property ? { property } : {}),
        }),
      ),
    );

  program
    .command('export')
    .description(
      "write the account's properties (and the themes they use) as one YAML or JSON document",
    )
    .option('-o, --out <file>', 'write to FILE (.yaml, .yml or .json) instead of standard output')
    .addOption(
      new Option('--format <format>', 'format on standard output').choices(['yaml', 'json']),
    )
    .addHelpText(
      'after',
      example('assent export --out assent.yaml', 'assent export --format json > assent.json'),
    )
    .action(
      action(
        ctx,
        async () => (await import('./config')).exportDocument as never,
        (...a) => optionsOf(a, 0),
      ),
    );

  program
    .command('plan <file>')
    .description(
      'compare a document with the live account, writing nothing (exit 0 no change, 2 changes, 1 errors)',
    )
    .option('--json', 'print the plan as JSON')
    .option(
      '--no-create',
      'treat properties missing from the account as errors instead of creating them',
    )
    .addHelpText(
      'after',
      example('assent plan assent.yaml', 'assent plan assent.yaml --json > plan.json'),
    )
    .action(
      action(
        ctx,
        async () => (await import('./config')).plan as never,
        (file, ...a) => ({ ...optionsOf(a, 0), file }),
      ),
    );

  program
    .command('apply <file>')
    .description(
      'show the plan, ask, then create new properties and update the rest in one bulk update',
    )
    .option(
      '-y, --yes',
      'do not ask for confirmation (needed when standard input is not a terminal)',
    )
    .option(
      '--no-create',
      'treat properties missing from the account as errors instead of creating them',
    )
    .addHelpText(
      'after',
      example('assent apply assent.yaml', 'assent apply assent.yaml --yes   # in CI'),
    )
    .action(
      action(
        ctx,
        async () => (await import('./config')).apply as never,
        (file, ...a) => ({ ...optionsOf(a, 0), file }),
      ),
    );

  const bulk = program
    .command('bulk-update')
    .description("change fields on every property matching filters (the console's bulk update)")
    .option('--where <field=value>', 'a filter (repeatable; fields below)', collect)
    .option('--set <field=value>', 'a field to change (repeatable; fields below)', collect)
    .option('--all', 'change every property (no --where)')
    .option('--dry-run', 'only list the properties that match and the fields that would be sent')
    .option('--json', 'print JSON (matches, fields, warnings and the finished job)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText(
      'after',
      () =>
        (help.bulkFields ?? '') +
        example(
          'assent bulk-update --where type=Site --where publisherCC=GB \\\n' +
            '      --set cmpVersion=60 --set consentLocations=EEA',
          'assent bulk-update --where theme=Corporate --set consentLocations=EEA,USA -y',
          'assent bulk-update --all --set gbcEnabled=true --set gbcLocations=EEA \\\n' +
            '      --set \'gbcApplicablePurposes=[{"id":1,"enabled":true}]\' --dry-run --json',
          'assent bulk-update --all --set legalBasis=customized --set purposeIds=2,3 \\\n' +
            '      --set privacyModes=GDPR',
          'assent bulk-update status',
        ),
    )
    .action(
      action(
        ctx,
        async () => (await import('./bulk-update')).bulkUpdate as never,
        (...a) => optionsOf(a, 0),
      ),
    );
  bulk
    .command('status')
    .description("the account's latest bulk update: progress and failures with reasons")
    .option('--json', 'print JSON')
    .addHelpText('after', example('assent bulk-update status --json'))
    .action(
      action(
        ctx,
        async () => (await import('./bulk-update')).bulkUpdateStatus as never,
        (...a) => optionsOf(a, 0),
      ),
    );
}
