import type { ConsoleStorage } from '@assent/core/account';
import { CONSOLE_CACHE_SECONDS } from '@assent/core';
import type { FetchInit, FetchLike } from '@assent/core/api';
import { describe, expect, it } from 'vitest';
import { revalidatingFetch } from './services';

function memoryStorage(): ConsoleStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

/** A transport that records the cache mode of each call. */
function recording() {
  const calls: { url: string; cache: FetchInit['cache'] }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, cache: init.cache });
    return Promise.resolve({
      status: 200,
      headers: { get: () => null },
      text: () => Promise.resolve('{}'),
      arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
    });
  };
  return { calls, fetch };
}

const get: FetchInit = { method: 'GET', headers: {}, credentials: 'include' };
const post: FetchInit = { method: 'POST', headers: {}, credentials: 'include', body: '{}' };

describe('revalidatingFetch (issue 16: a reload reads kept answers from the cache)', () => {
  it("lets the page's first read of a URL use the browser's cache, and revalidates later ones", async () => {
    const { calls, fetch } = recording();
    const read = revalidatingFetch(fetch, memoryStorage(), () => 1_000_000);
    await read('/customization/announcements', get);
    await read('/customization/v2/vendors/selection?pCode=abc', get);
    await read('/customization/announcements', get);
    expect(calls.map((c) => c.cache)).toEqual([undefined, undefined, 'no-cache']);
  });

  it('revalidates every read for a minute after a change, in this page and the next', async () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const { calls, fetch } = recording();
    await revalidatingFetch(fetch, storage, () => now)('/customization/abc/survey', post);
    // A reload: a new page (nothing read yet) over the same storage.
    const next = revalidatingFetch(fetch, storage, () => now);
    now += CONSOLE_CACHE_SECONDS * 1000 - 1;
    await next('/customization/abc/survey', get);
    now += 2;
    await next('/customization/v2/bulk-update/status?pCode=abc', get);
    expect(calls.map((c) => c.cache)).toEqual([undefined, 'no-cache', undefined]);
  });

  it('takes neither a sign-in nor a report query for a change', async () => {
    const storage = memoryStorage();
    const { calls, fetch } = recording();
    const read = revalidatingFetch(fetch, storage, () => 1_000_000);
    await read('/auth/sign-in', post);
    await read('/analytics/v1/properties/pcode/abc', post);
    await read('/customization/announcements', get);
    expect(calls.at(-1)?.cache).toBeUndefined();
    await read('/customization/v2/vendors/selection?pCode=abc', { ...post, method: 'PUT' });
    await read('/healthz', get);
    expect(calls.at(-1)?.cache).toBe('no-cache');
  });
});
