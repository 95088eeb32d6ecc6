import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathOrigin, renderApiReference } from './reference';
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
