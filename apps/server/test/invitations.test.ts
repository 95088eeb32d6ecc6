import {
  ALREADY_A_MEMBER,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_REVOKED,
  INVITATION_USED,
  MAX_PENDING_INVITATIONS,
  TOO_MANY_PENDING_INVITATIONS,
  invitationForAnotherUser,
} from '@assent/core/account';
import type {
  AccountUser,
  Invitation,
  InvitationPreview,
  Member,
  Organisation,
} from '@assent/core/account';
import { mailedInvitationLink } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../src/routes/errors';
import { SESSION_COOKIE } from '../src/services/auth';
import type { TestServer, TestUser } from './harness';
import { ORIGIN, createTestServer, json, stores } from './harness';

const DAY = 24 * 60 * 60 * 1000;

describe.each(stores())('invitations to an account (%s)', (store) => {
  let server: TestServer;
  let owner: TestUser;
  let outsider: TestUser;
  let clock = new Date('2026-11-02T09:00:00Z');
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false, now: () => clock });
    owner = await server.user('owner@example.com', { organisation: { name: 'News Ltd' } });
    outsider = await server.user('outsider@example.com', { organisation: { name: 'Elsewhere' } });
  });
  afterAll(() => server?.close());

  const invite = (email: string, as = owner, pcode = owner.pcode) =>
    server.request({
      method: 'POST',
      url: `/account/${pcode}/invitations`,
      payload: { email },
      as,
    });
  const pending = async (as = owner, pcode = owner.pcode) =>
    json<Invitation[]>(
      await server.request({ method: 'GET', url: `/account/${pcode}/invitations`, as }),
    );
  const tokenOf = (email: string) =>
    decodeURIComponent(mailedInvitationLink(server.dataDir, email).split('/invitation/')[1]!);
  const preview = async (token: string) =>
    server.request({ method: 'POST', url: '/invitations/preview', payload: { token } });
  const accept = (token: string, as: TestUser) =>
    server.request({ method: 'POST', url: '/invitations/accept', payload: { token }, as });
  const me = async (as: TestUser) =>
    json<AccountUser>(await server.request({ method: 'GET', url: '/auth/me', as }));

  it('lists the members with their names and when they joined', async () => {
    const members = json<Member[]>(
      await server.request({ method: 'GET', url: `/account/${owner.pcode}/members`, as: owner }),
    );
    expect(members).toEqual([
      {
        email: 'owner@example.com',
        name: expect.any(String),
        role: null,
        joinedAt: expect.any(String),
      },
    ]);
  });

  it('mails a link to ${publicUrl}/invitation/{token} and lists the invitation as pending', async () => {
    const response = await invite('colleague@example.com');
    expect(response.statusCode).toBe(201);
    const invitation = json<Invitation>(response);
    expect(invitation).toMatchObject({
      email: 'colleague@example.com',
      invitedBy: 'owner@example.com',
      createdAt: '2026-11-02T09:00:00.000Z',
      expiresAt: '2026-11-09T09:00:00.000Z',
    });
    expect(await pending()).toEqual([invitation]);
    const mail = server.outbox().at(-1)!;
    expect(mail.to).toContain('colleague@example.com');
    expect(mail.text).toContain('News Ltd');
    const link = mailedInvitationLink(server.dataDir, 'colleague@example.com');
    expect(link.startsWith(`${ORIGIN}/invitation/`)).toBe(true);
    // Only the token's hash is stored.
    const token = tokenOf('colleague@example.com');
    const rows = await server.deps.db.query<{ token_hash: string }>(
      'select token_hash from invitations where id = $1',
      [invitation.id],
    );
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(json<InvitationPreview>(await preview(token))).toEqual({
      status: 'pending',
      email: 'colleague@example.com',
      organisation: 'News Ltd',
      pcode: owner.pcode,
      userExists: false,
    });
  });

  it('refuses a bad e-mail and a member, naming the field, and stores nothing', async () => {
    const before = await pending();
    const bad = await invite('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { email: 'Please enter a valid email address' } });
    const member = await invite('OWNER@example.com');
    expect(member.statusCode).toBe(400);
    expect(json(member)).toMatchObject({ fields: { email: ALREADY_A_MEMBER } });
    expect(await pending()).toEqual(before);
  });

  it('refuses every call in an account the caller does not belong to', async () => {
    const [invitation] = await pending();
    for (const request of [
      { method: 'GET' as const, url: `/account/${owner.pcode}/members` },
      { method: 'GET' as const, url: `/account/${owner.pcode}/invitations` },
      {
        method: 'POST' as const,
        url: `/account/${owner.pcode}/invitations`,
        payload: { email: 'friend@example.com' },
      },
      { method: 'DELETE' as const, url: `/account/${owner.pcode}/invitations/${invitation!.id}` },
    ]) {
      const response = await server.request({ ...request, as: outsider });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(json(response)).toEqual({ status: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
    }
    // Another account's invitation id under one's own code is not found, and stays pending.
    const foreign = await server.request({
      method: 'DELETE',
      url: `/account/${outsider.pcode}/invitations/${invitation!.id}`,
      as: outsider,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await pending()).toHaveLength(1);
    expect(server.outbox().some((m) => m.to.includes('friend@example.com'))).toBe(false);
  });

  it('lets the invited user, signed in, join; the link then says it was used', async () => {
    const existing = await server.user('existing@example.com', { organisation: { name: 'Own' } });
    expect((await invite('Existing@Example.com')).statusCode).toBe(201);
    const token = tokenOf('existing@example.com');
    expect(json<InvitationPreview>(await preview(token)).userExists).toBe(true);

    const wrongUser = await accept(token, outsider);
    expect(wrongUser.statusCode).toBe(403);
    expect(json(wrongUser)).toMatchObject({
      message: invitationForAnotherUser('Existing@Example.com'),
    });
    expect((await me(outsider)).pcodes).toEqual([outsider.pcode]);

    const joined = await accept(token, existing);
    expect(joined.statusCode).toBe(200);
    expect(json(joined)).toEqual({ pcode: owner.pcode });
    expect((await me(existing)).pcodes.sort()).toEqual([existing.pcode, owner.pcode].sort());
    // The new member works in the account.
    const sites = await server.request({
      method: 'GET',
      url: `/customization/v2/site?pCode=${owner.pcode}`,
      as: existing,
    });
    expect(sites.statusCode).toBe(200);

    const again = await accept(token, existing);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ message: INVITATION_USED });
    expect(json<InvitationPreview>(await preview(token)).status).toBe('accepted');
    expect((await pending()).map((i) => i.email)).not.toContain('Existing@Example.com');
  });

  it('signs a new e-mail up from the link, with its own account and the invited one', async () => {
    const token = tokenOf('colleague@example.com');
    const refused = await server.request({
      method: 'POST',
      url: '/invitations/sign-up',
      payload: { token, firstName: 'C', lastName: 'Lee', company: 'Shop <Ltd>', password: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(refused).fields).toEqual({
      firstName: 'First name or Last name should be at least 2 characters long',
      company: "Name Fields should not include '<' and '>' characters",
      password: 'Password must be 8 to 128 characters long',
    });

    const response = await server.request({
      method: 'POST',
      url: '/invitations/sign-up',
      payload: {
        token,
        firstName: 'Cleo',
        lastName: 'Lee',
        company: 'Shop Ltd',
        password: 'invited colleague 7',
      },
    });
    expect(response.statusCode).toBe(201);
    const user = json<AccountUser>(response);
    expect(user.email).toBe('colleague@example.com');
    expect(user.pcodes).toHaveLength(2);
    expect(user.pcodes).toContain(owner.pcode);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const viaCookie = json<Organisation[]>(
      await server.app.inject({
        method: 'GET',
        url: '/auth/organisations',
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      }),
    );
    expect(viaCookie.map((o) => o.name).sort()).toEqual(['News Ltd', 'Shop Ltd']);
    // Signed up once: the password signs in, and the link is used.
    const signIn = await server.request({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: 'colleague@example.com', password: 'invited colleague 7' },
    });
    expect(signIn.statusCode).toBe(200);
    const reuse = await server.request({
      method: 'POST',
      url: '/invitations/sign-up',
      payload: {
        token,
        firstName: 'Eve',
        lastName: 'Lee',
        company: 'X',
        password: 'invited colleague 7',
      },
    });
    expect(reuse.statusCode).toBe(409);
    expect(json(reuse)).toMatchObject({ message: INVITATION_USED });
  });

  it('refuses a sign-up from another site (login CSRF)', async () => {
    expect((await invite('csrf@example.com')).statusCode).toBe(201);
    const response = await server.app.inject({
      method: 'POST',
      url: '/invitations/sign-up',
      headers: { origin: 'https://evil.example' },
      payload: {
        token: tokenOf('csrf@example.com'),
        firstName: 'Eve',
        lastName: 'Lee',
        company: 'X Ltd',
        password: 'invited colleague 7',
      },
    });
    expect(response.statusCode).toBe(403);
  });

  it('replaces a pending invitation to the same e-mail; a revoked link says so', async () => {
    expect((await invite('twice@example.com')).statusCode).toBe(201);
    const first = tokenOf('twice@example.com');
    expect((await invite('twice@example.com')).statusCode).toBe(201);
    const second = tokenOf('twice@example.com');
    expect(second).not.toBe(first);
    expect((await pending()).filter((i) => i.email === 'twice@example.com')).toHaveLength(1);
    expect(json<InvitationPreview>(await preview(first)).status).toBe('revoked');

    const [current] = (await pending()).filter((i) => i.email === 'twice@example.com');
    const revoked = await server.request({
      method: 'DELETE',
      url: `/account/${owner.pcode}/invitations/${current!.id}`,
      as: owner,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await pending()).map((i) => i.email)).not.toContain('twice@example.com');
    const twice = await server.user('twice@example.com');
    const response = await accept(second, twice);
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ message: INVITATION_REVOKED });
    expect((await me(twice)).pcodes).toEqual([twice.pcode]);
  });

  it('expires after 7 days', async () => {
    expect((await invite('late@example.com')).statusCode).toBe(201);
    const token = tokenOf('late@example.com');
    clock = new Date(clock.getTime() + 7 * DAY);
    owner = await server.refresh(owner);
    expect((await pending()).map((i) => i.email)).not.toContain('late@example.com');
    expect(json<InvitationPreview>(await preview(token)).status).toBe('expired');
    const response = await server.request({
      method: 'POST',
      url: '/invitations/sign-up',
      payload: {
        token,
        firstName: 'Lou',
        lastName: 'Late',
        company: 'Late Ltd',
        password: 'invited colleague 7',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ message: INVITATION_EXPIRED });
  });

  it(`holds at most ${MAX_PENDING_INVITATIONS} pending invitations`, async () => {
    const waiting = (await pending()).length;
    for (let i = waiting; i < MAX_PENDING_INVITATIONS; i++)
      expect((await invite(`many${i}@example.com`)).statusCode).toBe(201);
    const over = await invite('one-more@example.com');
    expect(over.statusCode).toBe(400);
    expect(json(over)).toMatchObject({ fields: { email: TOO_MANY_PENDING_INVITATIONS } });
    expect(await pending()).toHaveLength(MAX_PENDING_INVITATIONS);
  });

  it('says an unknown link is not valid', async () => {
    const response = await preview('no-such-token');
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ message: INVITATION_NOT_FOUND });
  });
});
