import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type GvlFixture =
  'gvl2-vendor-list.json' | 'gvl3-vendor-list.json' | 'gvl3-vendor-list-v17.json';

/**
 * The real IAB Global Vendor Lists the tests read, kept in this package (`fixtures/gvl`, whose README
 * names their source, version and date) so that a bare clone needs nothing beside it.
 */
export const GVL_FIXTURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/gvl',
);

export const gvlFixturePath = (name: GvlFixture): string => path.join(GVL_FIXTURES_DIR, name);

/** A fixture's JSON text. */
export const gvlFixture = (name: GvlFixture): string => readFileSync(gvlFixturePath(name), 'utf8');
