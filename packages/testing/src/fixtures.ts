import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type GvlFixture =
  'gvl2-vendor-list.json' | 'gvl3-vendor-list.json' | 'gvl3-vendor-list-v17.json';

/**
 * The real IAB Global Vendor Lists the tests read: `../shared/fixtures/gvl` beside the repository
 * (never copied into it), or ASSENT_GVL_FIXTURES.
 */
export const GVL_FIXTURES_DIR =
  process.env.ASSENT_GVL_FIXTURES ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures/gvl');

export const gvlFixturePath = (name: GvlFixture): string => path.join(GVL_FIXTURES_DIR, name);

/** A fixture's JSON text. */
export const gvlFixture = (name: GvlFixture): string => readFileSync(gvlFixturePath(name), 'utf8');
