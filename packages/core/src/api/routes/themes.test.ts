import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fetch';
import { siteThemeValues } from '../../testing/theme';
import { createClientFor } from '../client';
import { listRoutes } from '../route';
import { bulkUpdate } from './bulk-update';
import { textRequests } from './text-requests';
import { themes } from './themes';

const table = { themes, textRequests, bulkUpdate };

describe('theme, text request and bulk update routes', () => {
  it('use the fixed paths of the spec and the designed ones', () => {
    expect(
      listRoutes(table).map(
        ({ group, name, route }) => `${group}.${name} ${route.method} ${route.path}`,
      ),
    ).toEqual([
      'themes.list GET /customization/v2/theme',
      'themes.create POST /customization/v2/theme',
      'themes.get GET /customization/v2/theme/{id}',
      'themes.update PUT /customization/v2/theme/{id}',
      'themes.remove DELETE /customization/v2/theme/{id}',
      'themes.stacks POST /customization/v2/theme/stacks',
      'themes.preview POST /customization/v2/theme/preview',
      'textRequests.listForTheme GET /text-customization-request/{id}',
      'textRequests.updateStatus PUT /text-customization-request/{id}/status',
      'textRequests.create POST /text-customization-request',
      'bulkUpdate.submit POST /customization/v2/bulk-update',
      'bulkUpdate.status GET /customization/v2/bulk-update/status',
    ]);
  });

  it('only admins change a request status; themes and bulk update need the account', () => {
    expect(textRequests.updateStatus.access).toEqual({ kind: 'admin' });
    for (const route of [...Object.values(themes), ...Object.values(bulkUpdate)]) {
      expect(route.access).toEqual({ kind: 'account', from: 'query', key: 'pCode' });
    }
  });

  it('lists themes sorted by name, optionally of one type', async () => {
    const { fetch, calls } = fakeFetch(200, []);
    const client = createClientFor(table, { baseUrl: 'http://api', fetch });
    await client.themes.list({ query: { pCode: 'abc', themeType: 'SITE' } });
    await client.themes.list({ query: { pCode: 'abc' } });
    // The client sends what the caller gives; the server fills the default sort.
    expect(calls[0]?.url).toBe('http://api/customization/v2/theme?pCode=abc&themeType=SITE');
    expect(themes.list.query.parse({ pCode: 'abc' })).toEqual({
      pCode: 'abc',
      sort: 'themeName,ASC',
    });
    await client.themes.list({ query: { pCode: 'abc', sort: 'themeName,ASC' } });
    expect(calls[2]?.url).toBe('http://api/customization/v2/theme?pCode=abc&sort=themeName,ASC');
  });

  it('gets, edits and deletes a theme by id', async () => {
    const stored = { ...siteThemeValues(), themeId: '42', createdAt: 'a', updatedAt: 'b' };
    const { fetch, calls } = fakeFetch(200, stored);
    const client = createClientFor(table, { baseUrl: '', fetch });
    expect(
      (await client.themes.get({ params: { id: '42' }, query: { pCode: 'abc' } })).themeId,
    ).toBe('42');
    await client.themes.update({
      params: { id: '42' },
      query: { pCode: 'abc' },
      body: siteThemeValues(),
    });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /customization/v2/theme/42?pCode=abc',
      'PUT /customization/v2/theme/42?pCode=abc',
    ]);
  });

  it('puts the decision in the status query', async () => {
    const request = {
      id: 7,
      language: 'en',
      customizationType: 'advanced',
      customizationText: 't',
      reason: 'r',
      status: 'approved',
      createdOn: 1,
      themeId: '42',
    };
    const { fetch, calls } = fakeFetch(200, request);
    const client = createClientFor(table, { baseUrl: '', fetch });
    await client.textRequests.updateStatus({ params: { id: 7 }, query: { status: 'approved' } });
    expect(calls[0]?.url).toBe('/text-customization-request/7/status?status=approved');
    expect(textRequests.updateStatus.params.parse({ id: '7' })).toEqual({ id: 7 });
    expect(textRequests.updateStatus.query.safeParse({ status: 'in-progress' }).success).toBe(
      false,
    );
  });

  it('submits a bulk update with sites and fields, and reads the status page', async () => {
    const { fetch, calls } = fakeFetch(200, { code: 'NO_BULK_UPDATE', message: 'None', job: null });
    const client = createClientFor(table, { baseUrl: '', fetch });
    await client.bulkUpdate.status({ query: { pCode: 'abc', page: 'sites' } });
    expect(calls[0]?.url).toBe('/customization/v2/bulk-update/status?pCode=abc&page=sites');
    expect(
      bulkUpdate.submit.body.safeParse({ sites: [1], fields: { gbcEnabled: true } }).success,
    ).toBe(true);
    expect(bulkUpdate.submit.status).toBe(202);
  });
});
