import { Command, CommanderError } from 'commander';
import { registerServerCommands } from './commands/server';
import { CliError } from './errors';

export function buildProgram(): Command {
  const program = new Command('assent')
    .description('Assent consent management: properties as code, bulk updates, tags and reports')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  registerServerCommands(program);
  return program;
}

/** The one place errors become output and an exit code. */
export async function main(argv: string[] = process.argv): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError) {
      process.stderr.write(`assent: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`assent: ${(error as Error).message}\n`);
    return 1;
  }
}

main().then((code) => {
  process.exitCode = code;
});
