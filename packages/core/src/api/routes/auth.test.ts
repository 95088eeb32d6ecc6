import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fetch';
import { createClientFor } from '../client';
import { listRoutes } from '../route';
import { auth } from './auth';

const table = { auth };
const byName = Object.fromEntries(listRoutes(table).map((r) => [r.name, r.route]));

describe('auth routes', () => {
  it('have the fixed paths', () => {
    expect(
      Object.fromEntries(Object.entries(byName).map(([n, r]) => [n, `${r.method} ${r.path}`])),
    ).toEqual({
      signUp: 'POST /auth/sign-up',
      confirmSignUp: 'POST /auth/confirm-sign-up',
      signIn: 'POST /auth/sign-in',
      signOut: 'POST /auth/sign-out',
      forgotPassword: 'POST /auth/forgot-password',
      confirmForgotPassword: 'POST /auth/confirm-forgot-password',
      resendConfirmation: 'POST /auth/resend-confirmation',
      changePassword: 'POST /auth/change-password',
      me: 'GET /auth/me',
      organisations: 'GET /auth/organisations',
      acceptTerms: 'POST /auth/terms',
      listTokens: 'GET /auth/tokens',
      createToken: 'POST /auth/tokens',
      twoFactorVerify: 'POST /auth/sign-in/two-factor',
      twoFactorStatus: 'GET /auth/two-factor',
      twoFactorSetup: 'POST /auth/two-factor/setup',
      twoFactorEnable: 'POST /auth/two-factor/enable',
      twoFactorDisable: 'POST /auth/two-factor/disable',
      twoFactorRecoveryCodes: 'POST /auth/two-factor/recovery-codes',
      deleteToken: 'DELETE /auth/tokens/{id}',
    });
  });

  it('rate-limit sign-in and every password route', () => {
    for (const name of [
      'signIn',
      'forgotPassword',
      'confirmForgotPassword',
      'changePassword',
      'confirmSignUp',
      'twoFactorVerify',
      'twoFactorEnable',
      'twoFactorDisable',
      'twoFactorRecoveryCodes',
    ]) {
      expect(byName[name]?.rateLimited, name).toBe(true);
    }
    expect(byName.me?.rateLimited).toBe(false);
  });

  it('scope terms acceptance to the account code in the body', () => {
    expect(auth.acceptTerms.access).toEqual({ kind: 'account', from: 'body', key: 'pcode' });
    expect(auth.me.access).toEqual({ kind: 'user' });
  });

  it('never list token secrets, and return the secret on create', () => {
    const token = { id: 't', name: 'CI', createdAt: 'x', lastUsedAt: null, prefix: 'ast_1' };
    expect(auth.listTokens.response.parse([{ ...token, secret: 's' }])[0]).not.toHaveProperty(
      'secret',
    );
    expect(auth.createToken.response.parse({ ...token, secret: 's' }).secret).toBe('s');
  });

  it('sign in through the typed client', async () => {
    const user = {
      username: 'jane@example.com',
      email: 'jane@example.com',
      givenName: 'Jane',
      familyName: 'Doe',
      name: 'Jane Doe',
      pcodes: ['AB12'],
      isAdmin: false,
    };
    const { fetch, calls } = fakeFetch(200, user);
    const client = createClientFor(table, { baseUrl: 'http://h', fetch });
    await expect(
      client.auth.signIn({ body: { email: 'jane@example.com', password: 'secret123' } }),
    ).resolves.toEqual(user);
    expect(calls[0]?.url).toBe('http://h/auth/sign-in');
    expect(calls[0]?.init.method).toBe('POST');
  });
});
