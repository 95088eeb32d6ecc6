import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNREGISTERED_CMP_ID_WARNING } from '@assent/core/banner';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess as Running } from './server-process';
import { exited, signIn, startServerProcess as start } from './server-process';

describe('the server process (embedded database on disk)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo once, loses no committed write to kill -9, and shuts down gracefully on SIGTERM', async () => {
    const password = 'demo password 1';
    const first = await start(dataDir, { ASSENT_DEMO_PASSWORD: password });
    expect(first.output()).toContain('e-mail:   demo@assent.local');
    expect(first.output()).toContain(`password: ${password}`);
    // No ASSENT_CMP_ID: /healthz and the log say the strings carry an unregistered id.
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({
      status: 'ok',
      warnings: [UNREGISTERED_CMP_ID_WARNING],
    });
    await expect.poll(first.output).toContain(`assent: warning: ${UNREGISTERED_CMP_ID_WARNING}`);

    const { cookie, pcode } = await signIn(first.url, 'demo@assent.local', password);
    const created = await fetch(`${first.url}/customization/v2/site?pCode=${pcode}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url, cookie },
      body: JSON.stringify({ url: 'committed.example', themeId: '1' }),
    });
    expect(created.status).toBe(201);

    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await start(dataDir, { ASSENT_DEMO_PASSWORD: 'ignored now 2' });
    expect(second.output()).not.toContain('demo@assent.local');
    const again = await signIn(second.url, 'demo@assent.local', password);
    const list = (await (
      await fetch(`${second.url}/customization/v2/site?pCode=${again.pcode}`, {
        headers: { cookie: again.cookie },
      })
    ).json()) as Array<{ url?: string }>;
    expect(list.map((p) => p.url)).toContain('committed.example');
    // The demo account: a few sites and apps, with a month of visits behind their consent rates.
    expect(list.length).toBeGreaterThanOrEqual(6);
    const demoSite = list.find((p) => p.url === 'shop.example.com') as { uuid: string } | undefined;
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
    const analytics = (await (
      await fetch(`${second.url}/analytics/v1/properties/pcode/${again.pcode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: second.url, cookie: again.cookie },
        body: JSON.stringify({
          propertyIds: [demoSite!.uuid],
          startDate: monthAgo,
          endDate: today,
        }),
      })
    ).json()) as Record<string, { '1'?: { consentRatePercentage: number } }>;
    expect(analytics[demoSite!.uuid]?.['1']?.consentRatePercentage).toBeGreaterThan(50);

    const exit = exited(second.child);
    second.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(second.output()).toContain('SIGTERM received, shutting down');
  }, 120_000);
});

describe('the demo account on a first start', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-demo-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  async function stop(running: Running) {
    const exit = exited(running.child);
    running.child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }

  it('is not created with ASSENT_DEMO=0', async () => {
    const running = await start(fresh(), {
      ASSENT_DEMO: '0',
      ASSENT_DEMO_PASSWORD: 'never used 1',
    });
    try {
      expect(running.output()).not.toContain('demo account');
      expect(running.output()).not.toContain('demo@assent.local');
      const res = await fetch(`${running.url}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: running.url },
        body: JSON.stringify({ email: 'demo@assent.local', password: 'never used 1' }),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: 'NOT_AUTHORIZED' });
    } finally {
      await stop(running);
    }
  }, 120_000);

  it('gets a generated password without ASSENT_DEMO_PASSWORD, printed once, that signs in', async () => {
    const running = await start(fresh(), { ASSENT_DEMO: '1', ASSENT_DEMO_PASSWORD: '' });
    try {
      const printed = [...running.output().matchAll(/^\s*password: (\S+)$/gm)].map((m) => m[1]);
      expect(printed).toHaveLength(1);
      const password = printed[0]!;
      expect(password).toMatch(/^demo-[\w-]{12}$/);
      const { pcode } = await signIn(running.url, 'demo@assent.local', password);
      expect(running.output()).toContain(`account:  p-${pcode}`);
    } finally {
      await stop(running);
    }
  }, 120_000);
});
