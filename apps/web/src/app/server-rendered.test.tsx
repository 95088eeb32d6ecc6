import { describe, expect, it } from 'vitest';
import { markHydrated, readServerState, renderClock } from './server-rendered';
import { serverRenderedPage } from './server-rendered-pages';

const page = (path: string) => serverRenderedPage(new URL(path, 'http://console.invalid'));

describe('the pages the server renders', () => {
  it('are the properties list and the reports dashboard of an account', () => {
    expect(page('/protect/p-AB12/properties')).toBe('properties');
    expect(page('/protect/p-AB12/reports')).toBe('dashboard');
    expect(page('/protect/p-AB12/reports/')).toBe('dashboard');
    expect(page('/protect/p-AB12/reports/some-uuid')).toBe('dashboard');
  });

  it('not a saved report (the Analytics tab), the reports list, other pages or paths', () => {
    for (const path of [
      '/protect/p-AB12/reports?report_id=job-1',
      '/protect/p-AB12/reports/view-reports',
      '/protect/p-AB12/reports/some-uuid/more',
      '/protect/p-AB12/themes',
      '/protect/p-AB12',
      '/protect/AB12/reports',
      '/login',
    ])
      expect(page(path), path).toBeNull();
  });
});

describe("a server-rendered page's clock and data", () => {
  const RENDERED_AT = Date.UTC(2026, 10, 27, 6, 59, 59);

  it('reads the time the server rendered at until the page has hydrated, then the real time', () => {
    document.body.innerHTML = '<div id="root" inert><p>markup</p></div>';
    const root = document.getElementById('root')!;
    const now = renderClock(RENDERED_AT, root);
    expect(now().getTime()).toBe(RENDERED_AT);
    markHydrated();
    expect(root.hasAttribute('inert')).toBe(false);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('counts its answers as fetched when the page was rendered, on the browser’s own clock', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = JSON.stringify({
      renderedAt: RENDERED_AT,
      mutations: [],
      queries: [
        {
          queryKey: ['me'],
          queryHash: '["me"]',
          state: { data: 1, dataUpdatedAt: RENDERED_AT - 200 },
        },
        { queryKey: ['none'], queryHash: '["none"]', state: { data: undefined, dataUpdatedAt: 0 } },
      ],
    });
    // The browser's clock two minutes behind the server's.
    const state = readServerState(script, RENDERED_AT - 120_000);
    expect(state.renderedAt).toBe(RENDERED_AT);
    expect(state.queries.map((q) => q.state.dataUpdatedAt)).toEqual([RENDERED_AT - 120_200, 0]);
  });
});
