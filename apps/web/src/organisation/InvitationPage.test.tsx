import {
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  JOIN_ACCOUNT_BUTTON,
  SIGN_UP_AND_JOIN_BUTTON,
  invitationForAnotherUser,
} from '@assent/core/account';
import type { InvitationPreview } from '@assent/core/account';
import { buildAccountUser } from '@assent/core/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { SIGN_IN_TO_JOIN } from './InvitationPage';

const TOKEN = 'tok_123';
const PAGE = `/invitation/${TOKEN}`;
const PREVIEW = 'POST /invitations/preview';
const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  status: 'pending',
  email: 'bob@example.com',
  organisation: 'News Ltd',
  pcode: 'NEWS1234',
  userExists: false,
  ...overrides,
});

describe('invitation link page', () => {
  it('says an unknown link is not valid', async () => {
    const api = fakeApi().on(PREVIEW, apiError(404, 'NOT_FOUND', INVITATION_NOT_FOUND));
    renderApp({ path: PAGE, api, user: null });
    expect((await screen.findByRole('alert')).textContent).toBe(INVITATION_NOT_FOUND);
  });

  it('says an expired link has expired', async () => {
    const api = fakeApi().on(PREVIEW, { body: preview({ status: 'expired' }) });
    renderApp({ path: PAGE, api, user: null });
    expect((await screen.findByRole('alert')).textContent).toBe(INVITATION_EXPIRED);
    expect(screen.queryByRole('button', { name: SIGN_UP_AND_JOIN_BUTTON })).toBeNull();
  });

  it('lets the signed-in invitee join and opens the account', async () => {
    const me = buildAccountUser({ email: 'Bob@example.com', pcodes: ['OWN12345'] });
    const api = fakeApi()
      .on(PREVIEW, { body: preview() })
      .on('POST /invitations/accept', { body: { pcode: 'NEWS1234' } });
    const { user, router } = renderApp({ path: PAGE, api, user: me });
    await user.click(await screen.findByRole('button', { name: JOIN_ACCOUNT_BUTTON }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-NEWS1234/properties'),
    );
    expect(api.calls.find((c) => c.path === '/invitations/accept')?.body).toEqual({
      token: TOKEN,
    });
  });

  it('tells another signed-in user to sign in with the invited e-mail', async () => {
    const api = fakeApi().on(PREVIEW, { body: preview() });
    renderApp({ path: PAGE, api, user: buildAccountUser({ email: 'eve@example.com' }) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      invitationForAnotherUser('bob@example.com'),
    );
    expect(screen.queryByRole('button', { name: JOIN_ACCOUNT_BUTTON })).toBeNull();
  });

  it('sends a known e-mail to sign in first, and back here after', async () => {
    const api = fakeApi().on(PREVIEW, { body: preview({ userExists: true }) });
    const { user, router } = renderApp({ path: PAGE, api, user: null });
    await user.click(await screen.findByRole('link', { name: SIGN_IN_TO_JOIN }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: PAGE });
  });

  it('signs a new e-mail up with the e-mail fixed, checking the fields first', async () => {
    const api = fakeApi()
      .on(PREVIEW, { body: preview() })
      .on('POST /invitations/sign-up', {
        status: 201,
        body: buildAccountUser({ email: 'bob@example.com', pcodes: ['NEWS1234', 'OWN12345'] }),
      });
    const { user, router } = renderApp({ path: PAGE, api, user: null });
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('bob@example.com');
    expect(email.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: SIGN_UP_AND_JOIN_BUTTON }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/invitations/sign-up')).toBe(false);

    await user.type(screen.getByLabelText('First name'), 'Bob');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Company name'), 'Shop Ltd');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: SIGN_UP_AND_JOIN_BUTTON }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-NEWS1234/properties'),
    );
    expect(api.calls.find((c) => c.path === '/invitations/sign-up')?.body).toEqual({
      token: TOKEN,
      firstName: 'Bob',
      lastName: 'Lee',
      company: 'Shop Ltd',
      password: 'secret123',
    });
  });
});
