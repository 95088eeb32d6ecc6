import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Interactive requests before background jobs. The embedded database (PGlite, in its own thread)
 * has one connection and runs one statement at a time, so a job that loops over queries would make
 * every HTTP request's statements wait behind its own until it ends. A job calls `turn()`
 * between its short transactions: it lets the event loop take waiting requests, then waits while
 * any is in flight.
 */
export interface InteractiveGate {
  /** An interactive request started; call the returned function once it ended (idempotent). */
  begin(): () => void;
  /** Requests in flight now. */
  readonly inFlight: number;
  /**
   * Background work's turn: resolves after the event loop ran, and (when `waitForIdle`) once no
   * request is in flight, or after `maxWaitMs` at the latest so that a job advances under steady load.
   */
  turn(): Promise<void>;
}

export interface InteractiveGateOptions {
  /** Wait for in-flight requests to end (the embedded database, one connection). */
  waitForIdle: boolean;
  /** @default 25 */
  maxWaitMs?: number;
}

export function createInteractiveGate(options: InteractiveGateOptions): InteractiveGate {
  const maxWaitMs = options.maxWaitMs ?? 25;
  let inFlight = 0;
  let idle: Array<() => void> = [];
  return {
    begin() {
      inFlight += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (inFlight === 0) {
          const waiting = idle;
          idle = [];
          for (const resume of waiting) resume();
        }
      };
    },
    get inFlight() {
      return inFlight;
    },
    async turn() {
      await nextTurn();
      if (!options.waitForIdle || inFlight === 0) return;
      await new Promise<void>((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          idle = idle.filter((other) => other !== resume);
          resolve();
        };
        const timer = setTimeout(resume, maxWaitMs);
        idle.push(resume);
      });
    },
  };
}
