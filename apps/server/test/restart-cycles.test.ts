import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';
import type { ServerProcess } from './server-process';
import { exited, signIn, startServerProcess } from './server-process';

/**
 * Issue 19, item 2: a start after kill -9 always succeeds, mid bulk update and under load. The
 * server listens before it resumes jobs, and the resumed job gives requests their turn, so a
 * restarted server answers while the interrupted job still has work left.
 */
const CYCLES = 20;
const PROPERTIES = 160;
const PASSWORD = 'restart cycles 1';

interface Job {
  status: string;
  done: boolean;
  successful: number;
  pending: number;
  failed: unknown[];
}

describe('kill -9 and restart, 20 times (PGlite on disk)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-restarts-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts healthy every time, answers while the interrupted job resumes, and the job completes exactly once', async () => {
    // One property per transaction, so the 160-property job spans several kills (batches of 25
    // finish it before the second one).
    const env = { ASSENT_DEMO_PASSWORD: PASSWORD, ASSENT_BULK_UPDATE_BATCH_SIZE: '1' };
    let server: ServerProcess = await startServerProcess(dataDir, env);
    const { cookie } = await signIn(server.url, 'demo@assent.local', PASSWORD);
    const tokenRes = await fetch(`${server.url}/auth/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ name: 'restarts' }),
    });
    const token = ((await tokenRes.json()) as { secret: string }).secret;
    const { pcode } = await signIn(server.url, 'demo@assent.local', PASSWORD);
    const api = async (url: string, method = 'GET', body?: unknown) => {
      const res = await fetch(`${server.url}/customization/v2${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    };
    const job = async () =>
      ((await api(`/bulk-update/status?pCode=${pcode}`)).body as { job: Job }).job;
    /** The job's state once it changed (polled every 50 ms). */
    const poll = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return job();
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < PROPERTIES) {
          const i = next++;
          const res = await api(`/site?pCode=${pcode}`, 'POST', {
            url: `restart${String(i).padStart(4, '0')}.example`,
            themeId: '1',
          });
          expect(res.status).toBe(201);
        }
      }),
    );
    const sites = (
      (await api(`/site?pCode=${pcode}`)).body as Array<{ siteId: number; url?: string }>
    )
      .filter((p) => p.url?.startsWith('restart'))
      .map((p) => p.siteId);
    expect(sites).toHaveLength(PROPERTIES);

    // The account's content version goes up by one for each property the job saves.
    const stop = async () => {
      const exit = exited(server.child);
      server.child.kill('SIGTERM');
      expect(await exit).toBe(0);
    };
    const contentVersion = async () => {
      const db = await openPglite(path.join(dataDir, 'db'));
      try {
        const [row] = await db.query<{ v: number }>(
          `select content_version as v from organisations where pcode = $1`,
          [pcode],
        );
        return Number(row!.v);
      } finally {
        await db.close();
      }
    };
    await stop();
    const versionBefore = await contentVersion();
    server = await startServerProcess(dataDir, env);

    const submitted = await api(`/bulk-update?pCode=${pcode}`, 'POST', {
      sites,
      fields: { repromtDaysAfterGvlUpdate: 45 },
    });
    expect(submitted.status).toBe(202);

    let pendingAtKill = PROPERTIES;
    let midJobKills = 0;
    let answeredWhileResuming = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      if (cycle > 0) server = await startServerProcess(dataDir, env);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      let current = await job();
      if (pendingAtKill >= 40) {
        // The restarted server answers before the job it resumed has finished.
        expect(current.status).toBe('RUNNING');
        expect(current.pending).toBeGreaterThan(0);
        answeredWhileResuming += 1;
      }
      if (cycle % 2 === 1 && !current.done) {
        // Mid-job: once the resumed job has made some progress.
        const from = current.successful;
        while (!current.done && current.successful < from + 10) current = await poll();
      }
      // Under load: requests in flight when the process dies.
      const load = Array.from({ length: 8 }, (_, i) =>
        fetch(
          i % 2 ? `${server.url}/customization/v2/site?pCode=${pcode}` : `${server.url}/healthz`,
          { headers: { authorization: `Bearer ${token}` } },
        ).catch(() => undefined),
      );
      if (!current.done) midJobKills += 1;
      pendingAtKill = current.done ? 0 : current.pending;
      const exit = exited(server.child);
      server.child.kill('SIGKILL');
      await exit;
      await Promise.all(load);
    }
    expect(midJobKills).toBeGreaterThanOrEqual(5);
    expect(answeredWhileResuming).toBeGreaterThanOrEqual(3);

    server = await startServerProcess(dataDir, env);
    let final = await job();
    while (!final.done) final = await poll();
    expect(final).toMatchObject({
      status: 'SUCCESSFUL',
      successful: PROPERTIES,
      pending: 0,
      failed: [],
    });
    await stop();
    // Exactly once: one save per property, none repeated by a resumption (and one for the submit,
    // which marked them pending).
    expect((await contentVersion()) - versionBefore).toBe(PROPERTIES + 1);
  }, 480_000);
});
