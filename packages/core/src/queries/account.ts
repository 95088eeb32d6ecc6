import type { AssentClient } from '../api';
import { queryOptionsOf } from './query-options';

/** The signed-in user (GET /auth/me); a 401 means nobody is signed in. */
export const meKeys = { all: ['me'] as const };
export const meQuery = (client: AssentClient) =>
  queryOptionsOf(meKeys.all, ({ signal }) => client.auth.me(undefined, { signal }));

/** The user's organisations, one per account code, with their terms and feature flags. */
export const organisationKeys = { all: ['organisations'] as const };
export const organisationsQuery = (client: AssentClient) =>
  queryOptionsOf(organisationKeys.all, ({ signal }) =>
    client.auth.organisations(undefined, { signal }),
  );

/** Whether the account has filled the premium survey. */
export const surveyKeys = {
  all: ['survey'] as const,
  account: (pCode: string) => [...surveyKeys.all, pCode] as const,
};
export const surveyQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(surveyKeys.account(pCode), ({ signal }) =>
    client.feedback.getSurvey({ params: { pCode } }, { signal }),
  );

/** The account's Consent-or-Pay banner events, newest first. */
export const copEventKeys = {
  all: ['copEvents'] as const,
  account: (pCode: string) => [...copEventKeys.all, pCode] as const,
};
export const copEventsQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(copEventKeys.account(pCode), ({ signal }) =>
    client.feedback.listCopBannerEvents({ params: { pCode } }, { signal }),
  );

/** Announcements running now (the console filters out the dismissed ones). */
export const announcementKeys = { all: ['announcements'] as const };
export const announcementsQuery = (client: AssentClient) =>
  queryOptionsOf(announcementKeys.all, ({ signal }) =>
    client.feedback.listAnnouncements(undefined, { signal }),
  );

/** The account's members, oldest membership first. */
export const memberKeys = {
  all: ['members'] as const,
  account: (pCode: string) => [...memberKeys.all, pCode] as const,
};
export const membersQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(memberKeys.account(pCode), ({ signal }) =>
    client.organisation.members({ params: { pCode } }, { signal }),
  );

/** The account's pending invitations, newest first. */
export const invitationKeys = {
  all: ['invitations'] as const,
  account: (pCode: string) => [...invitationKeys.all, pCode] as const,
};
export const invitationsQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(invitationKeys.account(pCode), ({ signal }) =>
    client.organisation.invitations({ params: { pCode } }, { signal }),
  );

/** The signed-in user's two-factor sign-in: on or off, recovery codes left, accounts requiring it. */
export const twoFactorKeys = {
  all: ['twoFactor'] as const,
  mine: () => [...twoFactorKeys.all, 'mine'] as const,
  account: (pCode: string) => [...twoFactorKeys.all, 'account', pCode] as const,
};
export const twoFactorStatusQuery = (client: AssentClient) =>
  queryOptionsOf(twoFactorKeys.mine(), ({ signal }) =>
    client.auth.twoFactorStatus(undefined, { signal }),
  );

/** Whether the account requires two-factor sign-in of its members. */
export const twoFactorRequirementQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(twoFactorKeys.account(pCode), ({ signal }) =>
    client.organisation.twoFactorRequirement({ params: { pCode } }, { signal }),
  );
