import type { HistoryPage } from '@assent/core/history';
import { toSavePayload } from '@assent/core/property';
import type { Property } from '@assent/core/property';
import type { Theme } from '@assent/core/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db';
import { changeHistory } from '../src/repositories/change-history';
import { FORBIDDEN_MESSAGE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

describe.each(stores())('change history (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let other: TestUser;
  const clock = new Date('2026-11-25T10:00:00Z');
  beforeAll(async () => {
    server = await createTestServer(store, { now: () => clock });
    user = await server.user('editor@example.com');
    other = await server.user('other@example.com');
  });
  afterAll(() => server?.close());

  const history = async (query: string, as = user, pcode = user.pcode) =>
    server.request({
      method: 'GET',
      url: `/customization/v2/history?pCode=${pcode}${query}`,
      as,
    });
  const entityHistory = async (entityId: string) =>
    json<HistoryPage>(await history(`&entityId=${entityId}`));
  const createSite = async (url: string) => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { themeId: '1', url, publisherName: 'Before' },
      as: user,
    });
    expect(res.statusCode).toBe(201);
    return json<Property>(res);
  };

  it('records a creation, then a save with exactly the changed fields, who and when', async () => {
    const site = await createSite('history.example');
    const created = await entityHistory(site.uuid);
    expect(created.total).toBe(1);
    expect(created.items[0]).toMatchObject({
      action: 'CREATE',
      entityType: 'SITE',
      entityName: 'history.example',
      actor: 'editor@example.com',
      via: 'session',
    });
    expect(created.items[0]!.changes).toContainEqual({
      field: 'url',
      from: null,
      to: 'history.example',
    });

    const res = await server.request({
      method: 'PUT',
      url: `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`,
      payload: { ...toSavePayload(site), publisherName: 'After', publisherCC: 'FR' },
      as: user,
    });
    expect(res.statusCode).toBe(200);
    const page = await entityHistory(site.uuid);
    expect(page.total).toBe(2);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      at: '2026-11-25T10:00:00.000Z',
      actor: 'editor@example.com',
      tokenName: null,
      via: 'session',
      bulkUpdateId: null,
      entityType: 'SITE',
      entityId: site.uuid,
      entityName: 'history.example',
      action: 'UPDATE',
      changes: [
        { field: 'publisherCC', from: site.publisherCC ?? null, to: 'FR' },
        { field: 'publisherName', from: 'Before', to: 'After' },
      ],
    });
  });

  it('keeps concurrent saves of one site in order: each change starts where the one before ended', async () => {
    // A save is read and checked unlocked, then written only if the row is still as read: the
    // others are checked again against the newest row, so none records a stale 'from' or is lost.
    const site = await createSite('concurrent.example');
    const url = `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`;
    const names = Array.from({ length: 8 }, (_, i) => `Concurrent ${i}`);
    const saves = await Promise.all(
      names.map((publisherName) =>
        server.request({
          method: 'PUT',
          url,
          payload: { ...toSavePayload(site), publisherName },
          as: user,
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(names.map(() => 200));
    const updates = (await entityHistory(site.uuid)).items
      .filter((entry) => entry.action === 'UPDATE')
      .reverse();
    expect(updates).toHaveLength(names.length);
    let previous: unknown = 'Before';
    for (const entry of updates) {
      const change = entry.changes.find((c) => c.field === 'publisherName');
      expect(change?.from).toBe(previous);
      previous = change?.to;
    }
    expect(new Set(updates.map((e) => e.changes[0]?.to))).toEqual(new Set(names));
    const stored = json<Property>(await server.request({ method: 'GET', url, as: user }));
    expect(stored.publisherName).toBe(previous);
  });

  it('checks each save against the stored site and themes, also after this server saved it', async () => {
    // The server remembers the row it wrote last and sends the next save's write alone: a change
    // made elsewhere (another server, a bulk update, an operator) must still be what it checks.
    const site = await createSite('remembered.example');
    const url = `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`;
    const save = (body: Partial<Property>) =>
      server.request({
        method: 'PUT',
        url,
        payload: { ...toSavePayload(site), ...body },
        as: user,
      });
    const lastChange = async () =>
      (await entityHistory(site.uuid)).items[0]?.changes.find((c) => c.field === 'publisherName');
    expect((await save({ publisherName: 'One' })).statusCode).toBe(200);
    expect((await save({ publisherName: 'Two' })).statusCode).toBe(200);
    expect(await lastChange()).toMatchObject({ from: 'One', to: 'Two' });

    const db = server.deps.db;
    await db.query(
      `update properties set config = jsonb_set(config, '{publisherName}', '"Elsewhere"') where uuid = $1`,
      [site.uuid],
    );
    expect((await save({ publisherName: 'Three' })).statusCode).toBe(200);
    expect(await lastChange()).toMatchObject({ from: 'Elsewhere', to: 'Three' });

    // The rules' themes changed elsewhere: the answer names the theme as it is now.
    await db.query(`update themes set name = 'Renamed default' where id = 1`);
    try {
      const renamed = await save({ publisherName: 'Four' });
      expect(json<Property>(renamed).themeName).toBe('Renamed default');
    } finally {
      await db.query(`update themes set name = 'Default theme' where id = 1`);
    }
    expect(json<Property>(await save({ publisherName: 'Five' })).themeName).toBe('Default theme');

    await db.query('update properties set editable = false where uuid = $1', [site.uuid]);
    const pending = await save({ publisherName: 'Six' });
    expect(pending.statusCode).toBe(409);
    await db.query('update properties set editable = true where uuid = $1', [site.uuid]);
    expect(await lastChange()).toMatchObject({ from: 'Four', to: 'Five' });
  });

  it('records nothing for a save that fails, nor for a save that changes nothing', async () => {
    const site = await createSite('failing.example');
    const url = `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`;
    const bad = await server.request({
      method: 'PUT',
      url,
      payload: { ...toSavePayload(site), publisherName: 'Changed', redirectUrl: 'not a url' },
      as: user,
    });
    expect(bad.statusCode).toBe(400);
    const same = await server.request({
      method: 'PUT',
      url,
      payload: toSavePayload(site),
      as: user,
    });
    expect(same.statusCode).toBe(200);
    const page = await entityHistory(site.uuid);
    expect(page.items.map((e) => e.action)).toEqual(['CREATE']);
  });

  it('names the personal access token a change came through, and records a deletion', async () => {
    const site = await createSite('token.example');
    const res = await server.request({
      method: 'DELETE',
      url: `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
    const [deleted] = (await entityHistory(site.uuid)).items;
    expect(deleted).toMatchObject({ action: 'DELETE', via: 'token', tokenName: 'test' });
    expect(deleted!.changes).toContainEqual({ field: 'url', from: 'token.example', to: null });
  });

  it('records theme saves and vendor selection saves', async () => {
    const create = await server.request({
      method: 'POST',
      url: `/customization/v2/theme?pCode=${user.pcode}`,
      payload: { themeType: 'SITE', themeName: 'Audited', privacyModes: ['GDPR'] },
      as: user,
    });
    const theme = json<Theme>(create);
    const { themeId: _id, pCode: _p, createdAt: _c, updatedAt: _u, ...settings } = theme;
    const update = await server.request({
      method: 'PUT',
      url: `/customization/v2/theme/${theme.themeId}?pCode=${user.pcode}`,
      payload: { ...settings, themeName: 'Audited twice' },
      as: user,
    });
    expect(update.statusCode).toBe(200);
    const themePage = json<HistoryPage>(
      await history(`&entityType=THEME&entityId=${theme.themeId}`),
    );
    expect(themePage.items.map((e) => e.action)).toEqual(['UPDATE', 'CREATE']);
    expect(themePage.items[0]).toMatchObject({
      entityName: 'Audited twice',
      changes: [{ field: 'themeName', from: 'Audited', to: 'Audited twice' }],
    });

    const vendors = await server.request({
      method: 'PUT',
      url: `/customization/v2/vendors/selection?pCode=${user.pcode}`,
      payload: { vendorIds: [1, 2], googleAtpIds: [] },
      as: user,
    });
    expect(vendors.statusCode).toBe(200);
    const vendorPage = json<HistoryPage>(await history('&entityType=VENDORS'));
    expect(vendorPage.items[0]).toMatchObject({ entityType: 'VENDORS', entityId: user.pcode });
    expect(vendorPage.items[0]!.changes).toContainEqual({
      field: 'vendorIds',
      from: [],
      to: [1, 2],
    });
  });

  it("refuses another account's history, and never lists another account's changes", async () => {
    const refused = await history('', other);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ message: FORBIDDEN_MESSAGE });
    const site = await createSite('private.example');
    const foreign = json<HistoryPage>(await history(`&entityId=${site.uuid}`, other, other.pcode));
    expect(foreign).toEqual({ items: [], total: 0, page: 0, size: 50 });
  });

  it('pages newest first', async () => {
    const all = json<HistoryPage>(await history(''));
    expect(all.total).toBeGreaterThan(3);
    const first = json<HistoryPage>(await history('&size=2&page=0'));
    const second = json<HistoryPage>(await history('&size=2&page=1'));
    expect(first.items.map((e) => e.id)).toEqual(all.items.slice(0, 2).map((e) => e.id));
    expect(second.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
    expect(second.total).toBe(all.total);
  });

  it('records a bulk update per property, by who started it', async () => {
    const sites = [await createSite('bulk-a.example'), await createSite('bulk-b.example')];
    const submit = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: { sites: sites.map((s) => s.siteId), fields: { publisherCC: 'DE' } },
      as: user,
    });
    expect(submit.statusCode).toBe(202);
    const jobIds = new Set<string | null>();
    for (const site of sites) {
      let page = await entityHistory(site.uuid);
      for (let i = 0; i < 200 && page.items.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        page = await entityHistory(site.uuid);
      }
      expect(page.items.map((e) => e.action)).toEqual(['UPDATE', 'CREATE']);
      expect(page.items[0]).toEqual(
        expect.objectContaining({
          action: 'UPDATE',
          actor: 'editor@example.com',
          via: 'bulk-update',
          bulkUpdateId: expect.any(String),
          entityName: site.url,
          changes: [{ field: 'publisherCC', from: site.publisherCC ?? null, to: 'DE' }],
        }),
      );
      jobIds.add(page.items[0]!.bulkUpdateId);
    }
    expect(jobIds.size).toBe(1);
  });

  it('reads a page and its total from one snapshot while changes are committed', async () => {
    const site = await createSite('snapshot.example');
    const rename = (n: number) =>
      changeHistory.record(
        server.deps.db,
        user.pcode,
        { email: 'editor@example.com', via: 'session' },
        {
          entityType: 'SITE',
          entityId: site.uuid,
          entityName: site.url!,
          action: 'UPDATE',
          before: { publisherName: `Name ${n}` },
          after: { publisherName: `Name ${n + 1}` },
        },
        clock,
      );
    // A change commits right after the page's first statement (as a concurrent save may): with
    // the items and the count read apart, the count saw it and the items did not.
    let statements = 0;
    const interleaved: Queryable = {
      async query<T>(sql: string, params?: readonly unknown[]) {
        const rows = await server.deps.db.query<T>(sql, params);
        statements += 1;
        if (statements === 1) await rename(0);
        return rows;
      },
    };
    const filter = { entityType: 'SITE' as const, entityId: site.uuid, size: 50 };
    const first = await changeHistory.page(interleaved, user.pcode, { ...filter, page: 0 });
    expect(first.items.length).toBe(first.total);
    expect(first.total).toBe(1);
    const after = await changeHistory.page(server.deps.db, user.pcode, { ...filter, page: 0 });
    expect(after.total).toBe(2);
    // A page past the end still carries the total.
    const past = await changeHistory.page(server.deps.db, user.pcode, { ...filter, page: 3 });
    expect(past).toMatchObject({ items: [], total: 2 });

    // Through the route, with changes committed concurrently: every page lists all it counts.
    const writes = (async () => {
      for (let n = 1; n <= 40; n++) await rename(n);
    })();
    let done = false;
    void writes.finally(() => (done = true));
    let reads = 0;
    while (!done || reads < 5) {
      const page = json<HistoryPage>(await history(`&entityId=${site.uuid}`));
      expect(page.items.length).toBe(page.total);
      reads += 1;
    }
    await writes;
    const final = json<HistoryPage>(await history(`&entityId=${site.uuid}`));
    expect(final.items).toHaveLength(42);
    expect(final.total).toBe(42);
  });
});
