import { createInterface } from 'node:readline';
import type { CliContext } from './context';
import { CliError } from './errors';

type Io = Pick<CliContext, 'stdin' | 'stderr'>;

/** Asks one question on the terminal (prompts go to stderr so stdout stays clean). */
export function ask(io: Io, question: string, options: { hidden?: boolean } = {}): Promise<string> {
  if (!io.stdin.isTTY)
    throw new CliError(`Cannot ask "${question.trim()}": standard input is not a terminal`);
  return new Promise((resolve) => {
    const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
    if (options.hidden) {
      // Echo nothing while the password is typed (readline writes through _writeToOutput).
      const internal = rl as unknown as { _writeToOutput: (s: string) => void };
      internal._writeToOutput = (s: string) => {
        if (s.includes(question)) io.stderr.write(s);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (options.hidden) io.stderr.write('\n');
      resolve(answer);
    });
  });
}

/** Yes or no; refuses when nobody can answer (CI), pointing to --yes. */
export async function confirm(io: Io, question: string): Promise<boolean> {
  if (!io.stdin.isTTY)
    throw new CliError(
      'Standard input is not a terminal, so there is nobody to confirm: pass --yes to go ahead.',
    );
  const answer = await ask(io, `${question} [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}

/** Reads all of standard input (for --password-stdin). */
export async function readStdin(stdin: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
