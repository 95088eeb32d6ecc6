import { describe, expect, it } from 'vitest';
import { createInteractiveGate } from './interactive-first';

describe('createInteractiveGate', () => {
  it('gives a waiting job its turn only once the requests in flight have ended', async () => {
    const gate = createInteractiveGate({ waitForIdle: true, maxWaitMs: 60_000 });
    const end = gate.begin();
    const order: string[] = [];
    const job = gate.turn().then(() => order.push('job'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('request ended');
    end();
    end(); // a second end (response after abort) does not count twice
    await job;
    expect(order).toEqual(['request ended', 'job']);
    expect(gate.inFlight).toBe(0);
  });

  it('returns to the event loop before a job continues (I/O and timers queued before it run)', async () => {
    const gate = createInteractiveGate({ waitForIdle: true });
    let eventLoopRan = false;
    setImmediate(() => (eventLoopRan = true));
    // A chain of promises (PGlite's queries) alone never lets it run.
    await Promise.resolve();
    expect(eventLoopRan).toBe(false);
    await gate.turn();
    expect(eventLoopRan).toBe(true);
  });

  it('advances a job under steady load after maxWaitMs', async () => {
    const gate = createInteractiveGate({ waitForIdle: true, maxWaitMs: 10 });
    const end = gate.begin();
    await gate.turn();
    expect(gate.inFlight).toBe(1);
    end();
  });

  it('does not wait for requests on a database with its own connections (PostgreSQL)', async () => {
    const gate = createInteractiveGate({ waitForIdle: false, maxWaitMs: 60_000 });
    const end = gate.begin();
    await gate.turn();
    end();
  });
});
