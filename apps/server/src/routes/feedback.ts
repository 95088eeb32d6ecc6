import { AssentError } from '@assent/core';
import { validateSurvey } from '@assent/core/account';
import type { Routes } from '@assent/core/api';
import { announcements, copBannerEvents, surveys } from '../repositories/feedback';
import type { GroupHandlers } from './context';

export const feedbackHandlers: GroupHandlers<Routes['feedback']> = {
  getSurvey: async (_input, { deps, pCode }) => ({ filled: await surveys.filled(deps.db, pCode) }),

  async submitSurvey({ body }, { deps, pCode, user }) {
    const result = validateSurvey(body);
    if (!result.ok) throw AssentError.fromIssues(result.issues);
    await surveys.submit(deps.db, pCode, user().id, result.value, deps.now());
    return { filled: true };
  },

  listCopBannerEvents: (_input, { deps, pCode }) => copBannerEvents.list(deps.db, pCode),

  postCopBannerEvent: ({ body }, { deps, pCode, user }) =>
    copBannerEvents.record(deps.db, pCode, body.eventType, user().id, deps.now()),

  listAnnouncements: (_input, { deps }) => announcements.current(deps.db, deps.now()),
};
