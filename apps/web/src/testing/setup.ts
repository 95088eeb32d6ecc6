import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait on state: the 1 s default fails on a loaded 2-core machine (a render
// there can take seconds), so they wait up to 15 s; a passing test still ends as soon as the state shows.
configure({ asyncUtilTimeout: 15_000 });

// The browser tests (test/*.test.ts) run in node: nothing to prepare there.
const dom = typeof window !== 'undefined';

// findBy*/waitFor wait on state; a lazy page's first load (its core entries transformed on demand)
// can take longer than Testing Library's 1 s default on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what Blueprint's overlays and popovers measure with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (dom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  if (!dom) return;
  cleanup();
  window.localStorage.clear();
});
