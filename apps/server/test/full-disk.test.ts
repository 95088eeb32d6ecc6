import { openSync, closeSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { TestServer } from './harness';
import { createTestServer } from './harness';
import { exited } from './server-process';

const root = path.resolve(__dirname, '../../..');

/** Issue 19, item 19: logging never takes the server down (a full disk under the log file). */
describe('a full disk under the log', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite', { workers: false });
  });
  afterAll(() => server?.close());

  it('drops the request log lines that fail with ENOSPC and keeps answering', async () => {
    let failedWrites = 0;
    const deps = { ...server.deps, config: { ...server.deps.config, logLevel: 'info' } };
    const app = await buildApp(deps, {
      logTarget: () =>
        new Writable({
          write(_chunk, _encoding, callback) {
            failedWrites += 1;
            callback(
              Object.assign(new Error('ENOSPC: no space left on device, write'), {
                code: 'ENOSPC',
              }),
            );
          },
        }),
    });
    try {
      app.log.info('a line the disk cannot take');
      for (let i = 0; i < 5; i += 1) {
        const res = await app.inject({ method: 'GET', url: '/healthz' });
        expect(res.statusCode).toBe(200);
      }
      expect(failedWrites).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  });

  it.runIf(existsSync('/dev/full'))(
    'a server whose output goes to /dev/full starts, logs every request and stays up',
    async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-full-disk-'));
      const full = openSync('/dev/full', 'w');
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          ASSENT_DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(port),
          ASSENT_DEMO: '0',
          ASSENT_LOG_LEVEL: 'info',
        },
        stdio: ['ignore', full, full],
      });
      closeSync(full);
      const exit = exited(child);
      let exitCode: number | null | undefined;
      void exit.then((code) => (exitCode = code));
      try {
        // Up once /healthz answers (the "running" line went to the full disk).
        let health: Response | undefined;
        while (exitCode === undefined && !health) {
          health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(async () => {
            await new Promise((resolve) => setTimeout(resolve, 200));
            return undefined;
          });
        }
        expect(exitCode).toBeUndefined();
        expect(health!.status).toBe(200);
        for (let i = 0; i < 20; i += 1) {
          const res = await fetch(`http://127.0.0.1:${port}/customization/v2/cmp-versions`);
          expect(res.status).toBe(401);
        }
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        expect(exitCode).toBeUndefined();
      } finally {
        child.kill('SIGTERM');
        await exit;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
