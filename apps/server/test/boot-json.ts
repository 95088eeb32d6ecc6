import type { BannerConfig, VisitorRegion } from '@assent/core/banner';
import { expect } from 'vitest';

export interface Boot {
  config: BannerConfig;
  region: VisitorRegion;
  endpoints: { vendorList: string; googleVendors?: string; visit?: string; consent?: string };
}

/** The JSON object of a served script that starts with `prefix` (string-aware brace matching). */
function objectAt(js: string, prefix: string): unknown {
  const start = js.indexOf(prefix);
  expect(start, `no ${prefix} in the script`).toBeGreaterThanOrEqual(0);
  let depth = 0;
  let inString = false;
  for (let i = start; i < js.length; i++) {
    const c = js[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return JSON.parse(js.slice(start, i + 1));
  }
  throw new Error(`${prefix} is not closed`);
}

/** The boot JSON inlined in a served cmp.js (the loader's `boot`, a preview's or the SDK's token). */
export const bootOf = (js: string): Boot => objectAt(js, '{"config":') as Boot;

/**
 * cmp.js's loader options: the runtime file's, the configuration's (the key of what the runtime
 * keeps) and the fast path's URLs, and the boot JSON inline.
 */
export function loaderOf(js: string): {
  runtime: string;
  config: string;
  fast: string;
  boot: Boot;
} {
  const options = objectAt(js, '{"runtime":') as {
    runtime: string;
    config: string;
    fast: string;
    boot: Boot;
  };
  expect(Object.keys(options), 'cmp.js names no runtime, configuration and fast path').toEqual([
    'runtime',
    'config',
    'fast',
    'boot',
  ]);
  return options;
}

/** The boot JSON a page gets through a served cmp.js (the region is resolved per request). */
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
  return loaderOf(script.body).boot;
}
