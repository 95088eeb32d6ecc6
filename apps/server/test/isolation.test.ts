import { buildPath, listRoutes, routes } from '@assent/core/api';
import type { AnyRoute } from '@assent/core/api';
import { THEME_NOT_IN_ACCOUNT, toSavePayload } from '@assent/core/property';
import type { Property } from '@assent/core/property';
import { REPORT_FOREIGN_PROPERTY } from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/repositories/audit-logs';
import { NO_LOGS_READY } from '../src/routes/audit-logs';
import { FORBIDDEN_MESSAGE, NOT_FOUND_MESSAGE, UNAUTHORIZED_MESSAGE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/** A request for a route with `pcode` in the place the route reads its account code from. */
function requestFor(route: AnyRoute, pcode: string) {
  const access = route.access;
  const params: Record<string, string> = {};
  for (const name of route.path.match(/\{(\w+)\}/g) ?? []) params[name.slice(1, -1)] = '1';
  const query: Record<string, string> = {};
  let body: Record<string, unknown> | undefined = route.body ? {} : undefined;
  if (access.kind === 'account') {
    if (access.from === 'params') params[access.key] = pcode;
    if (access.from === 'query') query[access.key] = pcode;
    if (access.from === 'body') body = { [access.key]: pcode };
  }
  const search = new URLSearchParams(query).toString();
  return {
    method: route.method,
    url: `${buildPath(route.path, params)}${search ? `?${search}` : ''}`,
    ...(body ? { payload: body } : {}),
  };
}

describe.each(stores())('tenant isolation (%s)', (store) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store);
    alice = await server.user('alice@example.com');
    bob = await server.user('bob@example.com');
  });
  afterAll(() => server?.close());

  const accountRoutes = listRoutes(routes).filter(({ route }) => route.access.kind === 'account');

  it.each(accountRoutes.map(({ group, name, route }) => [`${group}.${name}`, route] as const))(
    '%s answers 403 to a non-member',
    async (_id, route) => {
      const res = await server.request({ ...requestFor(route, alice.pcode), as: bob });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ status: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
    },
  );

  it.each(
    listRoutes(routes)
      .filter(({ route }) => route.access.kind !== 'public')
      .map(({ group, name, route }) => [`${group}.${name}`, route] as const),
  )('%s answers 401 without a session or token', async (_id, route) => {
    const res = await server.request(requestFor(route, alice.pcode));
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ status: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
  });

  it("refuses another account's theme on a site, an app and a bulk update, saying what is wrong", async () => {
    const theirs = (themeType: 'SITE' | 'APP') =>
      server
        .request({
          method: 'POST',
          url: `/customization/v2/theme?pCode=${alice.pcode}`,
          payload: { themeType, themeName: `Alice ${themeType}`, privacyModes: ['GDPR'] },
          as: alice,
        })
        .then((res) => json<{ themeId: string }>(res).themeId);
    const siteTheme = await theirs('SITE');
    const appTheme = await theirs('APP');
    const own = `pCode=${bob.pcode}`;
    const refused = {
      status: 'VALIDATION_ERROR',
      message: THEME_NOT_IN_ACCOUNT,
      fields: { themeId: THEME_NOT_IN_ACCOUNT },
    };
    const save = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
      server.request({ method, url: `${url}?${own}`, payload, as: bob });

    const site = await save('POST', '/customization/v2/site', {
      url: 'bob.example',
      themeId: siteTheme,
    });
    expect(site.statusCode).toBe(400);
    expect(json(site)).toEqual(refused);
    const app = await save('POST', '/customization/v2/app', {
      packageId: 'com.bob.app',
      themeId: appTheme,
    });
    expect(app.statusCode).toBe(400);
    expect(json(app)).toEqual(refused);

    // Bob's own site cannot be pointed at Alice's theme either, one by one or in bulk.
    const mine = json<Property>(
      await save('POST', '/customization/v2/site', { url: 'bob.example', themeId: '1' }),
    );
    const edit = await save('PUT', `/customization/v2/site/${mine.uuid}`, {
      ...toSavePayload(mine),
      themeId: siteTheme,
    });
    expect(edit.statusCode).toBe(400);
    expect(json(edit)).toEqual(refused);
    const bulk = await save('POST', '/customization/v2/bulk-update', {
      sites: [mine.siteId],
      fields: { themeId: siteTheme },
    });
    expect(bulk.statusCode).toBe(400);
    expect(json(bulk)).toEqual(refused);
    const bulkItem = await save('POST', '/customization/v2/bulk-update', {
      items: [{ siteId: mine.siteId, changes: { themeId: siteTheme } }],
    });
    expect(bulkItem.statusCode).toBe(400);
    expect(json(bulkItem)).toMatchObject({
      message: THEME_NOT_IN_ACCOUNT,
      fields: { 'items.0.changes.themeId': THEME_NOT_IN_ACCOUNT },
    });
    const still = json<Property>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site/${mine.uuid}?${own}`,
        as: bob,
      }),
    );
    expect(still.themeId).toBe('1');
    expect(still.editable).toBe(true);
  });

  it("treats another account's records as missing (404), under the caller's own account code", async () => {
    const site = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${alice.pcode}`,
        payload: { url: 'alice.example', themeId: '1' },
        as: alice,
      }),
    );
    const app = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/app?pCode=${alice.pcode}`,
        payload: { packageId: 'com.alice.app', themeId: '2' },
        as: alice,
      }),
    );
    const theme = json<{ themeId: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${alice.pcode}`,
        payload: { themeType: 'SITE', themeName: 'Alice theme', privacyModes: ['GDPR'] },
        as: alice,
      }),
    );
    expect(theme.themeId).toBeTruthy();
    const own = `pCode=${bob.pcode}`;
    const attempts = [
      { method: 'GET', url: `/customization/v2/site/${site.uuid}?${own}` },
      {
        method: 'PUT',
        url: `/customization/v2/site/${site.uuid}?${own}`,
        payload: { url: 'stolen.example', themeId: '1' },
      },
      { method: 'DELETE', url: `/customization/v2/site/${site.uuid}?${own}` },
      { method: 'GET', url: `/customization/v2/app/${app.uuid}?${own}` },
      { method: 'DELETE', url: `/customization/v2/app/${app.uuid}?${own}` },
      { method: 'GET', url: `/customization/v2/theme/${theme.themeId}?${own}` },
      {
        method: 'PUT',
        url: `/customization/v2/theme/${theme.themeId}?${own}`,
        payload: { themeType: 'SITE', themeName: 'x', privacyModes: ['GDPR'] },
      },
      { method: 'DELETE', url: `/customization/v2/theme/${theme.themeId}?${own}` },
      { method: 'GET', url: `/text-customization-request/${theme.themeId}` },
      {
        method: 'POST',
        url: `/customization/v2/bulk-update?${own}`,
        payload: { sites: [site.siteId], fields: { publisherCC: 'FR' } },
      },
    ] as const;
    for (const attempt of attempts) {
      const res = await server.request({ ...attempt, as: bob });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    // Nothing of Alice's changed.
    const still = json<Property>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site/${site.uuid}?pCode=${alice.pcode}`,
        as: alice,
      }),
    );
    expect(still).toMatchObject({ url: 'alice.example', editable: true });
    // Another account's property in an analytics request is refused, as an unknown id is.
    const analytics = await server.request({
      method: 'POST',
      url: `/analytics/v1/properties/pcode/${bob.pcode}`,
      payload: { propertyIds: [site.uuid], startDate: '2026-11-01', endDate: '2026-11-22' },
      as: bob,
    });
    expect(analytics.statusCode).toBe(403);
    expect(json<{ message: string }>(analytics).message).toBe(
      `${REPORT_FOREIGN_PROPERTY}: ${site.uuid}`,
    );
  });

  it("never downloads, hides, edits or requests text changes on another account's records", async () => {
    const now = server.deps.now();
    const log = await auditLogs.create(server.deps.db, {
      pcode: alice.pcode,
      propertyUuid: null,
      url: 'http://alice-logs.example',
      endDate: now.toISOString().slice(0, 10),
      daysBack: 30,
      userId: alice.id,
      now,
    });
    const csv = 'timestamp,regulation,outcome\n2026-11-01T00:00:00.000Z,1,a\n';
    await auditLogs.setState(server.deps.db, log.id, 'SUCCEEDED', now, { csv, rows: 1 });
    const app = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/app?pCode=${alice.pcode}`,
        payload: { packageId: 'com.alice.private', themeId: '2', publisherName: 'Alice' },
        as: alice,
      }),
    );
    const theme = json<{ themeId: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${alice.pcode}`,
        payload: { themeType: 'SITE', themeName: 'Alice texts', privacyModes: ['GDPR'] },
        as: alice,
      }),
    );
    const own = `pCode=${bob.pcode}`;

    const download = await server.request({
      method: 'GET',
      url: `/customization/v2/audit-log/download?${own}&logId=${log.id}`,
      as: bob,
    });
    expect(download.statusCode).toBe(404);
    expect(json(download)).toEqual({ status: 'NOT_FOUND', message: NO_LOGS_READY });
    expect(download.body).not.toContain('2026-11-01');
    // Acknowledging ids is a batch: unknown ones (here, all) are simply not hidden.
    const hide = await server.request({
      method: 'POST',
      url: `/customization/v2/audit-log/hide?${own}`,
      payload: { ids: [log.id] },
      as: bob,
    });
    expect(json(hide)).toEqual({ hidden: 0 });

    const edit = await server.request({
      method: 'PUT',
      url: `/customization/v2/app/${app.uuid}?${own}`,
      payload: { ...toSavePayload(app), publisherName: 'Bob was here' },
      as: bob,
    });
    expect(edit.statusCode).toBe(404);
    expect(json(edit)).toEqual({ status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

    const textRequest = await server.request({
      method: 'POST',
      url: '/text-customization-request',
      payload: [
        {
          customizationText: 'Bob writes here',
          reason: 'Because',
          language: 'en',
          customizationType: 'advanced',
          themeId: theme.themeId,
        },
      ],
      as: bob,
    });
    expect(textRequest.statusCode).toBe(404);
    expect(json(textRequest)).toEqual({ status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

    // Alice's records are as she left them.
    const logs = json<Array<{ id: string; isDownloaded: boolean }>>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/audit-log/status?pCode=${alice.pcode}`,
        as: alice,
      }),
    );
    expect(logs.find((l) => l.id === log.id)).toMatchObject({ isDownloaded: false });
    expect(
      json(
        await server.request({
          method: 'GET',
          url: `/customization/v2/app/${app.uuid}?pCode=${alice.pcode}`,
          as: alice,
        }),
      ),
    ).toMatchObject({ publisherName: 'Alice' });
    expect(
      json(
        await server.request({
          method: 'GET',
          url: `/text-customization-request/${theme.themeId}`,
          as: alice,
        }),
      ),
    ).toEqual([]);
  });
});
