import { visitEvent } from '@assent/core/runtime';
import type { VisitBase, VisitEvent } from '@assent/core/runtime';

export type VisitOutcome = VisitEvent['o'];

/**
 * One visit event per page view. A choice sends it (after `later`, so the beacon stays off the
 * click's frame); a page whose banner was shown and left without a choice sends a bounce on
 * pagehide, which also sends a choice still waiting; a page without a banner sends the stored
 * outcome marked as existing (`x`), or, with nothing stored and nothing asked (a US property that
 * does not pop up), the outcome in force when the page is left without a choice (`unprompted`).
 */
export function createVisitTracker(
  base: VisitBase,
  send: (body: string) => void,
  now: () => number,
  later: (fn: () => void) => void = (fn) => fn(),
) {
  let sent = false;
  let shown = false;
  let unprompted: Exclude<VisitOutcome, 'b'> | undefined;
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
    waiting = JSON.stringify(visitEvent(base, o, now(), existing));
    later(flush);
  };
  return {
    shown: () => void (shown = true),
    choice: (o: Exclude<VisitOutcome, 'b'>) => post(o),
    existing: (o: Exclude<VisitOutcome, 'b'>) => post(o, true),
    unprompted: (o: Exclude<VisitOutcome, 'b'>) => void (unprompted = o),
    /** Call on pagehide. */
    leave: () => {
      if (shown) post('b');
      else if (unprompted) post(unprompted, true);
      flush();
    },
    get sent() {
      return sent;
    },
  };
}
