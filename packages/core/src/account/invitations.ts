import { z } from 'zod';
import { consolePaths } from '../paths';
import type { Validation } from '../validation';
import { collect, issue, required } from '../validation';
import type { PasswordCheckOptions } from './auth-forms';
import { authEmailIssue, passwordPolicyIssue, validateSignUpRequest } from './auth-forms';
import { PASSWORD_REQUIRED } from './messages';

/**
 * An account's members and invitations (issue 17 item 16): a member invites a colleague by
 * e-mail; the mail's link `/invitation/{token}` adds the membership for a signed-in user with that
 * e-mail, or signs a new user up with the e-mail fixed and then adds it. The spec's sign-up note
 * (joining an organisation is done through support) stays: invitations are our addition
 * (docs/decisions.md).
 */

/** An invitation is valid for 7 days. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** At most 20 invitations of an account wait at once. */
export const MAX_PENDING_INVITATIONS = 20;

export const ORGANISATION_TITLE = 'Organisation';
export const MEMBERS_TITLE = 'Members';
export const PENDING_INVITATIONS_TITLE = 'Pending invitations';
export const INVITE_A_COLLEAGUE = 'Invite a colleague';
export const INVITE_BUTTON = 'SEND INVITATION';
export const REVOKE_INVITATION = 'Revoke';
export const NO_PENDING_INVITATIONS = 'No invitation is waiting for an answer.';
export const ALREADY_A_MEMBER = 'This person is already a member of this account';
export const TOO_MANY_PENDING_INVITATIONS = `An account can have at most ${MAX_PENDING_INVITATIONS} pending invitations. Revoke one to invite someone else.`;
export const INVITATION_REVOKED_NOTICE = 'Invitation revoked';
export const invitationSentNotice = (email: string) => `Invitation sent to ${email}`;

/** What the invitation link says when it can no longer be used. */
export const INVITATION_NOT_FOUND =
  'This invitation link is not valid. Check that you opened the whole link from the e-mail.';
export const INVITATION_EXPIRED =
  'This invitation has expired. Ask a member of the account to invite you again.';
export const INVITATION_REVOKED =
  'This invitation was withdrawn. Ask a member of the account to invite you again.';
export const INVITATION_USED =
  'This invitation has already been used. Sign in to open the account.';
export const invitationForAnotherUser = (email: string) =>
  `This invitation was sent to ${email}. Sign in with that e-mail to accept it.`;
export const JOIN_ACCOUNT_BUTTON = 'JOIN THE ACCOUNT';
export const SIGN_UP_AND_JOIN_BUTTON = 'SIGN UP AND JOIN';

export const InvitationStatus = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** A member of an account, as its organisation page lists them. */
export const Member = z.object({
  email: z.string(),
  name: z.string(),
  /** Assent has no roles yet: every member may do everything in the account. */
  role: z.string().nullable(),
  /** When the membership began (ISO instant). */
  joinedAt: z.string(),
});
export type Member = z.infer<typeof Member>;

/** A pending invitation (its token is never listed: only its hash is stored). */
export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  /** The inviting member's e-mail; null once that user is deleted. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const InviteRequest = z.object({ email: z.string() });
export type InviteRequest = z.infer<typeof InviteRequest>;

export const InvitationTokenRequest = z.object({ token: z.string() });
export type InvitationTokenRequest = z.infer<typeof InvitationTokenRequest>;

/** What the link's page learns from the token: whom it is for and whether it still works. */
export const InvitationPreview = z.object({
  status: InvitationStatus,
  email: z.string(),
  /** The company name of the account joined. */
  organisation: z.string(),
  pcode: z.string(),
  /** Whether a user with the invited e-mail exists (sign in) or not (sign up). */
  userExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** Sign-up from an invitation: the e-mail is the invitation's, so it is not sent. */
export const InvitationSignUpRequest = z.object({
  token: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  password: z.string(),
});
export type InvitationSignUpRequest = z.infer<typeof InvitationSignUpRequest>;

export const AcceptedInvitation = z.object({ pcode: z.string() });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

/** An invitation's state at `now`: used and withdrawn first, then the expiry. */
export function invitationStatus(
  invitation: { acceptedAt: string | null; revokedAt: string | null; expiresAt: string },
  now: Date,
): InvitationStatus {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return Date.parse(invitation.expiresAt) <= now.getTime() ? 'expired' : 'pending';
}

/** The message of an invitation that can no longer be used; undefined while it is pending. */
export function invitationStatusMessage(status: InvitationStatus): string | undefined {
  switch (status) {
    case 'accepted':
      return INVITATION_USED;
    case 'revoked':
      return INVITATION_REVOKED;
    case 'expired':
      return INVITATION_EXPIRED;
    case 'pending':
      return undefined;
  }
}

/** When an invitation made at `now` expires. */
export const invitationExpiry = (now: Date): Date => new Date(now.getTime() + INVITATION_TTL_MS);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * An invitation to an account: a valid e-mail ('Email is required', 'Please enter a valid email
 * address'), not a member already, and room among the pending invitations. Inviting an e-mail
 * whose invitation is pending sends a fresh one in its place, so it takes no extra room.
 */
export function validateInvitation(
  request: InviteRequest,
  account: { memberEmails: readonly string[]; pendingEmails: readonly string[] },
): Validation<InviteRequest> {
  const email = request.email.trim();
  const emailIssue = authEmailIssue(email);
  const replaces = account.pendingEmails.some((e) => sameEmail(e, email));
  return collect({ email }, [
    emailIssue,
    !emailIssue &&
      account.memberEmails.some((e) => sameEmail(e, email)) &&
      issue('email', 'notMember', ALREADY_A_MEMBER),
    !emailIssue &&
      !replaces &&
      account.pendingEmails.length >= MAX_PENDING_INVITATIONS &&
      issue('email', 'maxPending', TOO_MANY_PENDING_INVITATIONS),
  ]);
}

/** Whether the signed-in user may accept an invitation: it was sent to their e-mail. */
export const isInvitee = (invitation: { email: string }, user: { email: string }): boolean =>
  sameEmail(invitation.email, user.email);

/** The invitation link of the mail: `${publicUrl}/invitation/{token}`. */
export const invitationLink = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}${consolePaths.invitation(token)}`;

/**
 * Sign-up from an invitation: sign-up's rules (names, company) for the invited e-mail, and a
 * password under the password policy, since the link itself proves the e-mail (no code is mailed).
 * The server passes the common-password check; the console's form checks the length only.
 */
export function validateInvitationSignUp(
  request: InvitationSignUpRequest,
  email: string,
  options: PasswordCheckOptions = {},
): Validation<InvitationSignUpRequest> {
  const signUp = validateSignUpRequest({
    email,
    firstName: request.firstName,
    lastName: request.lastName,
    company: request.company,
  });
  return collect(request, [
    signUp.ok ? [] : signUp.issues,
    required('password', request.password, PASSWORD_REQUIRED),
    passwordPolicyIssue('password', request.password, options),
  ]);
}
