import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { budgetFailures, PATH_BUDGETS } from '../budget.mjs';

const banner = path.resolve(__dirname, '..');

describe('byte budget per visitor path', () => {
  // dist/ is built by `node scripts/run.mjs build` (npm run lint builds it before checking).
  it('the built runtime stays within every path budget', () => {
    const manifest = JSON.parse(readFileSync(path.join(banner, 'dist/manifest.json'), 'utf8'));
    expect(budgetFailures(manifest)).toEqual([]);
  });

  it('names a path over its budget, and a path the manifest lacks', () => {
    const budgets = PATH_BUDGETS as Record<string, number>;
    const paths = Object.fromEntries(
      Object.keys(budgets).map((name) => [name, { files: ['cmp.js'], gzip: budgets[name]! }]),
    );
    expect(budgetFailures({ paths })).toEqual([]);
    const over = { ...paths, stub: { files: ['stub.js'], gzip: budgets.stub! + 1 } };
    expect(budgetFailures({ paths: over })).toEqual([
      `stub: ${budgets.stub! + 1} B gzip is over its budget of ${budgets.stub} B (stub.js)`,
    ]);
    const { ampPrompt: _gone, ...missing } = paths;
    expect(budgetFailures({ paths: missing })).toEqual(['ampPrompt: not in dist/manifest.json']);
  });
});
