import { z } from 'zod';
import {
  AcceptedInvitation,
  Invitation,
  InvitationPreview,
  InvitationSignUpRequest,
  InvitationTokenRequest,
  InviteRequest,
  Member,
} from '../../account/invitations';
import { SetTwoFactorRequirement, TwoFactorRequirement } from '../../account/two-factor';
import { AccountUser } from '../../account/user';
import { ACCOUNT_PARAM, PUBLIC, USER, defineRoute } from '../route';

/**
 * An account's members and invitations (issue 17 item 16). The list, invite and revoke calls are
 * scoped to an account the caller belongs to; the link's calls carry the mailed token.
 */
export const organisation = {
  members: defineRoute({
    method: 'GET',
    path: '/account/{pCode}/members',
    summary: "The account's members, oldest membership first",
    access: ACCOUNT_PARAM,
    params: z.object({ pCode: z.string().min(1) }),
    response: z.array(Member),
  }),
  twoFactorRequirement: defineRoute({
    method: 'GET',
    path: '/account/{pCode}/two-factor',
    summary: 'Whether the account requires two-factor sign-in of its members',
    access: ACCOUNT_PARAM,
    params: z.object({ pCode: z.string().min(1) }),
    response: TwoFactorRequirement,
  }),
  setTwoFactorRequirement: defineRoute({
    method: 'PUT',
    path: '/account/{pCode}/two-factor',
    summary:
      "Require two-factor sign-in of every member (each enrols at their next sign-in), or stop requiring it; either change is confirmed with the caller's own current code",
    access: ACCOUNT_PARAM,
    params: z.object({ pCode: z.string().min(1) }),
    body: SetTwoFactorRequirement,
    response: TwoFactorRequirement,
    rateLimited: true,
  }),
  invitations: defineRoute({
    method: 'GET',
    path: '/account/{pCode}/invitations',
    summary: "The account's pending invitations, newest first",
    access: ACCOUNT_PARAM,
    params: z.object({ pCode: z.string().min(1) }),
    response: z.array(Invitation),
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/account/{pCode}/invitations',
    summary:
      'Invite a colleague by e-mail (a link valid 7 days is mailed; a pending invitation to the same e-mail is replaced)',
    access: ACCOUNT_PARAM,
    params: z.object({ pCode: z.string().min(1) }),
    body: InviteRequest,
    response: Invitation,
    status: 201,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/account/{pCode}/invitations/{id}',
    summary: 'Withdraw a pending invitation; its link stops working',
    access: ACCOUNT_PARAM,
    params: z.object({ pCode: z.string().min(1), id: z.string().min(1) }),
    response: z.object({ revoked: z.literal(true) }),
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/invitations/preview',
    summary: 'What an invitation link is for (account, e-mail) and whether it still works',
    access: PUBLIC,
    body: InvitationTokenRequest,
    response: InvitationPreview,
    rateLimited: true,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/invitations/accept',
    summary: "Join the invitation's account as the signed-in user (the invited e-mail only)",
    access: USER,
    body: InvitationTokenRequest,
    response: AcceptedInvitation,
  }),
  signUp: defineRoute({
    method: 'POST',
    path: '/invitations/sign-up',
    summary:
      'Sign up with the invited e-mail (names, company, password), join the account and sign in',
    access: PUBLIC,
    body: InvitationSignUpRequest,
    response: AccountUser,
    status: 201,
    rateLimited: true,
  }),
};
