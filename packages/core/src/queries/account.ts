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
