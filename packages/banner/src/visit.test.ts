import type { VisitBase, VisitEvent } from '@assent/core/runtime';
import { describe, expect, it } from 'vitest';
import { createVisitTracker } from './visit';

const BASE: VisitBase = { p: 'site', t: '1', r: 1, f: 'H', d: 'd', os: 'Linux', b: 'Chrome' };

/** A tracker whose `later` work waits until `settle()`, and the events it sent. */
function tracker(base: VisitBase = BASE) {
  const sent: VisitEvent[] = [];
  let queued: Array<() => void> = [];
  const visits = createVisitTracker(
    base,
    (body) => sent.push(JSON.parse(body) as VisitEvent),
    () => 1000,
    (fn) => void queued.push(fn),
  );
  const settle = () => {
    for (const fn of queued.splice(0)) fn();
    queued = [];
  };
  return { visits, sent, settle };
}

describe('the visit event of a page view', () => {
  it('carries the Consent Mode state a choice sent, where Google basic consent applies', () => {
    const gbc = tracker({ ...BASE, g: 'dd-d' });
    gbc.visits.consentMode('gg-d');
    gbc.visits.choice('a');
    gbc.settle();
    expect(gbc.sent).toEqual([{ ...BASE, g: 'gg-d', o: 'a', ts: 1000 }]);
    // Where it does not apply, a choice's signals are not reported.
    const none = tracker();
    none.visits.consentMode('gggg');
    none.visits.choice('a');
    none.settle();
    expect(none.sent[0]).not.toHaveProperty('g');
  });

  it("keeps Consent or Pay's subscribe or log-in click, sent when the page is left", () => {
    const { visits, sent } = tracker();
    visits.shown();
    visits.cop('y');
    visits.cop('s');
    visits.cop('y'); // the screen drawn again does not undo the click
    visits.leave();
    expect(sent).toEqual([{ ...BASE, o: 'b', c: 's', ts: 1000 }]);
  });

  it('says a do-not-sell request is fulfilled once it is stored, before the event is sent', () => {
    const stored = tracker({ ...BASE, r: 2 });
    stored.visits.choice('r', 'r');
    stored.visits.stored();
    stored.settle();
    expect(stored.sent).toEqual([{ ...BASE, r: 2, o: 'r', n: 2, ts: 1000 }]);
    // Left before the write finished: received only.
    const left = tracker({ ...BASE, r: 2 });
    left.visits.choice('r', 'r');
    left.visits.leave();
    left.visits.stored();
    expect(left.sent).toEqual([{ ...BASE, r: 2, o: 'r', n: 1, ts: 1000 }]);
    // GPC: applied at once.
    const gpc = tracker({ ...BASE, r: 2 });
    gpc.visits.existing('r', 'f');
    gpc.settle();
    expect(gpc.sent).toEqual([{ ...BASE, r: 2, o: 'r', x: 1, n: 2, ts: 1000 }]);
  });
});
