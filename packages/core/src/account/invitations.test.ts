import { describe, expect, it } from 'vitest';
import {
  ALREADY_A_MEMBER,
  INVITATION_EXPIRED,
  INVITATION_REVOKED,
  INVITATION_TTL_DAYS,
  INVITATION_USED,
  MAX_PENDING_INVITATIONS,
  TOO_MANY_PENDING_INVITATIONS,
  invitationExpiry,
  invitationLink,
  invitationStatus,
  invitationStatusMessage,
  isInvitee,
  validateInvitation,
  validateInvitationSignUp,
} from './invitations';

const none = { memberEmails: [], pendingEmails: [] };
const pending = (n: number) => Array.from({ length: n }, (_, i) => `p${i}@example.com`);

describe('validateInvitation', () => {
  it('asks for an e-mail, then a valid one, with the sign-in messages', () => {
    expect(validateInvitation({ email: ' ' }, none)).toEqual({
      ok: false,
      issues: [{ field: 'email', rule: 'required', message: 'Email is required' }],
    });
    expect(validateInvitation({ email: 'ann@' }, none)).toEqual({
      ok: false,
      issues: [{ field: 'email', rule: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('trims the e-mail it accepts', () => {
    expect(validateInvitation({ email: '  ann@example.com ' }, none)).toEqual({
      ok: true,
      value: { email: 'ann@example.com' },
    });
  });

  it('refuses a member of the account, whatever the case', () => {
    const result = validateInvitation(
      { email: 'Ann@Example.com' },
      { memberEmails: ['ann@example.com'], pendingEmails: [] },
    );
    expect(result).toEqual({
      ok: false,
      issues: [{ field: 'email', rule: 'notMember', message: ALREADY_A_MEMBER }],
    });
    expect(ALREADY_A_MEMBER).toBe('This person is already a member of this account');
  });

  it(`refuses a new e-mail once ${MAX_PENDING_INVITATIONS} invitations wait, not one that replaces its own`, () => {
    const full = { memberEmails: [], pendingEmails: pending(MAX_PENDING_INVITATIONS) };
    expect(validateInvitation({ email: 'new@example.com' }, full)).toEqual({
      ok: false,
      issues: [{ field: 'email', rule: 'maxPending', message: TOO_MANY_PENDING_INVITATIONS }],
    });
    expect(TOO_MANY_PENDING_INVITATIONS).toBe(
      'An account can have at most 20 pending invitations. Revoke one to invite someone else.',
    );
    expect(validateInvitation({ email: 'P3@example.com' }, full).ok).toBe(true);
    const roomForOne = { memberEmails: [], pendingEmails: pending(MAX_PENDING_INVITATIONS - 1) };
    expect(validateInvitation({ email: 'new@example.com' }, roomForOne).ok).toBe(true);
  });
});

describe('invitation status', () => {
  const created = new Date('2026-11-01T10:00:00Z');
  const expiresAt = invitationExpiry(created).toISOString();
  const open = { acceptedAt: null, revokedAt: null, expiresAt };

  it(`is pending for ${INVITATION_TTL_DAYS} days, then expired`, () => {
    expect(expiresAt).toBe('2026-11-08T10:00:00.000Z');
    expect(invitationStatus(open, new Date('2026-11-08T09:59:59Z'))).toBe('pending');
    expect(invitationStatus(open, new Date('2026-11-08T10:00:00Z'))).toBe('expired');
  });

  it('is used or withdrawn before it is expired', () => {
    const later = new Date('2026-12-01T00:00:00Z');
    expect(invitationStatus({ ...open, acceptedAt: '2026-11-02T00:00:00Z' }, later)).toBe(
      'accepted',
    );
    expect(invitationStatus({ ...open, revokedAt: '2026-11-02T00:00:00Z' }, later)).toBe('revoked');
  });

  it('says clearly why a link no longer works', () => {
    expect(invitationStatusMessage('pending')).toBeUndefined();
    expect(invitationStatusMessage('expired')).toBe(INVITATION_EXPIRED);
    expect(INVITATION_EXPIRED).toBe(
      'This invitation has expired. Ask a member of the account to invite you again.',
    );
    expect(invitationStatusMessage('revoked')).toBe(INVITATION_REVOKED);
    expect(INVITATION_REVOKED).toBe(
      'This invitation was withdrawn. Ask a member of the account to invite you again.',
    );
    expect(invitationStatusMessage('accepted')).toBe(INVITATION_USED);
    expect(INVITATION_USED).toBe(
      'This invitation has already been used. Sign in to open the account.',
    );
  });
});

describe('who may accept, and the link', () => {
  it('is the invited e-mail only, whatever the case', () => {
    expect(isInvitee({ email: 'Ann@Example.com' }, { email: 'ann@example.com' })).toBe(true);
    expect(isInvitee({ email: 'ann@example.com' }, { email: 'bob@example.com' })).toBe(false);
  });

  it('is ${publicUrl}/invitation/{token}', () => {
    expect(invitationLink('https://cmp.example/', 'abc-_1')).toBe(
      'https://cmp.example/invitation/abc-_1',
    );
  });
});

describe('validateInvitationSignUp', () => {
  const good = {
    token: 't',
    firstName: 'Ann',
    lastName: 'Lee',
    company: 'Shop Ltd',
    password: 'secret123',
  };

  it('accepts the names, company and a policy password', () => {
    expect(validateInvitationSignUp(good, 'ann@example.com').ok).toBe(true);
  });

  it('applies sign-up rules and the password policy, each on its field', () => {
    const result = validateInvitationSignUp(
      { ...good, firstName: 'A<', company: '', password: 'short' },
      'ann@example.com',
    );
    expect(result.ok ? [] : result.issues.map((i) => [i.field, i.message])).toEqual([
      ['firstName', "Name Fields should not include '<' and '>' characters"],
      ['company', 'Company name is required'],
      ['password', 'Password must be 8 to 128 characters long'],
    ]);
    const noPassword = validateInvitationSignUp({ ...good, password: '' }, 'ann@example.com');
    expect(noPassword.ok ? [] : noPassword.issues.map((i) => i.message)).toEqual([
      'Password is required',
    ]);
  });
});
