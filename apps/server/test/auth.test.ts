import {
  CHECK_EMAIL_AND_PASSWORD,
  CODE_MISMATCH_MESSAGE,
  INCORRECT_USERNAME_OR_PASSWORD,
  NAME_TOO_SHORT,
  PASSWORD_CHANGED,
  PASSWORD_COMMON,
  PASSWORD_POLICY,
  PASSWORD_RESET_SUCCESS,
  RESEND_CONFIRMATION_SUCCESS,
  SIGN_UP_CONFIRMED,
  SIGN_UP_SUCCESS,
  signInFailureOutcome,
  USER_IS_NOT_CONFIRMED,
} from '@assent/core/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_MESSAGE } from '../src/routes/errors';
import { SESSION_COOKIE } from '../src/services/auth';
import type { TestServer } from './harness';
import { ORIGIN, createTestServer, json, stores } from './harness';

const PASSWORD = 'sturdy password 9';

function sessionCookie(setCookie: string | string[] | undefined): {
  value: string;
  attributes: string;
} {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!header) throw new Error('no session cookie');
  const [pair = '', ...attributes] = header.split(';');
  return { value: pair.slice(SESSION_COOKIE.length + 1), attributes: attributes.join(';') };
}

const post = (
  server: TestServer,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => server.request({ method: 'POST', url, payload: payload as object, headers });

describe.each(stores())('identity (%s)', (store) => {
  let server: TestServer;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await createTestServer(store, { now: () => clock });
  });
  afterAll(() => server?.close());

  async function signUpAndConfirm(email: string) {
    const signUp = await post(server, '/auth/sign-up', {
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Ltd',
    });
    expect(signUp.statusCode).toBe(201);
    expect(json(signUp)).toEqual({ message: SIGN_UP_SUCCESS });
    const confirm = await post(server, '/auth/confirm-sign-up', {
      email,
      code: server.mailedCode(email),
      password: PASSWORD,
    });
    expect(json(confirm)).toEqual({ message: SIGN_UP_CONFIRMED });
  }

  async function signIn(email: string, password = PASSWORD) {
    return post(server, '/auth/sign-in', { email, password });
  }

  it('signs up with a mailed code, creates an organisation, and signs in with a rotated httpOnly cookie', async () => {
    await signUpAndConfirm('ada@example.com');
    const mail = server.outbox().at(-1)!;
    expect(mail.subject).toBe('Confirm your Assent account');

    const first = await signIn('ADA@example.com');
    expect(first.statusCode).toBe(200);
    const me = json<{ email: string; pcodes: string[]; name: string; isAdmin: boolean }>(first);
    expect(me).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', isAdmin: false });
    expect(me.pcodes).toHaveLength(1);
    const cookie = sessionCookie(first.headers['set-cookie']);
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/SameSite=Lax/);
    expect(cookie.attributes).not.toMatch(/Secure/);

    // Signing in again from the same browser rotates the session: the old cookie stops working.
    const second = await post(
      server,
      '/auth/sign-in',
      { email: 'ada@example.com', password: PASSWORD },
      {
        cookie: `${SESSION_COOKIE}=${cookie.value}`,
      },
    );
    const rotated = sessionCookie(second.headers['set-cookie']);
    expect(rotated.value).not.toBe(cookie.value);
    const old = await server.request({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` },
    });
    expect(old.statusCode).toBe(401);
    const now = await server.request({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: `${SESSION_COOKIE}=${rotated.value}` },
    });
    expect(json(now)).toMatchObject({ email: 'ada@example.com', username: 'ada@example.com' });

    const orgs = await server.request({
      method: 'GET',
      url: '/auth/organisations',
      headers: { cookie: `${SESSION_COOKIE}=${rotated.value}` },
    });
    expect(json(orgs)).toEqual([
      expect.objectContaining({
        pcode: me.pcodes[0],
        name: 'Analytical Ltd',
        cmpTosAccepted: false,
        sspTosAccepted: false,
      }),
    ]);
  });

  it('answers sign-in alike for an unknown e-mail and a wrong password (no enumeration); an unconfirmed sign-up is told so, as the spec resends its activation mail', async () => {
    const expected = { status: 'NOT_AUTHORIZED', message: INCORRECT_USERNAME_OR_PASSWORD };
    const unknown = await signIn('nobody@example.com');
    const wrong = await signIn('ada@example.com', 'not the password 1');
    await post(server, '/auth/sign-up', {
      email: 'pending@example.com',
      firstName: 'Pe',
      lastName: 'Nding',
      company: 'Co',
    });
    const unconfirmed = await signIn('pending@example.com');
    // reports-and-account: a sign-in failing as unconfirmed resends the activation e-mail.
    expect(unconfirmed.statusCode).toBe(403);
    expect(json(unconfirmed)).toEqual({
      status: 'USER_NOT_CONFIRMED',
      message: USER_IS_NOT_CONFIRMED,
    });
    expect(unconfirmed.headers['set-cookie']).toBeUndefined();
    expect(signInFailureOutcome(json(unconfirmed))).toEqual({ kind: 'resendActivation' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual(expected);
      expect(res.headers['set-cookie']).toBeUndefined();
      // The console shows the spec's one message for all of them (reports-and-account §8).
      expect(signInFailureOutcome(json(res))).toEqual({
        kind: 'message',
        message: CHECK_EMAIL_AND_PASSWORD,
      });
    }

    // Resend answers alike for unconfirmed, confirmed and unknown addresses; only the first gets a code.
    const mailsTo = (email: string) => server.outbox().filter((m) => m.to.includes(email));
    const answers = await Promise.all(
      ['pending@example.com', 'ada@example.com', 'nobody@example.com'].map((email) =>
        post(server, '/auth/resend-confirmation', { email }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: RESEND_CONFIRMATION_SUCCESS });
    }
    expect(mailsTo('pending@example.com')).toHaveLength(2);
    expect(mailsTo('nobody@example.com')).toHaveLength(0);
    expect(mailsTo('ada@example.com').at(-1)!.subject).toBe('You already have an Assent account');

    // Confirming sign-up for an unknown or an already confirmed address is just a wrong code.
    for (const email of ['nobody@example.com', 'ada@example.com']) {
      const confirm = await post(server, '/auth/confirm-sign-up', {
        email,
        code: '123456',
        password: PASSWORD,
      });
      expect(confirm.statusCode).toBe(400);
      expect(json(confirm)).toEqual({ status: 'CODE_MISMATCH', message: CODE_MISMATCH_MESSAGE });
    }
    const reset = await post(server, '/auth/confirm-forgot-password', {
      email: 'nobody@example.com',
      code: '123456',
      password: PASSWORD,
    });
    expect(json(reset)).toEqual({ status: 'CODE_MISMATCH', message: CODE_MISMATCH_MESSAGE });
  });

  it('refuses short names with INVALID_PARAMETER, answers a taken address as a new one, and names every invalid field', async () => {
    const short = await post(server, '/auth/sign-up', {
      email: 'x@example.com',
      firstName: 'A',
      lastName: 'Lovelace',
      company: 'Co',
    });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toEqual({ status: 'INVALID_PARAMETER', message: NAME_TOO_SHORT });
    // A taken address answers as a new one (no enumeration); its owner is told by mail.
    const dup = await post(server, '/auth/sign-up', {
      email: 'Ada@Example.com',
      firstName: 'Ada',
      lastName: 'Again',
      company: 'Co',
    });
    expect(dup.statusCode).toBe(201);
    expect(json(dup)).toEqual({ message: SIGN_UP_SUCCESS });
    expect(server.outbox().at(-1)).toMatchObject({
      to: expect.stringContaining('ada@example.com'),
      subject: 'You already have an Assent account',
    });
    expect((await signIn('ada@example.com')).statusCode).toBe(200);
    const bad = await post(server, '/auth/sign-up', {
      email: 'not-an-email',
      firstName: '',
      lastName: '<b>',
      company: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: object }>(bad).fields).sort()).toEqual([
      'company',
      'email',
      'firstName',
      'lastName',
    ]);
    const missing = await post(server, '/auth/sign-up', {});
    expect(json<{ status: string; fields: Record<string, string> }>(missing)).toMatchObject({
      status: 'VALIDATION_ERROR',
    });
  });

  it('refuses a wrong confirmation code and accepts the right one once', async () => {
    await post(server, '/auth/sign-up', {
      email: 'code@example.com',
      firstName: 'Co',
      lastName: 'De',
      company: 'Co',
    });
    const wrong = await post(server, '/auth/confirm-sign-up', {
      email: 'code@example.com',
      code: '000000',
      password: PASSWORD,
    });
    expect(json(wrong)).toEqual({ status: 'CODE_MISMATCH', message: CODE_MISMATCH_MESSAGE });
    const code = server.mailedCode('code@example.com');
    expect(
      (
        await post(server, '/auth/confirm-sign-up', {
          email: 'code@example.com',
          code,
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('resets a forgotten password with a mailed code, signs out every session and revokes every token', async () => {
    const before = sessionCookie((await signIn('ada@example.com')).headers['set-cookie']);
    const created = await post(
      server,
      '/auth/tokens',
      { name: 'laptop' },
      { cookie: `${SESSION_COOKIE}=${before.value}` },
    );
    const token = json<{ secret: string }>(created).secret;
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await server.request({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode,
    ).toBe(200);
    const unknown = await post(server, '/auth/forgot-password', { email: 'nobody@example.com' });
    const known = await post(server, '/auth/forgot-password', { email: 'ada@example.com' });
    expect(json(unknown)).toEqual(json(known));
    const code = server.mailedCode('ada@example.com');
    const reset = await post(server, '/auth/confirm-forgot-password', {
      email: 'ada@example.com',
      code,
      password: 'brand new pass 2',
    });
    expect(reset.statusCode).toBe(200);
    expect(json(reset)).toEqual({ message: PASSWORD_RESET_SUCCESS });
    expect(
      (await server.request({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode,
    ).toBe(401);
    const old = await server.request({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: `${SESSION_COOKIE}=${before.value}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await signIn('ada@example.com', 'brand new pass 2')).statusCode).toBe(200);
  });

  it('changes the password, keeping this session, ending the others and revoking every token', async () => {
    const user = await server.user('changer@example.com');
    const other = sessionCookie((await signIn(user.email, user.password)).headers['set-cookie']);
    const wrong = await server.request({
      method: 'POST',
      url: '/auth/change-password',
      payload: { oldPassword: 'nope', newPassword: 'another pass 3' },
      as: user,
    });
    expect(wrong.statusCode).toBe(401);
    const res = await server.request({
      method: 'POST',
      url: '/auth/change-password',
      payload: { oldPassword: user.password, newPassword: 'another pass 3' },
      as: user,
    });
    expect(json(res)).toEqual({ message: PASSWORD_CHANGED });
    // The console and the CLI show this message: it says the tokens went with the old password.
    expect(PASSWORD_CHANGED).toContain('personal access tokens were revoked');
    const viaToken = await server.request({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(viaToken.statusCode).toBe(401);
    expect(json(await server.request({ method: 'GET', url: '/auth/tokens', as: user }))).toEqual(
      [],
    );
    expect((await server.request({ method: 'GET', url: '/auth/me', as: user })).statusCode).toBe(
      200,
    );
    expect(
      (
        await server.request({
          method: 'GET',
          url: '/auth/me',
          headers: { cookie: `${SESSION_COOKIE}=${other.value}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('takes a long passphrase without a digit and refuses common or breached passwords (NIST SP 800-63B)', async () => {
    const user = await server.user('nist@example.com');
    const change = (newPassword: string) =>
      server.request({
        method: 'POST',
        url: '/auth/change-password',
        payload: { oldPassword: user.password, newPassword },
        as: user,
      });
    // Issue 19 item 12: both were accepted before; the passphrase below was refused.
    for (const common of ['password1', 'Passw0rd!']) {
      const refused = await change(common);
      expect(refused.statusCode).toBe(400);
      expect(json<{ fields: Record<string, string> }>(refused).fields).toEqual({
        newPassword: PASSWORD_COMMON,
      });
    }
    const short = await change('seven c');
    expect(json<{ fields: Record<string, string> }>(short).fields).toEqual({
      newPassword: PASSWORD_POLICY,
    });
    const passphrase = await change('correct horse battery staple');
    expect(passphrase.statusCode).toBe(200);
    expect((await signIn(user.email, 'correct horse battery staple')).statusCode).toBe(200);
  });

  it('signs out by revoking the session', async () => {
    const user = await server.user();
    const out = await server.request({ method: 'POST', url: '/auth/sign-out', as: user });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await server.request({ method: 'GET', url: '/auth/me', as: user })).statusCode).toBe(
      401,
    );
  });

  it('expires sessions after the idle time and after the absolute lifetime', async () => {
    const user = await server.user();
    const idle = server.config.sessionIdleMs;
    clock = new Date(clock.getTime() + idle - 120_000);
    expect((await server.request({ method: 'GET', url: '/auth/me', as: user })).statusCode).toBe(
      200,
    );
    clock = new Date(clock.getTime() + idle + 1_000);
    expect((await server.request({ method: 'GET', url: '/auth/me', as: user })).statusCode).toBe(
      401,
    );

    const busy = await server.user();
    const start = clock.getTime();
    // Active every hour, it still ends at the absolute expiry.
    for (let t = start; t < start + server.config.sessionMaxMs - 3_600_000; t += 3_600_000) {
      clock = new Date(t);
      expect((await server.request({ method: 'GET', url: '/auth/me', as: busy })).statusCode).toBe(
        200,
      );
    }
    clock = new Date(start + server.config.sessionMaxMs + 1_000);
    expect((await server.request({ method: 'GET', url: '/auth/me', as: busy })).statusCode).toBe(
      401,
    );
    clock = new Date(start);
  });

  it('refuses cookie-authenticated writes from another origin (CSRF)', async () => {
    const user = await server.user();
    const foreign = await server.request({
      method: 'POST',
      url: '/auth/tokens',
      payload: { name: 'x' },
      as: user,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign)).toEqual({ status: 'CSRF_REJECTED', message: CSRF_MESSAGE });
    const noOrigin = await server.app.inject({
      method: 'POST',
      url: '/auth/tokens',
      payload: { name: 'x' },
      headers: { cookie: `${SESSION_COOKIE}=${user.cookie}` },
    });
    expect(noOrigin.statusCode).toBe(403);
    const fromReferer = await server.app.inject({
      method: 'POST',
      url: '/auth/tokens',
      payload: { name: 'x' },
      headers: { cookie: `${SESSION_COOKIE}=${user.cookie}`, referer: `${ORIGIN}/protect` },
    });
    expect(fromReferer.statusCode).toBe(201);
    const crossSiteLogin = await post(
      server,
      '/auth/sign-in',
      { email: user.email, password: user.password },
      { origin: 'https://evil.example' },
    );
    expect(crossSiteLogin.statusCode).toBe(403);
  });

  it('creates, uses, lists and revokes personal access tokens (Bearer needs no Origin)', async () => {
    const user = await server.user();
    const created = await server.request({
      method: 'POST',
      url: '/auth/tokens',
      payload: { name: 'CI' },
      as: user,
    });
    expect(created.statusCode).toBe(201);
    const token = json<{ id: string; secret: string; prefix: string }>(created);
    expect(token.secret).toMatch(new RegExp(`^assent_${token.prefix}_`));
    const bearer = { authorization: `Bearer ${token.secret}` };
    expect(
      json(await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer })),
    ).toMatchObject({ email: user.email });
    const write = await server.app.inject({
      method: 'POST',
      url: `/customization/${user.pcode}/survey`,
      payload: { answer: 2 },
      headers: bearer,
    });
    expect(write.statusCode).toBe(201);
    const list = json<Array<{ id: string; lastUsedAt: string | null; name: string }>>(
      await server.request({ method: 'GET', url: '/auth/tokens', as: user }),
    );
    // The test user already has a token of its own; the new one is listed, and was used.
    expect(list.map((t) => t.name).sort()).toEqual(['CI', 'test']);
    expect(list.find((t) => t.id === token.id)?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(token.secret);
    expect(
      (await server.request({ method: 'DELETE', url: `/auth/tokens/${token.id}`, as: user }))
        .statusCode,
    ).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode,
    ).toBe(401);
    // Another user cannot revoke someone else's token.
    const other = await server.user();
    const second = json<{ id: string }>(
      await server.request({
        method: 'POST',
        url: '/auth/tokens',
        payload: { name: 'x' },
        as: user,
      }),
    );
    expect(
      (await server.request({ method: 'DELETE', url: `/auth/tokens/${second.id}`, as: other }))
        .statusCode,
    ).toBe(404);
  });

  it('accepts terms for the signed-in user only and updates the organisation flags', async () => {
    const user = await server.user();
    const res = await server.request({
      method: 'POST',
      url: '/auth/terms',
      payload: { accepted: true, productType: 'CMP', email: user.email, pcode: user.pcode },
      as: user,
    });
    expect(json(res)).toMatchObject({
      pcode: user.pcode,
      cmpTosAccepted: true,
      sspTosAccepted: false,
    });
    const other = await server.request({
      method: 'POST',
      url: '/auth/terms',
      payload: { accepted: true, productType: 'SSP', email: 'someone@else.com', pcode: user.pcode },
      as: user,
    });
    expect(other.statusCode).toBe(400);
  });
});
