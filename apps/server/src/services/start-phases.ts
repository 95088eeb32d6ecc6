/**
 * Where start-up time goes: each phase's end, in milliseconds since the process started
 * (`performance.now()`), and how long it took. `ASSENT_START_PHASES=1` prints them as one line once
 * the server listens (scripts/bench/start-up.ts reads it).
 */
export interface StartPhases {
  /** Records the end of `name` (its duration is the time since the previous mark). */
  mark(name: string): void;
  /** `phase=ms` pairs in order, then `total=…` since the process started. */
  summary(): string;
}

export function startPhases(): StartPhases {
  const marks: Array<{ name: string; at: number }> = [{ name: 'process', at: 0 }];
  return {
    mark(name) {
      marks.push({ name, at: performance.now() });
    },
    summary() {
      const parts = marks
        .slice(1)
        .map((m, i) => `${m.name}=${Math.round(m.at - marks[i]!.at)}`)
        .join(' ');
      return `${parts} total=${Math.round(marks.at(-1)!.at)}`;
    },
  };
}
