import { Command, CommanderError, Option } from 'commander';
import { registerCommands } from './commands/index';
import { registerServerCommands } from './commands/server';
import type { CliContext } from './context';
import { createContext } from './context';
import { toCliError } from './errors';

export function buildProgram(ctx: CliContext): Command {
  const program = new Command('assent')
    .description(
      'Assent consent management from the terminal and CI: properties as code (export, plan, apply), bulk updates, tags',
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
  $ assent plan assent.yaml        # exit 0: no change, 2: changes pending, 1: errors
  $ assent apply assent.yaml --yes

Environment: ASSENT_URL, ASSENT_TOKEN and ASSENT_ACCOUNT override the stored login (CI);
ASSENT_CONFIG_DIR moves the config file; NO_COLOR turns colour off.`,
    );
  registerCommands(program, ctx);
  registerServerCommands(program);
  return program;
}

/** The one place errors become output and an exit code. */
export async function main(argv: string[] = process.argv, ctx = createContext()): Promise<number> {
  try {
    await buildProgram(ctx).parseAsync(argv);
    return ctx.exitCode ?? 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const failure = toCliError(error, ctx.target);
    ctx.stderr.write(`assent: ${failure.message.replace(/\n/g, '\n  ')}\n`);
    return failure.exitCode;
  }
}

main().then((code) => {
  process.exitCode = code;
});
