import type { BannerConfig, VisitorRegion } from '@assent/core/banner';
import { expect } from 'vitest';

export interface Boot {
  config: BannerConfig;
  region: VisitorRegion;
  endpoints: { vendorList: string; googleVendors?: string; visit?: string; consent?: string };
}

/** The boot JSON inlined in a served cmp.js (string-aware brace matching from `{"config":`). */
export function bootOf(js: string): Boot {
  const start = js.indexOf('{"config":');
  expect(start).toBeGreaterThanOrEqual(0);
  let depth = 0;
  let inString = false;
  for (let i = start; i < js.length; i++) {
    const c = js[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return JSON.parse(js.slice(start, i + 1)) as Boot;
  }
  throw new Error('no boot JSON');
}

/** cmp.js's loader options: the runtime file's, the configuration's and the fast path's URLs. */
export function loaderOf(js: string): { runtime: string; config: string; fast: string } {
  const match = /\{"runtime":"[^"]+","config":"[^"]+","fast":"[^"]+"\}/.exec(js);
  expect(match, 'cmp.js names no runtime, configuration and fast path').not.toBeNull();
  return JSON.parse(match![0]) as { runtime: string; config: string; fast: string };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/**
 * The boot JSON a page gets through a served cmp.js: the loader's configuration, fetched with
 * the same headers (the region is resolved per request).
 */
export async function servedBoot(
  get: (
    url: string,
    headers?: Record<string, string>,
  ) => Promise<{ body: string; statusCode: number }>,
  url: string,
  headers: Record<string, string> = {},
): Promise<Boot> {
  const script = await get(url, headers);
  expect(script.statusCode, script.body).toBe(200);
  const config = await get(pathOf(loaderOf(script.body).config), headers);
  expect(config.statusCode, config.body).toBe(200);
  return JSON.parse(config.body) as Boot;
}
