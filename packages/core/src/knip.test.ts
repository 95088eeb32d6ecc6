import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * `npm run lint`'s unused-code check (scripts/knip.mjs) on a small package laid out like core: an
 * entry index.ts, a rule module, its test. The repository's own knip.jsonc settings apply (its
 * `workspaces` name this repository's folders, so the fixture takes the rest).
 */

const root = path.resolve(__dirname, '../../..');
const script = path.join(root, 'scripts/knip.mjs');

/** knip.jsonc without its comments and workspaces. */
function repoSettings(): Record<string, unknown> {
  const text = readFileSync(path.join(root, 'knip.jsonc'), 'utf8')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/,(\s*[}\]])/g, '$1');
  const {
    workspaces: _workspaces,
    $schema: _schema,
    ...settings
  } = JSON.parse(text) as Record<string, unknown>;
  return settings;
}

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const manifest = (dependencies: Record<string, string> = {}) =>
  write(
    'package.json',
    JSON.stringify({
      name: 'knip-fixture',
      private: true,
      type: 'module',
      exports: { '.': './src/index.ts' },
      dependencies,
      devDependencies: { vitest: '4.1.12' },
    }),
  );
const lint = () => {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'assent-knip-'));
  write('knip.json', JSON.stringify(repoSettings()));
  manifest();
  write('src/index.ts', "export { checkName } from './rule';\n");
  // NAME_REQUIRED is a spec message its module uses and its test asserts: not dead code.
  write(
    'src/rule.ts',
    "export const NAME_REQUIRED = 'Name is required';\n" +
      'export const checkName = (name: string) => (name ? undefined : NAME_REQUIRED);\n',
  );
  write(
    'src/rule.test.ts',
    "import { expect, it } from 'vitest';\nimport { NAME_REQUIRED, checkName } from './rule';\n" +
      "it('names the rule', () => expect(checkName('')).toBe(NAME_REQUIRED));\n",
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/knip.mjs', { timeout: 60_000 }, () => {
  it('passes a package whose every export and dependency is used', () => {
    expect(lint()).toMatchObject({ status: 0 });
  });

  it('fails on an export nothing imports, and says how to fix it', () => {
    write(
      'src/rule.ts',
      `${readFileSync(path.join(dir, 'src/rule.ts'), 'utf8')}export const spare = 1;\n`,
    );
    const { status, output } = lint();
    expect(status).not.toBe(0);
    expect(output).toMatch(/Unused exports \(1\)\s+spare/);
    expect(output).toContain('export it from its domain index.ts and import it from the entry');
  });

  it('fails on an export only tests use (the pass without tests)', () => {
    write(
      'src/rule.ts',
      `${readFileSync(path.join(dir, 'src/rule.ts'), 'utf8')}export const onlyForTests = () => 1;\n`,
    );
    write(
      'src/rule.test.ts',
      "import { expect, it } from 'vitest';\nimport { onlyForTests } from './rule';\n" +
        "it('counts', () => expect(onlyForTests()).toBe(1));\n",
    );
    const { status, output } = lint();
    expect(status).not.toBe(0);
    expect(output).toMatch(/Unused exports \(1\)\s+onlyForTests/);
    expect(output).toContain('found exports that only tests use');
  });

  it('fails on an unused dependency and on an unlisted one', () => {
    manifest({ 'left-pad': '1.3.0' });
    expect(lint().output).toMatch(/Unused dependencies \(1\)\s+left-pad/);
    manifest();
    write('src/index.ts', "import 'left-pad';\nexport { checkName } from './rule';\n");
    expect(lint().output).toMatch(/Unlisted dependencies \(1\)\s+left-pad/);
  });
});
