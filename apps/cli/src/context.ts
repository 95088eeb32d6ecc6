import type { Target } from './errors';

/** Which output streams get colour. */
export interface StreamColors {
  stdout: boolean;
  stderr: boolean;
}

/** What every command receives: the process's streams and environment, injected for tests. */
export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /**
   * Colour per stream: only where that stream is a terminal, and never with NO_COLOR or
   * TERM=dumb (`assent plan > plan.txt` on a terminal keeps colour on stderr only).
   */
  color: StreamColors;
  /** Columns tables must fit: the terminal's width, 80 when output is not a terminal. */
  width: number;
  /** Filled in by openSession so errors name the server and account. */
  target: Target;
  /** The exit code the finished command asks for (plan: 2 when changes are pending). */
  exitCode?: number;
}

/** Colour on one stream: a terminal, and neither NO_COLOR (any non-empty value) nor TERM=dumb. */
export const colorFor = (stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean =>
  stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';

export function createContext(proc: NodeJS.Process = process): CliContext {
  const tty = proc.stdout.isTTY === true;
  return {
    env: proc.env,
    stdin: proc.stdin,
    stdout: proc.stdout,
    stderr: proc.stderr,
    color: { stdout: colorFor(proc.stdout, proc.env), stderr: colorFor(proc.stderr, proc.env) },
    width: tty ? Math.max(60, proc.stdout.columns || 80) : 80,
    target: {},
  };
}
