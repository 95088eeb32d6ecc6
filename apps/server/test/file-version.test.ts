import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { latestVersion } from '../src/ssr/file-version';

/**
 * The server render's bundle, index.html and build manifest are read once per version of their
 * file: a rebuild (a new mtime) is picked up without a restart, and nothing is read again before.
 */
describe('latestVersion (a file read once per version)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-file-version-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file once, again only once it changed, and gives nothing while it is missing', async () => {
    const file = path.join(dir, 'index.html');
    let reads = 0;
    const latest = latestVersion(file, (name) => {
      reads += 1;
      return readFile(name, 'utf8');
    });
    expect(await latest()).toBeUndefined();

    writeFileSync(file, 'first build');
    utimesSync(file, 1_000, 1_000);
    expect(await (await latest())!.value).toBe('first build');
    const first = await latest();
    expect(await first!.value).toBe('first build');
    expect(first!.settled).toBe('first build');
    expect(reads).toBe(1);

    writeFileSync(file, 'second build');
    utimesSync(file, 2_000, 2_000);
    expect(await (await latest())!.value).toBe('second build');
    expect(reads).toBe(2);
  });
});
