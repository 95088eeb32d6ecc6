import { HistoryPage, HistoryQuery } from '../../history/change-history';
import { ACCOUNT_QUERY, defineRoute } from '../route';

/** Change history (issue 19 item 21): who changed which configuration field, when, from what to what. */
export const history = {
  list: defineRoute({
    method: 'GET',
    path: '/customization/v2/history',
    summary:
      "The account's configuration changes, newest first, paged (page from 0, size up to 200); entityType and entityId keep one property, theme or the vendor selection",
    access: ACCOUNT_QUERY,
    query: HistoryQuery,
    response: HistoryPage,
  }),
};
