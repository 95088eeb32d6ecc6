import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './harness';

describe('bin/assent, run as a command', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-launcher-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // `npm start` and `assent server start` run this file itself: its first line gives the process
  // the memory settings that keep an idle server at about 230 MB instead of 330 MB (glibc reads
  // MALLOC_MMAP_THRESHOLD_ only when a process starts, so they cannot be set from inside it).
  it('starts node with the server memory settings', async () => {
    const report = path.join(dir, 'report.cjs');
    writeFileSync(
      report,
      `process.stderr.write('SETTINGS ' + JSON.stringify({ execArgv: process.execArgv, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ }) + '\\n');`,
    );
    const { stdout, stderr } = await promisify(execFile)(
      path.join(REPO_ROOT, 'bin', 'assent'),
      ['--version'],
      { env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: `--require ${report}` } },
    );
    expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
    const settings = JSON.parse(/^SETTINGS (.*)$/m.exec(stderr)![1]!) as {
      execArgv: string[];
      mmapThreshold?: string;
    };
    expect(settings).toEqual({
      execArgv: ['--v8-pool-size=1', '--max-semi-space-size=4'],
      mmapThreshold: '131072',
    });
  });
});
