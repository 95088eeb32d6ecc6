import { z } from 'zod';
import { Announcement } from '../../account/announcements';
import { CopBannerEvent, CopBannerEventRecord } from '../../account/cop-banner-event';
import { SurveyStatus, SurveySubmission } from '../../account/survey';
import { ACCOUNT_PARAM, USER, defineRoute } from '../route';

const AccountParams = z.object({ pCode: z.string().min(1) });

/**
 * Feedback and promotions (properties-and-tags §7, reports-and-account §4): the survey, the
 * Consent-or-Pay banner events and the announcements.
 */
export const feedback = {
  getSurvey: defineRoute({
    method: 'GET',
    path: '/customization/{pCode}/survey',
    summary: 'Whether the account has filled the survey',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    response: SurveyStatus,
    cache: 'minute',
  }),
  submitSurvey: defineRoute({
    method: 'POST',
    path: '/customization/{pCode}/survey',
    summary: 'Submit the survey: answer 1 to 4 and an optional comment',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: SurveySubmission,
    response: SurveyStatus,
    status: 201,
  }),
  listCopBannerEvents: defineRoute({
    method: 'GET',
    path: '/customization/cop-banner-event/{pCode}',
    summary: "The account's Consent-or-Pay banner events, newest first",
    access: ACCOUNT_PARAM,
    params: AccountParams,
    response: z.array(CopBannerEventRecord),
  }),
  postCopBannerEvent: defineRoute({
    method: 'POST',
    path: '/customization/cop-banner-event',
    summary: 'Record a banner event: REQUEST (Consent-or-Pay access) or {PRODUCT}_SSP',
    access: { kind: 'account', from: 'body', key: 'pcode' },
    body: CopBannerEvent,
    response: CopBannerEventRecord,
    status: 201,
  }),
  listAnnouncements: defineRoute({
    method: 'GET',
    path: '/customization/announcements',
    summary: 'Announcements running now (the console filters dismissed ones)',
    access: USER,
    response: z.array(Announcement),
    cache: 'minute',
  }),
};
