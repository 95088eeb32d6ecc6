import type { AccountUser, Organisation } from '@assent/core/account';
import type { Property, PropertyListItem } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';
import { addAccount } from './live-server';

describe.each(stores())('a user of two accounts (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let first: string;
  let second: string;
  let outsider: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
    user = await server.user('two-hats@example.com', { organisation: { name: 'News Ltd' } });
    first = user.pcode;
    second = await addAccount(server.deps, user.id, 'Shop Ltd');
    outsider = await server.user('outsider@example.com', { organisation: { name: 'Elsewhere' } });
  });
  afterAll(() => server?.close());

  const createSite = (pCode: string, url: string) =>
    server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${pCode}`,
      payload: { url, themeId: '1' },
      as: user,
    });
  const listSites = async (pCode: string) =>
    json<PropertyListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site?pCode=${pCode}`,
        as: user,
      }),
    );

  it('lists both account codes, in the order joined, with their organisations', async () => {
    const me = json<AccountUser>(
      await server.request({ method: 'GET', url: '/auth/me', as: user }),
    );
    expect(me.pcodes).toEqual([first, second]);
    const signIn = json<AccountUser>(
      await server.request({
        method: 'POST',
        url: '/auth/sign-in',
        payload: { email: user.email, password: user.password },
      }),
    );
    expect(signIn.pcodes).toEqual([first, second]);
    const orgs = json<Organisation[]>(
      await server.request({ method: 'GET', url: '/auth/organisations', as: user }),
    );
    expect(orgs.map((o) => [o.pcode, o.name])).toEqual([
      [first, 'News Ltd'],
      [second, 'Shop Ltd'],
    ]);
  });

  it('works in either account, each seeing only its own properties', async () => {
    const news = await createSite(first, 'news.example');
    expect(news.statusCode).toBe(201);
    // A url is unique per account: the other account can protect it too.
    const shared = await createSite(second, 'news.example');
    expect(shared.statusCode).toBe(201);
    expect((await createSite(second, 'shop.example')).statusCode).toBe(201);
    expect(json<Property>(shared).pCode).toBe(second);

    expect((await listSites(first)).map((p) => p.url)).toEqual(['news.example']);
    expect((await listSites(second)).map((p) => p.url)).toEqual(['news.example', 'shop.example']);

    // A record is reached under its own account's code only.
    const uuid = json<Property>(news).uuid;
    const wrongCode = await server.request({
      method: 'GET',
      url: `/customization/v2/site/${uuid}?pCode=${second}`,
      as: user,
    });
    expect(wrongCode.statusCode).toBe(404);
    // A personal access token acts in both accounts as well.
    const byToken = await server.app.inject({
      method: 'GET',
      url: `/customization/v2/site?pCode=${second}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(json<PropertyListItem[]>(byToken)).toHaveLength(2);
  });

  it('is refused in a third account it does not belong to', async () => {
    const read = await server.request({
      method: 'GET',
      url: `/customization/v2/site?pCode=${outsider.pcode}`,
      as: user,
    });
    expect(read.statusCode).toBe(403);
    expect(json(read)).toEqual({ status: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
    const write = await createSite(outsider.pcode, 'intruder.example');
    expect(write.statusCode).toBe(403);
    expect(
      json<PropertyListItem[]>(
        await server.request({
          method: 'GET',
          url: `/customization/v2/site?pCode=${outsider.pcode}`,
          as: outsider,
        }),
      ),
    ).toEqual([]);
  });
});
