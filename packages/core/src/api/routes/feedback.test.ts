import { describe, expect, it } from 'vitest';
import { buildAnnouncement } from '../../testing/account';
import { listRoutes } from '../route';
import { feedback } from './feedback';

describe('feedback routes', () => {
  it('use the customization paths of the spec', () => {
    expect(listRoutes({ feedback }).map(({ route }) => `${route.method} ${route.path}`)).toEqual([
      'GET /customization/{pCode}/survey',
      'POST /customization/{pCode}/survey',
      'GET /customization/cop-banner-event/{pCode}',
      'POST /customization/cop-banner-event',
      'GET /customization/announcements',
    ]);
  });

  it('scope the banner event post to the pcode of its body', () => {
    expect(feedback.postCopBannerEvent.access).toEqual({
      kind: 'account',
      from: 'body',
      key: 'pcode',
    });
    expect(feedback.getSurvey.access).toEqual({ kind: 'account', from: 'params', key: 'pCode' });
  });

  it('validate survey answers 1 to 4 and banner event types', () => {
    expect(feedback.submitSurvey.body.safeParse({ answer: 5 }).success).toBe(false);
    expect(
      feedback.postCopBannerEvent.body.safeParse({ pcode: 'AB12', eventType: 'REQUEST' }).success,
    ).toBe(true);
  });

  it('return announcements with their modal content', () => {
    const [a] = feedback.listAnnouncements.response.parse([buildAnnouncement()]);
    expect(a?.modal.title).toBe('New reports');
  });
});
