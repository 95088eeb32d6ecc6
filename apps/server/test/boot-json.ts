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
