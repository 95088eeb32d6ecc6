import type { VisitBase, VisitEvent } from '@assent/core';

export type VisitOutcome = VisitEvent['o'];

/**
 * One visit event per page view. A choice sends it (after `later`, so the beacon stays off the
 * click's frame); a page whose banner was shown and left without a choice sends a bounce on
 * pagehide, which also sends a choice still waiting; a page without a banner sends the stored
 * outcome marked as existing (`x`).
 */
export function createVisitTracker(
  base: VisitBase,
  send: (body: string) => void,
  now: () => number,
  later: (fn: () => void) => void = (fn) => fn(),
) {
  let sent = false;
  let shown = false;
  let waiting: string | undefined;
  const flush = () => {
    if (waiting === undefined) return;
    const body = waiting;
    waiting = undefined;
    send(body);
  };
  const post = (o: VisitOutcome, existing = false) => {
    if (sent) return;
    sent = true;
    const event: VisitEvent = { ...base, o, ts: now(), ...(existing ? { x: 1 as const } : {}) };
    waiting = JSON.stringify(event);
    later(flush);
  };
  return {
    shown: () => void (shown = true),
    choice: (o: Exclude<VisitOutcome, 'b'>) => post(o),
    existing: (o: Exclude<VisitOutcome, 'b'>) => post(o, true),
    /** Call on pagehide. */
    leave: () => {
      if (shown) post('b');
      flush();
    },
    get sent() {
      return sent;
    },
  };
}
