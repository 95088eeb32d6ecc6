// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeModules } from '../src/app/routes';

/** The built console (`node scripts/run.mjs build`). */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

describe('the modules each route preloads, by their build manifest keys (the server links them)', () => {
  it('names modules the build has as lazy chunks, on every route preloadRoute knows', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; isDynamicEntry?: boolean }>;
    const pathnames = [
      '/login',
      '/protect',
      '/protect/p-abc/properties',
      '/protect/p-abc/sites/detail/1',
      '/protect/p-abc/reports',
      '/protect/p-abc/reports/view-reports',
      '/protect/p-abc/vendors',
      '/protect/p-abc/themes',
    ];
    const keys = new Set(pathnames.flatMap(routeModules));
    // Each page once, the shell shared by the protected pages.
    expect(keys.size).toBe(8);
    for (const key of keys) {
      expect(manifest[key]?.isDynamicEntry, key).toBe(true);
      expect(existsSync(path.join(dist, manifest[key]!.file)), key).toBe(true);
    }
    expect(routeModules('/protect/p-abc/properties')).toEqual([
      'src/app/ProtectRoutes.tsx',
      'src/properties/PropertiesPage.tsx',
    ]);
  });
});
