import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GBC_PURPOSES } from '../property/google-consent';
import { MSPA_PURPOSES } from '../property/us-privacy';
import { SERVED_WITHOUT_A_ROUTE, pathOrigin, renderApiReference } from './reference';
import { routes } from './routes';

describe('docs/api.md', () => {
  it('is generated from the current route table (run: npx tsx scripts/gen-api-docs.ts)', () => {
    const file = readFileSync(path.resolve(__dirname, '../../../../docs/api.md'), 'utf8');
    expect(file).toBe(renderApiReference(routes));
  });

  it('tells spec paths, fixed paths and designed paths apart', () => {
    expect(pathOrigin('GET', '/customization/v2/site')).toBe('spec');
    expect(pathOrigin('POST', '/customization/v2/site')).toBe('fixed');
    expect(pathOrigin('GET', '/auth/me')).toBe('fixed');
    expect(pathOrigin('GET', '/auth/organisations')).toBe('designed');
    expect(pathOrigin('POST', '/customization/v2/theme/stacks')).toBe('designed');
    expect(pathOrigin('GET', '/customization/v2/vendors')).toBe('designed');
  });
});

describe('calls served without a route of their own', () => {
  it('name routes of the table and core data that exist', async () => {
    // What any face can import: the exports of every entry in core's package.json.
    const coreDir = path.resolve(__dirname, '../..');
    const entries = JSON.parse(readFileSync(path.join(coreDir, 'package.json'), 'utf8')).exports;
    const core: Record<string, unknown> = {};
    for (const file of Object.values(entries) as string[])
      Object.assign(core, await import(path.join(coreDir, file)));
    const table = routes as Record<string, Record<string, unknown>>;
    for (const { servedBy } of SERVED_WITHOUT_A_ROUTE) {
      for (const [, name] of servedBy.matchAll(/`([A-Za-z_.]+)`/g)) {
        const [group, route] = name!.split('.');
        if (route) expect(table[group!]?.[route], name).toBeDefined();
        else expect(core[name!], name).toBeDefined();
      }
    }
    expect(renderApiReference(routes)).toContain('## Served without a route of their own');
  });

  it("serves the spec's purpose lists from core's data", () => {
    expect(routes.purposes.mspa.path).toBe('/customization/v2/purposes/mspa');
    expect(routes.purposes.googleBasicConsent.path).toBe(
      '/customization/v2/purposes/google-basic-consent',
    );
    expect(routes.purposes.mspa.response.parse(MSPA_PURPOSES)).toHaveLength(6);
    expect(routes.purposes.googleBasicConsent.response.parse(GBC_PURPOSES)).toHaveLength(7);
  });
});
