import {
  ALREADY_A_MEMBER,
  INVITATION_REVOKED_NOTICE,
  INVITE_BUTTON,
  NO_PENDING_INVITATIONS,
  ORGANISATION_TITLE,
  invitationSentNotice,
} from '@assent/core/account';
import type { Invitation, Member } from '@assent/core/account';
import { buildAccountUser } from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { EMAIL_LABEL } from './OrganisationPage';

const PCODE = 'AB12CD';
const PAGE = `/protect/p-${PCODE}/organisation`;
const MEMBERS = `GET /account/${PCODE}/members`;
const INVITATIONS = `GET /account/${PCODE}/invitations`;
const INVITE = `POST /account/${PCODE}/invitations`;

const member: Member = {
  email: 'jane@example.com',
  name: 'Jane Doe',
  role: null,
  joinedAt: '2024-01-02T10:00:00.000Z',
};
const invitation = (email: string, id = email): Invitation => ({
  id,
  email,
  invitedBy: 'jane@example.com',
  createdAt: '2024-03-14T10:00:00.000Z',
  expiresAt: '2024-03-21T10:00:00.000Z',
});

function organisationApi(pending: Invitation[] = []) {
  const state = { pending };
  const api = fakeApi()
    .on(MEMBERS, { body: [member] })
    .on(INVITATIONS, () => ({ body: state.pending }));
  return { api, state };
}

const emailField = () => screen.getByLabelText(EMAIL_LABEL);

describe('organisation page', () => {
  it('is reached from the user menu and lists the members', async () => {
    const { api } = organisationApi();
    const { user } = renderApp({ path: `/protect/p-${PCODE}/properties`, api });
    api.onDefault(`GET /customization/v2/site`, { body: [] });
    await user.click(await screen.findByRole('button', { name: /User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: ORGANISATION_TITLE }));
    expect(await screen.findByRole('heading', { name: ORGANISATION_TITLE })).toBeTruthy();
    const members = within(await screen.findByRole('table', { name: 'Members' }));
    expect(members.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'jane@example.com',
      'Jane Doe',
      '—',
      '02 Jan 2024',
    ]);
    expect(await screen.findByText(NO_PENDING_INVITATIONS)).toBeTruthy();
  });

  it("checks the e-mail with core's rule and sends nothing until it is right", async () => {
    const { api } = organisationApi();
    const { user } = renderApp({ path: PAGE, api });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: INVITE_BUTTON }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(emailField(), 'bob@');
    expect(screen.queryByText('Email is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: INVITE_BUTTON }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(emailField());
    await user.type(emailField(), 'JANE@example.com');
    await user.click(screen.getByRole('button', { name: INVITE_BUTTON }));
    expect(await screen.findByText(ALREADY_A_MEMBER)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('invites a colleague and lists the invitation as pending', async () => {
    const { api, state } = organisationApi();
    api.on(INVITE, ({ body }) => {
      const sent = invitation((body as { email: string }).email, 'inv-1');
      state.pending = [sent];
      return { status: 201, body: sent };
    });
    const { user } = renderApp({ path: PAGE, api });
    await screen.findByRole('table', { name: 'Members' });
    await user.type(emailField(), ' bob@example.com ');
    await user.click(screen.getByRole('button', { name: INVITE_BUTTON }));
    expect(await screen.findByText(invitationSentNotice('bob@example.com'))).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'bob@example.com' });
    const pending = within(await screen.findByRole('table', { name: 'Pending invitations' }));
    expect(pending.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'bob@example.com',
      'jane@example.com',
      '14 Mar 2024',
      '21 Mar 2024',
      'Revoke',
    ]);
    expect((emailField() as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal on the field, verbatim", async () => {
    const { api } = organisationApi();
    api.on(INVITE, {
      status: 400,
      body: {
        status: 'VALIDATION_ERROR',
        message: 'Some fields need your attention.',
        fields: { email: ALREADY_A_MEMBER },
      },
    });
    const { user } = renderApp({ path: PAGE, api });
    await screen.findByRole('table', { name: 'Members' });
    await user.type(emailField(), 'late@example.com');
    await user.click(screen.getByRole('button', { name: INVITE_BUTTON }));
    expect(await screen.findByText(ALREADY_A_MEMBER)).toBeTruthy();
  });

  it('revokes a pending invitation', async () => {
    const { api, state } = organisationApi([invitation('bob@example.com', 'inv-9')]);
    api.on(`DELETE /account/${PCODE}/invitations/inv-9`, () => {
      state.pending = [];
      return { body: { revoked: true } };
    });
    const { user } = renderApp({ path: PAGE, api });
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the invitation to bob@example.com' }),
    );
    expect(await screen.findByText(INVITATION_REVOKED_NOTICE)).toBeTruthy();
    expect(await screen.findByText(NO_PENDING_INVITATIONS)).toBeTruthy();
  });

  it('says why the members cannot be shown', async () => {
    const { api } = organisationApi();
    api.on(MEMBERS, apiError(500, 'INTERNAL_ERROR', 'The database is down'));
    renderApp({ path: PAGE, api, user: buildAccountUser({ pcodes: [PCODE] }) });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'The database is down',
      ),
    );
  });
});
