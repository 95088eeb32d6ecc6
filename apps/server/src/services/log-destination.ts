/** Where log lines go: anything with `write` and an `error` event (a file, stdout, a pipe). */
export interface LogTarget {
  write(line: string): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  destroy?(): unknown;
}

export interface LogDestinationOptions {
  /** Opens the target; called again after a failure, at most once per `retryMs`. */
  open: () => LogTarget;
  /** After a write failed, lines are dropped for this long before the target is reopened. @default 5000 */
  retryMs?: number;
  /** Told once per failure (the default writes one line to stderr, itself guarded). */
  warn?: (message: string) => void;
  /** @default Date.now */
  clock?: () => number;
}

export interface LogDestination {
  write(line: string): boolean;
  /** Lines dropped because the target failed (a full disk, a closed pipe). */
  readonly dropped: number;
}

const stderrWarning = (message: string) => {
  try {
    process.stderr.write(`assent: warning: ${message}\n`);
  } catch {
    // stderr is on the same full disk: nothing more can be said.
  }
};

/**
 * A log destination that never takes the server down (issue 19, item 19): a write error (ENOSPC
 * under the log file, EPIPE) is caught, the lines are dropped and counted while the target is
 * broken, and the target is reopened after `retryMs`, so logging resumes once there is room.
 */
export function resilientLogDestination(options: LogDestinationOptions): LogDestination {
  const retryMs = options.retryMs ?? 5_000;
  const warn = options.warn ?? stderrWarning;
  const clock = options.clock ?? Date.now;
  let target: LogTarget | undefined;
  let retryAt = 0;
  let dropped = 0;

  const fail = (failed: LogTarget, error: unknown) => {
    if (target !== failed) return;
    target = undefined;
    retryAt = clock() + retryMs;
    try {
      failed.destroy?.();
    } catch {
      // Already closed.
    }
    warn(
      `log lines are being dropped (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); ${dropped} so far, retrying in ${retryMs} ms`,
    );
  };

  const open = (): LogTarget | undefined => {
    try {
      const opened = options.open();
      opened.on('error', (error) => fail(opened, error));
      return opened;
    } catch (error) {
      retryAt = clock() + retryMs;
      warn(`the log cannot be opened (${(error as Error).message})`);
      return undefined;
    }
  };

  return {
    write(line) {
      if (!target) {
        if (clock() < retryAt) {
          dropped += 1;
          return true;
        }
        target = open();
        if (!target) {
          dropped += 1;
          return true;
        }
      }
      const current = target;
      try {
        current.write(line);
      } catch (error) {
        dropped += 1;
        fail(current, error);
      }
      return true;
    },
    get dropped() {
      return dropped;
    },
  };
}
