import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * `@assent/core/runtime` is what visitors' browsers download with the banner: it must bundle without
 * zod and without any schema module, by its own module graph (no build alias or stand-in).
 */
const coreDir = path.resolve(__dirname, '../..');
const exportsMap = JSON.parse(readFileSync(path.join(coreDir, 'package.json'), 'utf8')).exports;
const entry = path.join(coreDir, exportsMap['./runtime'] as string);

/** A value import of zod (type imports are erased and allowed). */
const importsZod = (code: string) => /^\s*import\s+(?!type\b)[^;]*?from\s+['"]zod['"]/m.test(code);

async function runtimeInputs(): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
    absWorkingDir: coreDir,
  });
  return Object.keys(result.metafile.inputs);
}

describe('@assent/core/runtime', () => {
  it('bundles no zod and no module that imports zod', async () => {
    const inputs = await runtimeInputs();
    expect(inputs.length).toBeGreaterThan(1);
    expect(inputs.filter((input) => /node_modules|(^|\/)zod\//.test(input))).toEqual([]);
    const schemaModules = inputs.filter((input) =>
      importsZod(readFileSync(path.resolve(coreDir, input), 'utf8')),
    );
    expect(schemaModules).toEqual([]);
  });

  it('tells a value import of zod from a type import', () => {
    expect(importsZod("import { z } from 'zod';")).toBe(true);
    expect(importsZod("import type { z } from 'zod';")).toBe(false);
  });
});
