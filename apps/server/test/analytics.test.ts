import type { Property } from '@assent/core/property';
import { DEFAULT_REPORT_CATALOGUE } from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

describe.each(stores())('analytics (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
    user = await server.user();
  });
  afterAll(() => server?.close());

  it('checks the body first: an invalid summary request names its fields', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/summary/pcode/${user.pcode}`,
      payload: {},
      as: user,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ status: 'VALIDATION_ERROR' });
    expect(Object.keys(json<{ fields: object }>(res).fields).sort()).toEqual([
      'filters',
      'metrics',
    ]);
  });

  it("gives the report catalogue, and the account's own properties and themes for the selectors", async () => {
    const metadata = await server.request({
      method: 'GET',
      url: '/analytics/v1/metadata',
      as: user,
    });
    expect(metadata.statusCode).toBe(200);
    expect(json(metadata)).toEqual(DEFAULT_REPORT_CATALOGUE);

    const other = await server.user();
    const create = async (owner: TestUser, kind: 'site' | 'app', payload: object) =>
      json<Property>(
        await server.request({
          method: 'POST',
          url: `/customization/v2/${kind}?pCode=${owner.pcode}`,
          payload,
          as: owner,
        }),
      );
    const site = await create(user, 'site', { url: 'reports.example', themeId: '1' });
    const app = await create(user, 'app', { packageId: 'com.reports.app', themeId: '2' });
    await create(other, 'site', { url: 'not-mine.example', themeId: '1' });
    const theme = json<{ themeId: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${user.pcode}`,
        payload: { themeType: 'SITE', themeName: 'Brand', privacyModes: ['GDPR'] },
        as: user,
      }),
    );
    await server.request({
      method: 'POST',
      url: `/customization/v2/theme?pCode=${other.pcode}`,
      payload: { themeType: 'SITE', themeName: 'Not mine', privacyModes: ['GDPR'] },
      as: other,
    });

    const properties = json(
      await server.request({
        method: 'GET',
        url: `/analytics/v1/pcode/${user.pcode}/properties`,
        as: user,
      }),
    );
    expect(properties).toEqual([
      { siteUuid: app.uuid, url: 'com.reports.app', isDisabled: false },
      { siteUuid: site.uuid, url: 'reports.example', isDisabled: false },
    ]);

    const themes = json(
      await server.request({
        method: 'GET',
        url: `/analytics/v1/pcode/${user.pcode}/themes`,
        as: user,
      }),
    );
    expect(themes).toEqual([
      { uuid: theme.themeId, themeName: 'Brand' },
      { uuid: '2', themeName: 'Default app theme' },
      { uuid: '1', themeName: 'Default theme' },
    ]);
  });
});
