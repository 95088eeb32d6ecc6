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
  let waiting: (() => string) | undefined;
  // What the page view says besides its outcome: the Consent Mode state in force (when Google basic
  // consent applies) and what the visitor did on Consent or Pay's screen (when it was shown).
  const extra: Pick<VisitEvent, 'g' | 'c' | 'n'> = {};
  let doNotSell: 'r' | 'f' | undefined;
  const flush = () => {
    if (waiting === undefined) return;
    const body = waiting();
    waiting = undefined;
    send(body);
  };
  const post = (o: VisitOutcome, existing = false, dns?: 'r' | 'f') => {
    if (sent) return;
    sent = true;
    doNotSell = dns;
    const ts = now();
    // Written when sent, so that a do-not-sell request stored meanwhile says fulfilled.
    waiting = () =>
      JSON.stringify(
        visitEvent(
          { ...base, ...extra, ...(doNotSell ? { n: doNotSell === 'f' ? 2 : 1 } : {}) },
          o,
          ts,
          existing,
        ),
      );
    later(flush);
  };
  return {
    shown: () => void (shown = true),
    /** The Consent Mode state a choice sent (beacon `g`); kept only where GBC applies. */
    consentMode: (g: string) => void (base.g && (extra.g = g)),
    /** Consent or Pay's screen shown (`y`), or its subscribe (`s`) or log-in (`l`) clicked, which stay. */
    cop: (c: NonNullable<VisitEvent['c']>) =>
      void (extra.c === 's' || extra.c === 'l' || (extra.c = c)),
    choice: (o: Exclude<VisitOutcome, 'b'>, dns?: 'r' | 'f') => post(o, false, dns),
    existing: (o: Exclude<VisitOutcome, 'b'>, dns?: 'r' | 'f') => post(o, true, dns),
    /** The choice is stored: its do-not-sell request, if any, is fulfilled. */
    stored: () => void (doNotSell && (doNotSell = 'f')),
    unprompted: (o: Exclude<VisitOutcome, 'b'>) => void (unprompted = o),
    /** Call on pagehide. */
    leave: () => {
      if (shown) post('b');
      else if (unprompted) post(unprompted, true);
      flush();
    },
  };
}
