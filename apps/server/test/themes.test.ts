import { NO_ANGLE_BRACKETS, UNSAFE_CONTENT } from '@assent/core';
import {
  CSS_PROHIBITED,
  DEFAULT_THEME_LOCKED,
  HEX_NOT_VALID,
  TEXT_REQUEST_APPLIED,
  TEXT_REQUEST_NOT_IN_PROGRESS,
  TEXT_REQUEST_REVIEWING,
  THEME_TYPE_FIXED,
  themeInUse,
  toThemePayload,
} from '@assent/core/theme';
import type { Theme, ThemeListItem } from '@assent/core/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

describe.each(stores())('themes and text change requests (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await createTestServer(store, { now: () => clock });
    user = await server.user();
  });
  afterAll(() => server?.close());

  const create = (body: object) =>
    server.request({
      method: 'POST',
      url: `/customization/v2/theme?pCode=${user.pcode}`,
      payload: body,
      as: user,
    });

  it('creates site and app themes and lists them by name with the built-in ones', async () => {
    expect(
      (await create({ themeType: 'SITE', themeName: 'zebra', privacyModes: ['GDPR'] })).statusCode,
    ).toBe(201);
    const app = await create({
      themeType: 'APP',
      themeName: 'Apple',
      privacyModes: ['GDPR', 'USP'],
    });
    expect(json(app)).toMatchObject({
      themeType: 'APP',
      themeName: 'Apple',
      themeMode: 'AUTO',
      language: 'en',
    });
    const list = json<ThemeListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/theme?pCode=${user.pcode}&sort=themeName,ASC`,
        as: user,
      }),
    );
    expect(list.map((t) => t.themeName)).toEqual([
      'Apple',
      'Default app theme',
      'Default theme',
      'zebra',
    ]);
    expect(list.find((t) => t.themeName === 'Apple')).toMatchObject({
      regulation: 'GDPR & US',
      themeType: 'APP',
    });
    const sites = json<ThemeListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/theme?pCode=${user.pcode}&themeType=SITE`,
        as: user,
      }),
    );
    expect(sites.every((t) => t.themeType === 'SITE')).toBe(true);
  });

  it('answers XSS_ERROR for prohibited CSS, and names every invalid field', async () => {
    const css = await create({
      themeType: 'SITE',
      themeName: 'x',
      privacyModes: ['GDPR'],
      uxCustomizedCss: '.b { background: url(javascript:alert(1)) }',
    });
    expect(css.statusCode).toBe(400);
    expect(json(css)).toMatchObject({
      status: 'XSS_ERROR',
      fields: { uxCustomizedCss: CSS_PROHIBITED },
    });
    const bad = await create({
      themeType: 'SITE',
      themeName: '<b>',
      privacyModes: ['GDPR'],
      uxFontColor: '#12',
    });
    expect(json(bad)).toMatchObject({
      status: 'VALIDATION_ERROR',
      fields: { themeName: NO_ANGLE_BRACKETS, uxFontColor: HEX_NOT_VALID },
    });
  });

  it('never edits or deletes the default theme', async () => {
    const put = await server.request({
      method: 'PUT',
      url: `/customization/v2/theme/1?pCode=${user.pcode}`,
      payload: { themeType: 'SITE', themeName: 'Mine now', privacyModes: ['GDPR'] },
      as: user,
    });
    expect(put.statusCode).toBe(403);
    expect(json(put)).toEqual({ status: 'FORBIDDEN', message: DEFAULT_THEME_LOCKED });
    expect(
      (
        await server.request({
          method: 'DELETE',
          url: `/customization/v2/theme/1?pCode=${user.pcode}`,
          as: user,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      json(
        await server.request({
          method: 'GET',
          url: `/customization/v2/theme/1?pCode=${user.pcode}`,
          as: user,
        }),
      ),
    ).toMatchObject({
      themeName: 'Default theme',
    });
  });

  it('edits a theme (not its type) and refuses to delete one in use', async () => {
    const theme = json<Theme>(
      await create({ themeType: 'SITE', themeName: 'Editable', privacyModes: ['GDPR'] }),
    );
    const url = `/customization/v2/theme/${theme.themeId}?pCode=${user.pcode}`;
    const edited = await server.request({
      method: 'PUT',
      url,
      payload: { ...toThemePayload(theme), themeName: 'Edited' },
      as: user,
    });
    expect(json(edited)).toMatchObject({ themeName: 'Edited', themeId: theme.themeId });
    const retyped = await server.request({
      method: 'PUT',
      url,
      payload: { themeType: 'APP', themeName: 'x', privacyModes: ['GDPR'] },
      as: user,
    });
    expect(json(retyped)).toMatchObject({ message: THEME_TYPE_FIXED });
    await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { url: 'themed.example', themeId: theme.themeId },
      as: user,
    });
    const inUse = await server.request({ method: 'DELETE', url, as: user });
    expect(json(inUse)).toEqual({ status: 'CONFLICT', message: themeInUse(1) });
  });

  it('computes stacks from purposes, LI purposes and special features', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/theme/stacks?pCode=${user.pcode}`,
      payload: {
        gvlVersion: 3,
        purposeIds: [1, 2, 3, 4, 7, 9, 10],
        liPurposeIds: [],
        specialFeatureIds: [1],
      },
      as: user,
    });
    const body = json<{ stacks: Array<{ id: number; purposes: number[] }>; recommended: number[] }>(
      res,
    );
    expect(body.stacks.length).toBeGreaterThan(0);
    for (const stack of body.stacks)
      expect(stack.purposes.every((p) => [1, 2, 3, 4, 7, 9, 10].includes(p))).toBe(true);
    expect(body.recommended.every((id) => body.stacks.some((s) => s.id === id))).toBe(true);
  });

  it('takes text change requests, lets admins decide, and enforces the 15-day rule', async () => {
    const theme = json<Theme>(
      await create({ themeType: 'SITE', themeName: 'Texts', privacyModes: ['GDPR'] }),
    );
    const request = {
      customizationText: 'We value your privacy',
      reason: 'Brand voice',
      language: 'en',
      customizationType: 'advanced',
      themeId: theme.themeId,
    };
    const created = await server.request({
      method: 'POST',
      url: '/text-customization-request',
      payload: [request],
      as: user,
    });
    expect(created.statusCode).toBe(201);
    const [first] = json<Array<{ id: number; status: string }>>(created);
    expect(first).toMatchObject({ status: 'in-progress' });
    const again = await server.request({
      method: 'POST',
      url: '/text-customization-request',
      payload: [request],
      as: user,
    });
    expect(json(again)).toEqual({ status: 'CONFLICT', message: TEXT_REQUEST_REVIEWING });

    const notAdmin = await server.request({
      method: 'PUT',
      url: `/text-customization-request/${first!.id}/status?status=approved`,
      as: user,
    });
    expect(notAdmin.statusCode).toBe(403);
    const admin = await server.user('admin@example.com', { admin: true });
    const approved = await server.request({
      method: 'PUT',
      url: `/text-customization-request/${first!.id}/status?status=approved`,
      as: admin,
    });
    expect(json(approved)).toMatchObject({ status: 'approved' });
    // The requester is told by e-mail, with the spec's message.
    const mail = server
      .outbox()
      .filter((m) => m.to === user.email)
      .at(-1);
    expect(mail?.subject).toBe(`Your text change request ${first!.id} was approved`);
    expect(mail?.text).toContain(TEXT_REQUEST_APPLIED);
    const twice = await server.request({
      method: 'PUT',
      url: `/text-customization-request/${first!.id}/status?status=rejected`,
      as: admin,
    });
    expect(twice.statusCode).toBe(409);

    const tooSoon = await server.request({
      method: 'POST',
      url: '/text-customization-request',
      payload: [request],
      as: user,
    });
    expect(tooSoon.statusCode).toBe(409);
    expect(json<{ message: string }>(tooSoon).message).toContain('after 15 days from approval');
    clock = new Date(clock.getTime() + 15 * 86_400_000 + 1_000);
    user = await server.refresh(user);
    expect(
      (
        await server.request({
          method: 'POST',
          url: '/text-customization-request',
          payload: [request],
          as: user,
        })
      ).statusCode,
    ).toBe(201);
    const list = json<unknown[]>(
      await server.request({
        method: 'GET',
        url: `/text-customization-request/${theme.themeId}`,
        as: user,
      }),
    );
    expect(list).toHaveLength(2);
    const missing = await server.request({
      method: 'POST',
      url: '/text-customization-request',
      payload: [{ ...request, customizationText: '', reason: '' }],
      as: user,
    });
    expect(json(missing)).toMatchObject({
      fields: {
        customizationText: 'Please input the text you want to add!',
        reason: 'Please input the reason to change text!',
      },
    });
  });

  it('deletes an unused theme of the account: gone from the list and not found after', async () => {
    const theme = json<Theme>(
      await create({ themeType: 'SITE', themeName: 'Short-lived', privacyModes: ['GDPR'] }),
    );
    const url = `/customization/v2/theme/${theme.themeId}?pCode=${user.pcode}`;
    const deleted = await server.request({ method: 'DELETE', url, as: user });
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted)).toEqual({ deleted: true });
    const gone = await server.request({ method: 'GET', url, as: user });
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toEqual({ status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
    const list = json<ThemeListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/theme?pCode=${user.pcode}`,
        as: user,
      }),
    );
    expect(list.some((t) => t.themeId === theme.themeId)).toBe(false);
    expect((await server.request({ method: 'DELETE', url, as: user })).statusCode).toBe(404);
  });

  it('answers XSS_ERROR for script in theme texts; angle brackets in a name are a validation error', async () => {
    const before = json<ThemeListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/theme?pCode=${user.pcode}`,
        as: user,
      }),
    ).length;
    const button = await create({
      themeType: 'SITE',
      themeName: 'Buttons',
      privacyModes: ['GDPR'],
      agreeButton: 'javascript:alert(1)',
    });
    expect(button.statusCode).toBe(400);
    expect(json(button)).toEqual({
      status: 'XSS_ERROR',
      message: UNSAFE_CONTENT,
      fields: { agreeButton: UNSAFE_CONTENT },
    });
    const doNotSell = await create({
      themeType: 'SITE',
      themeName: 'US',
      privacyModes: ['USP'],
      uspDnsText: '<p>Your rights</p><img src=x onerror=alert(1)>',
    });
    expect(json(doNotSell)).toMatchObject({
      status: 'XSS_ERROR',
      fields: { uspDnsText: UNSAFE_CONTENT },
    });
    // A script tag in the name: the name rule (no '<' or '>') answers first, by design.
    const name = await create({
      themeType: 'SITE',
      themeName: '<script>alert(1)</script>',
      privacyModes: ['GDPR'],
    });
    expect(json(name)).toEqual({
      status: 'VALIDATION_ERROR',
      message: NO_ANGLE_BRACKETS,
      fields: { themeName: NO_ANGLE_BRACKETS },
    });
    expect(
      json<ThemeListItem[]>(
        await server.request({
          method: 'GET',
          url: `/customization/v2/theme?pCode=${user.pcode}`,
          as: user,
        }),
      ),
    ).toHaveLength(before);
  });

  it('lets an admin reject a text change request; a new one can be made at once', async () => {
    const theme = json<Theme>(
      await create({ themeType: 'SITE', themeName: 'Rejected texts', privacyModes: ['GDPR'] }),
    );
    const request = {
      customizationText: 'Cookies make us happy',
      reason: 'Tone',
      language: 'fr',
      customizationType: 'CoP',
      themeId: theme.themeId,
    };
    const send = () =>
      server.request({
        method: 'POST',
        url: '/text-customization-request',
        payload: [request],
        as: user,
      });
    const [first] = json<Array<{ id: number }>>(await send());
    const admin = await server.user(undefined, { admin: true });
    const rejected = await server.request({
      method: 'PUT',
      url: `/text-customization-request/${first!.id}/status?status=rejected`,
      as: admin,
    });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected)).toMatchObject({ id: first!.id, status: 'rejected' });
    const again = await server.request({
      method: 'PUT',
      url: `/text-customization-request/${first!.id}/status?status=approved`,
      as: admin,
    });
    expect(json(again)).toEqual({
      status: 'CONFLICT',
      message: TEXT_REQUEST_NOT_IN_PROGRESS,
      fields: { status: TEXT_REQUEST_NOT_IN_PROGRESS },
    });
    const resent = await send();
    expect(resent.statusCode).toBe(201);
    const list = json<Array<{ id: number; status: string }>>(
      await server.request({
        method: 'GET',
        url: `/text-customization-request/${theme.themeId}`,
        as: user,
      }),
    );
    expect(list.map((r) => r.status).sort()).toEqual(['in-progress', 'rejected']);
  });

  it('answers XSS_ERROR for script in a text change request and stores nothing', async () => {
    const theme = json<Theme>(
      await create({ themeType: 'SITE', themeName: 'Unsafe request', privacyModes: ['GDPR'] }),
    );
    const res = await server.request({
      method: 'POST',
      url: '/text-customization-request',
      payload: [
        {
          customizationText: 'We care <script>alert(1)</script>',
          reason: 'Brand',
          language: 'en',
          customizationType: 'advanced',
          themeId: theme.themeId,
        },
      ],
      as: user,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      status: 'XSS_ERROR',
      message: UNSAFE_CONTENT,
      fields: { customizationText: UNSAFE_CONTENT },
    });
    expect(
      json(
        await server.request({
          method: 'GET',
          url: `/text-customization-request/${theme.themeId}`,
          as: user,
        }),
      ),
    ).toEqual([]);
  });

  it('lets admins be named by ASSENT_ADMIN_EMAILS', async () => {
    const other = await createTestServer(store, {
      env: { ASSENT_ADMIN_EMAILS: 'Boss@Example.com' },
    });
    try {
      const boss = await other.user('boss@example.com');
      expect(json(await other.request({ method: 'GET', url: '/auth/me', as: boss }))).toMatchObject(
        { isAdmin: true },
      );
    } finally {
      await other.close();
    }
  });
});
