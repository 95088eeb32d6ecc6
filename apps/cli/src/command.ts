import type { z } from 'zod';
import type { CliContext } from './context';
import { CliError } from './errors';

/** What a command prints and how it ends. */
export interface Output {
  stdout?: string;
  stderr?: string;
  exitCode?: number;
}

/**
 * A command: its options as a zod schema (parsed once, here), a plain function returning data,
 * and a formatter. Progress and prompts may write to stderr while running; results are rendered.
 */
export interface CommandSpec<O, D> {
  options: z.ZodType<O>;
  run(options: O, ctx: CliContext): Promise<D>;
  render(data: D, options: O, ctx: CliContext): Output;
}

export const defineCommand = <O, D>(spec: CommandSpec<O, D>): CommandSpec<O, D> => spec;

/** Parses the raw options, runs the command, writes its output; returns the exit code. */
export async function execute<O, D>(
  spec: CommandSpec<O, D>,
  raw: Record<string, unknown>,
  ctx: CliContext,
): Promise<number> {
  const parsed = spec.options.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.map(String).join('.');
      return name ? `${name}: ${i.message}` : i.message;
    });
    throw new CliError(lines.join('\n'));
  }
  const data = await spec.run(parsed.data, ctx);
  const output = spec.render(data, parsed.data, ctx);
  if (output.stdout) ctx.stdout.write(output.stdout);
  if (output.stderr) ctx.stderr.write(output.stderr);
  return output.exitCode ?? 0;
}

/** `--json` output: stable, two-space indented, one trailing newline. */
export const jsonOutput = (data: unknown): Output => ({
  stdout: `${JSON.stringify(data, null, 2)}\n`,
});
