import {
  ENABLE_TWO_FACTOR_FIRST,
  INVALID_TWO_FACTOR_CODE,
  TWO_FACTOR_CODE_FORMAT,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_REQUIRED_BY_ACCOUNT,
  TWO_FACTOR_SETUP_NEEDED,
  TWO_FACTOR_SIGN_IN_EXPIRED,
} from '@assent/core/account';
import type {
  AccountUser,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@assent/core/account';
import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/repositories/accounts';
import { CHALLENGE_COOKIE } from '../src/routes/two-factor';
import { SESSION_COOKIE } from '../src/services/auth';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/** The value of a cookie a response sets (undefined when it sets none of that name). */
function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const header = [response.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith(`${name}=`));
  return header?.split(';')[0]?.slice(name.length + 1);
}

describe.each(stores())('two-factor sign-in (%s)', (store) => {
  let server: TestServer;
  let clock = new Date('2026-11-25T12:00:00Z');
  const tick = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const codeAt = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(clock.getTime() / 1000) });
  beforeAll(async () => {
    server = await createTestServer(store, { now: () => clock });
  });
  afterAll(() => server?.close());

  const post = (url: string, payload: object, cookie?: string, as?: TestUser) =>
    server.request({
      method: 'POST',
      url,
      payload,
      ...(as ? { as } : {}),
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const signIn = (user: TestUser) =>
    post('/auth/sign-in', { email: user.email, password: user.password });
  /** Signs in with the password: the 401 and the challenge cookie to send with the code. */
  async function passwordStep(user: TestUser, expected = 'TWO_FACTOR_REQUIRED') {
    const res = await signIn(user);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ status: expected });
    expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
    const challenge = setCookie(res, CHALLENGE_COOKIE);
    expect(challenge).toBeTruthy();
    return `${CHALLENGE_COOKIE}=${challenge}`;
  }
  /** Enrols a signed-in user: the secret and the ten recovery codes. */
  async function enrol(user: TestUser) {
    const setup = json<TwoFactorSetup>(await post('/auth/two-factor/setup', {}, undefined, user));
    const enabled = await post(
      '/auth/two-factor/enable',
      { code: codeAt(setup.secret) },
      undefined,
      user,
    );
    expect(enabled.statusCode).toBe(200);
    return { secret: setup.secret, ...json<RecoveryCodes>(enabled) };
  }

  it('enrols with a QR code (an SVG image, no script) confirmed by a first code', async () => {
    const user = await server.user('enrol@example.com');
    const setup = await post('/auth/two-factor/setup', {}, undefined, user);
    expect(setup.statusCode).toBe(200);
    const body = json<TwoFactorSetup>(setup);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Assent:enrol%40example\.com\?/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.qrCode.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/<script|on\w+=/i);

    const wrong = await post('/auth/two-factor/enable', { code: '000000' }, undefined, user);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ fields: { code: INVALID_TWO_FACTOR_CODE } });
    const enabled = await post(
      '/auth/two-factor/enable',
      { code: codeAt(body.secret) },
      undefined,
      user,
    );
    const { recoveryCodes } = json<RecoveryCodes>(enabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Stored encrypted and hashed: neither the secret nor a recovery code is in the database.
    const stored = await server.deps.db.query<{ totp_secret: string }>(
      'select totp_secret from users where id = $1',
      [user.id],
    );
    expect(stored[0]!.totp_secret).toMatch(/^v1\./);
    expect(stored[0]!.totp_secret).not.toContain(body.secret);
    const hashes = await server.deps.db.query<{ code_hash: string }>(
      'select code_hash from recovery_codes where user_id = $1',
      [user.id],
    );
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]!.replace('-', ''));

    const status = json<TwoFactorStatus>(
      await server.request({ method: 'GET', url: '/auth/two-factor', as: user }),
    );
    expect(status).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredBy: [] });
  });

  it('signs in with the code after the password: no session before it, a wrong code refused, a code used once', async () => {
    const user = await server.user('code@example.com');
    const { secret } = await enrol(user);
    tick(30);
    const challenge = await passwordStep(user);
    const res = await signIn(user);
    expect(json(res)).toEqual({ status: 'TWO_FACTOR_REQUIRED', message: TWO_FACTOR_CODE_NEEDED });

    const latest = `${CHALLENGE_COOKIE}=${setCookie(res, CHALLENGE_COOKIE)}`;
    const wrong = await post('/auth/sign-in/two-factor', { code: '123456' }, latest);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({
      status: 'CODE_MISMATCH',
      message: INVALID_TWO_FACTOR_CODE,
      fields: { code: INVALID_TWO_FACTOR_CODE },
    });
    // A newer sign-in ended the older challenge.
    const stale = await post('/auth/sign-in/two-factor', { code: codeAt(secret) }, challenge);
    expect(json(stale)).toMatchObject({
      status: 'NOT_AUTHORIZED',
      message: TWO_FACTOR_SIGN_IN_EXPIRED,
    });

    const code = codeAt(secret);
    const ok = await post('/auth/sign-in/two-factor', { code }, latest);
    expect(ok.statusCode).toBe(200);
    expect(json<AccountUser>(ok).email).toBe('code@example.com');
    const session = setCookie(ok, SESSION_COOKIE);
    expect(session).toBeTruthy();
    const me = await server.request({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(me.statusCode).toBe(200);

    // The same code (same 30 s step) does not sign in twice.
    const again = await passwordStep(user);
    const replay = await post('/auth/sign-in/two-factor', { code }, again);
    expect(json(replay)).toMatchObject({ fields: { code: INVALID_TWO_FACTOR_CODE } });
  });

  it('takes each recovery code once', async () => {
    const user = await server.user('recovery@example.com');
    const { recoveryCodes } = await enrol(user);
    const first = await passwordStep(user);
    const typed = recoveryCodes[3]!.toUpperCase();
    expect((await post('/auth/sign-in/two-factor', { code: typed }, first)).statusCode).toBe(200);
    const second = await passwordStep(user);
    const reused = await post('/auth/sign-in/two-factor', { code: typed }, second);
    expect(json(reused)).toMatchObject({ fields: { code: INVALID_TWO_FACTOR_CODE } });
    const status = json<TwoFactorStatus>(
      await server.request({ method: 'GET', url: '/auth/two-factor', as: user }),
    );
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it('ends the sign-in after five wrong codes: even the right one must start again', async () => {
    const user = await server.user('guess@example.com');
    const { secret } = await enrol(user);
    tick(30);
    const challenge = await passwordStep(user);
    for (let i = 0; i < 4; i++)
      expect(
        (await post('/auth/sign-in/two-factor', { code: '111111' }, challenge)).statusCode,
      ).toBe(400);
    const fifth = await post('/auth/sign-in/two-factor', { code: '111111' }, challenge);
    expect(json(fifth)).toMatchObject({
      status: 'NOT_AUTHORIZED',
      message: TWO_FACTOR_SIGN_IN_EXPIRED,
    });
    const late = await post('/auth/sign-in/two-factor', { code: codeAt(secret) }, challenge);
    expect(late.statusCode).toBe(401);
    expect(setCookie(late, SESSION_COOKIE)).toBeUndefined();
  });

  it("an account's requirement makes members enrol at sign-in; tokens keep working", async () => {
    const owner = await server.user('owner@example.com', { organisation: { name: 'Strict Ltd' } });
    const member = await server.user('member@example.com');
    const org = (await organisations.get(server.deps.db, owner.pcode))!;
    await organisations.addMember(server.deps.db, member.id, org.id);
    const url = `/account/${owner.pcode}/two-factor`;
    const twoFactorRequired = async () =>
      (
        await server.deps.db.query<{ r: boolean }>(
          'select require_two_factor as r from organisations where pcode = $1',
          [owner.pcode],
        )
      )[0]!.r;

    // Only a member who uses two-factor sign-in may change it, and only with their own code.
    const refused = await server.request({
      method: 'PUT',
      url,
      payload: { required: true, code: '123456' },
      as: owner,
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ fields: { required: ENABLE_TWO_FACTOR_FIRST } });
    const { secret: ownerSecret } = await enrol(owner);
    tick(30);
    const noCode = await server.request({
      method: 'PUT',
      url,
      payload: { required: true },
      as: owner,
    });
    expect(noCode.statusCode).toBe(400);
    expect(json(noCode)).toMatchObject({ fields: { code: TWO_FACTOR_CODE_FORMAT } });
    const wrongCode = await server.request({
      method: 'PUT',
      url,
      payload: { required: true, code: '000000' },
      as: owner,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(json(wrongCode)).toMatchObject({ fields: { code: INVALID_TWO_FACTOR_CODE } });
    expect(await twoFactorRequired()).toBe(false);
    const set = await server.request({
      method: 'PUT',
      url,
      payload: { required: true, code: codeAt(ownerSecret) },
      as: owner,
    });
    expect(json(set)).toEqual({ required: true });
    expect(json(await server.request({ method: 'GET', url, as: member }))).toEqual({
      required: true,
    });
    // A member without a second factor of their own (an older session, a token) cannot lift it.
    const lift = await server.request({
      method: 'PUT',
      url,
      payload: { required: false, code: '123456' },
      as: member,
    });
    expect(lift.statusCode).toBe(409);
    expect(await twoFactorRequired()).toBe(true);

    await passwordStep(member, 'TWO_FACTOR_SETUP_REQUIRED');
    expect(json(await signIn(member))).toMatchObject({ message: TWO_FACTOR_SETUP_NEEDED });
    const fresh = `${CHALLENGE_COOKIE}=${setCookie(await signIn(member), CHALLENGE_COOKIE)}`;
    const setup = json<TwoFactorSetup>(await post('/auth/two-factor/setup', {}, fresh));
    const enabled = await post('/auth/two-factor/enable', { code: codeAt(setup.secret) }, fresh);
    expect(enabled.statusCode).toBe(200);
    expect(json<RecoveryCodes>(enabled).recoveryCodes).toHaveLength(10);
    expect(setCookie(enabled, SESSION_COOKIE)).toBeTruthy();

    // Without an open sign-in, enrolment needs a session.
    expect((await post('/auth/two-factor/setup', {})).statusCode).toBe(401);
    // Required by an account: it cannot be turned off.
    tick(30);
    const off = await post(
      '/auth/two-factor/disable',
      { code: codeAt(setup.secret) },
      undefined,
      member,
    );
    expect(off.statusCode).toBe(403);
    expect(json(off)).toMatchObject({ message: TWO_FACTOR_REQUIRED_BY_ACCOUNT });
    // Personal access tokens are not asked for a second factor.
    const byToken = await server.request({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(byToken.statusCode).toBe(200);

    // The owner lifts it with a current code of their own.
    tick(30);
    const lifted = await server.request({
      method: 'PUT',
      url,
      payload: { required: false, code: codeAt(ownerSecret) },
      as: owner,
    });
    expect(json(lifted)).toEqual({ required: false });
    expect(await twoFactorRequired()).toBe(false);
  });

  it('replaces the recovery codes with ten new ones, confirmed with a current code', async () => {
    const user = await server.user('regenerate@example.com');
    const { secret, recoveryCodes: old } = await enrol(user);
    const regenerate = (code: string) =>
      post('/auth/two-factor/recovery-codes', { code }, undefined, user);
    tick(30);
    const wrong = await regenerate('000000');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ fields: { code: INVALID_TWO_FACTOR_CODE } });
    // One old recovery code is used up first: 9 left.
    const signedIn = await passwordStep(user);
    expect((await post('/auth/sign-in/two-factor', { code: old[0]! }, signedIn)).statusCode).toBe(
      200,
    );
    const res = await regenerate(codeAt(secret));
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = json<RecoveryCodes>(res);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(old).not.toContain(code);
    const status = json<TwoFactorStatus>(
      await server.request({ method: 'GET', url: '/auth/two-factor', as: user }),
    );
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The old codes stop working, the new ones sign in.
    const challenge = await passwordStep(user);
    const stale = await post('/auth/sign-in/two-factor', { code: old[1]! }, challenge);
    expect(json(stale)).toMatchObject({ fields: { code: INVALID_TWO_FACTOR_CODE } });
    const fresh = await post('/auth/sign-in/two-factor', { code: recoveryCodes[0]! }, challenge);
    expect(fresh.statusCode).toBe(200);
    // Without two-factor sign-in there is nothing to regenerate.
    const plain = await server.user('plain@example.com');
    const none = await post(
      '/auth/two-factor/recovery-codes',
      { code: '123456' },
      undefined,
      plain,
    );
    expect(none.statusCode).toBe(409);
    expect(json(none)).toMatchObject({ message: TWO_FACTOR_NOT_ON });
  });

  it('turns off with a current code when no account requires it', async () => {
    const user = await server.user('off@example.com');
    const { secret } = await enrol(user);
    tick(30);
    const off = await post('/auth/two-factor/disable', { code: codeAt(secret) }, undefined, user);
    expect(json(off)).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredBy: [] });
    const res = await signIn(user);
    expect(res.statusCode).toBe(200);
    expect(setCookie(res, SESSION_COOKIE)).toBeTruthy();
  });
});
