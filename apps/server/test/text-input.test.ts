import { ONE_LINE_TEXT, UNSTORABLE_TEXT } from '@assent/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/** Issue 19 item 8: NUL bytes and lone surrogates answered 500 on 15 routes. */
describe.each(stores())('text that cannot be stored (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store);
    user = await server.user();
  });
  afterAll(() => server?.close());

  const expectRefused = (res: LightMyRequestResponse, field: string): void => {
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      status: 'VALIDATION_ERROR',
      message: UNSTORABLE_TEXT,
      fields: { [field]: UNSTORABLE_TEXT },
    });
  };

  it('refuses a NUL in a site publisher name, naming the field, and stores nothing', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { themeId: '1', url: 'nul.example.com', publisherName: 'Nul\u0000 News' },
      as: user,
    });
    expectRefused(res, 'publisherName');
    const list = await server.request({
      url: `/customization/v2/site?pCode=${user.pcode}`,
      as: user,
    });
    expect(list.body).not.toContain('nul.example.com');
  });

  it('refuses a lone surrogate deep in a theme body', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/theme?pCode=${user.pcode}`,
      payload: { name: 'Theme', texts: [{ language: 'en', title: 'half \uD83D emoji' }] },
      as: user,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.values(json<{ fields: Record<string, string> }>(res).fields)).toContain(
      UNSTORABLE_TEXT,
    );
  });

  it('refuses a NUL in a token name, in a query parameter and in a path parameter', async () => {
    expectRefused(
      await server.request({
        method: 'POST',
        url: '/auth/tokens',
        payload: { name: 'ci\u0000' },
        as: user,
      }),
      'name',
    );
    expectRefused(
      await server.request({ url: `/customization/v2/site?pCode=${user.pcode}%00`, as: user }),
      'pCode',
    );
    expectRefused(
      await server.request({ url: `/customization/v2/site/1%00?pCode=${user.pcode}`, as: user }),
      'id',
    );
  });

  it('refuses a NUL in a sign-in e-mail (a public route)', async () => {
    expectRefused(
      await server.request({
        method: 'POST',
        url: '/auth/sign-in',
        payload: { email: 'a\u0000@example.com', password: 'whatever it is' },
      }),
      'email',
    );
  });

  /** Issue 19 item 10: CR, LF, BEL and ESC were stored in one-line fields. */
  it.each([
    ['publisherName', 'Evil\r\nSet-Cookie: x'],
    ['uspDnsText', 'Do not sell\u0007'],
  ])('refuses a control character in the site %s, naming the field', async (field, value) => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { themeId: '1', url: 'ctl.example.com', publisherName: 'Fine', [field]: value },
      as: user,
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(res).fields[field]).toBe(ONE_LINE_TEXT);
  });

  it('refuses an escape sequence in a token name', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/auth/tokens',
      payload: { name: 'ci\u001b[31m' },
      as: user,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ fields: { name: ONE_LINE_TEXT } });
  });
});
