import type { Target } from './errors';

/** What every command receives: the process's streams and environment, injected for tests. */
export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** Colour only on a terminal, and never with NO_COLOR or TERM=dumb. */
  color: boolean;
  /** Columns tables must fit: the terminal's width, 80 when output is not a terminal. */
  width: number;
  /** Filled in by openSession so errors name the server and account. */
  target: Target;
  /** The exit code the finished command asks for (plan: 2 when changes are pending). */
  exitCode?: number;
}

export function createContext(proc: NodeJS.Process = process): CliContext {
  const tty = proc.stdout.isTTY === true;
  return {
    env: proc.env,
    stdin: proc.stdin,
    stdout: proc.stdout,
    stderr: proc.stderr,
    color: tty && !proc.env.NO_COLOR && proc.env.TERM !== 'dumb',
    width: tty ? Math.max(60, proc.stdout.columns || 80) : 80,
    target: {},
  };
}
