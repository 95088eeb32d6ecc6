import {
  CODE_EXPIRED_MESSAGE,
  CODE_MISMATCH_MESSAGE,
  PASSWORD_RESET_SUCCESS,
  SIGN_UP_CONFIRMED,
} from '@assent/core/account';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '../src/repositories/codes';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

const NEW_PASSWORD = 'brand new pass 2';

/** A six-digit code that is not `code`. */
const wrongCode = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

const mismatch = { status: 'CODE_MISMATCH', message: CODE_MISMATCH_MESSAGE };
const expired = { status: 'EXPIRED_CODE', message: CODE_EXPIRED_MESSAGE };

describe.each(stores())('e-mailed codes: mismatch, lock and expiry (%s)', (store) => {
  let server: TestServer;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await createTestServer(store, { now: () => clock, workers: false });
  });
  afterAll(() => server?.close());

  const post = (url: string, payload: object) => server.request({ method: 'POST', url, payload });
  const forgot = (email: string) => post('/auth/forgot-password', { email });
  const reset = (email: string, code: string, password = NEW_PASSWORD) =>
    post('/auth/confirm-forgot-password', { email, code, password });
  const signIn = (user: TestUser, password: string) =>
    post('/auth/sign-in', { email: user.email, password });

  function expectBody(res: LightMyRequestResponse, body: object) {
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(body);
  }

  it('refuses a wrong reset code and leaves the password as it was', async () => {
    const user = await server.user('wrong-code@example.com');
    await forgot(user.email);
    const code = server.mailedCode(user.email);
    expectBody(await reset(user.email, wrongCode(code)), mismatch);
    expect((await signIn(user, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user, user.password)).statusCode).toBe(200);
    // The code still works after one slip.
    expect(json(await reset(user.email, code))).toEqual({ message: PASSWORD_RESET_SUCCESS });
    expect((await signIn(user, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it(`locks a reset code after ${CODE_MAX_ATTEMPTS} wrong attempts; a new code works`, async () => {
    const user = await server.user('guessing@example.com');
    await forgot(user.email);
    const code = server.mailedCode(user.email);
    for (let n = 1; n <= CODE_MAX_ATTEMPTS; n++)
      expectBody(await reset(user.email, wrongCode(code, n)), mismatch);
    // Locked: the right code no longer sets a password.
    expectBody(await reset(user.email, code), expired);
    expect((await signIn(user, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user, user.password)).statusCode).toBe(200);

    await forgot(user.email);
    const fresh = server.mailedCode(user.email);
    expect(json(await reset(user.email, fresh))).toEqual({ message: PASSWORD_RESET_SUCCESS });
    expect((await signIn(user, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('expires a reset code after 24 hours, and a code is used once', async () => {
    const user = await server.user('slow@example.com');
    await forgot(user.email);
    const code = server.mailedCode(user.email);
    const start = clock;
    clock = new Date(start.getTime() + CODE_TTL_MS + 1_000);
    expectBody(await reset(user.email, code), expired);
    expect((await signIn(user, user.password)).statusCode).toBe(200);

    await forgot(user.email);
    const next = server.mailedCode(user.email);
    clock = new Date(clock.getTime() + CODE_TTL_MS - 60_000);
    expect((await reset(user.email, next)).statusCode).toBe(200);
    expectBody(await reset(user.email, next, 'third pass word 3'), expired);
    expect((await signIn(user, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('replaces the previous code when a new one is mailed', async () => {
    const user = await server.user('twice@example.com');
    await forgot(user.email);
    const first = server.mailedCode(user.email);
    await forgot(user.email);
    const second = server.mailedCode(user.email);
    expect(second).not.toBe(first);
    expectBody(await reset(user.email, first), mismatch);
    expect((await reset(user.email, second)).statusCode).toBe(200);
  });

  it(`locks a sign-up code after ${CODE_MAX_ATTEMPTS} wrong attempts; a resent code confirms`, async () => {
    const email = 'new-user@example.com';
    await post('/auth/sign-up', {
      email,
      firstName: 'Ne',
      lastName: 'User',
      company: 'Co',
    });
    const code = server.mailedCode(email);
    const confirm = (c: string) =>
      post('/auth/confirm-sign-up', { email, code: c, password: NEW_PASSWORD });
    for (let n = 1; n <= CODE_MAX_ATTEMPTS; n++)
      expectBody(await confirm(wrongCode(code, n)), mismatch);
    expectBody(await confirm(code), expired);
    await post('/auth/resend-confirmation', { email });
    expect(json(await confirm(server.mailedCode(email)))).toEqual({ message: SIGN_UP_CONFIRMED });
    expect((await post('/auth/sign-in', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
