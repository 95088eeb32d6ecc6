import { Command, CommanderError, Option } from 'commander';
import type { GeneratedHelp } from './commands/index';
import { registerCommands } from './commands/index';
import { registerServerCommands } from './commands/server';
import type { CliContext } from './context';
import { createContext } from './context';
import type { CliError, Target } from './errors';
import { looksForeign, toCliError } from './errors';

export function buildProgram(ctx: CliContext, help: GeneratedHelp = {}): Command {
  const program = new Command('assent')
    .description(
      'Assent consent management from the terminal and CI: properties as code (export, plan, apply), bulk updates, tags, reports',
    )
    .version('0.1.0')
    .configureHelp({ showGlobalOptions: true })
    .addOption(
      new Option(
        '-a, --account <code>',
        'the account to work on (default: ASSENT_ACCOUNT, or assent accounts use)',
      ),
    )
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    })
    .addHelpText(
      'after',
      `
Examples:
  $ assent login --url https://cmp.example.com
  $ assent export --out assent.yaml && git add assent.yaml
  $ assent plan assent.yaml   # exit 0: no change, 2: changes pending, 1: errors
  $ assent apply assent.yaml --yes

Environment: ASSENT_URL, ASSENT_TOKEN and ASSENT_ACCOUNT override the stored
login (CI); ASSENT_CONFIG_DIR moves the config file; NO_COLOR turns colour off.`,
    );
  registerCommands(program, ctx, help);
  registerServerCommands(program, ctx);
  return program;
}

/** An error as the user reads it; an answer that is not Assent's is checked against /healthz. */
async function describeFailure(error: unknown, target: Target): Promise<CliError> {
  if (target.url && looksForeign(error)) {
    const { notAnAssentServer } = await import('./probe');
    const foreign = await notAnAssentServer(target.url);
    if (foreign) return foreign;
  }
  return toCliError(error, target);
}

/** The one place errors become output and an exit code. */
export async function main(argv: string[] = process.argv, ctx = createContext()): Promise<number> {
  try {
    // bulk-update's help lists core's fields: core is loaded only when that command is named,
    // so `assent --help` and the other commands start without it.
    const help: GeneratedHelp = argv.includes('bulk-update')
      ? { bulkFields: (await import('./commands/bulk-fields')).bulkFieldsHelp(ctx.width) }
      : {};
    await buildProgram(ctx, help).parseAsync(argv);
    return ctx.exitCode ?? 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const failure = await describeFailure(error, ctx.target);
    ctx.stderr.write(`assent: ${failure.message.replace(/\n/g, '\n  ')}\n`);
    return failure.exitCode;
  }
}

/*
 * A reader that stops reading (`assent reports run X | head`, a closed pager) makes the next write
 * fail with EPIPE: end quietly, with 0, as a Unix tool that the pipe's end stops does; without this
 * Node prints the error's stack trace. Other stream errors still end the process as before.
 */
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });

main().then((code) => {
  process.exitCode = code;
});
