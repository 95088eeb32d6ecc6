import { TagQuery, TagResponse } from '../../tags/tag';
import { ACCOUNT_QUERY, defineRoute } from '../route';

export const tags = {
  get: defineRoute({
    method: 'GET',
    path: '/customization/v2/tag',
    summary: 'The universal tag (one per account), a site tag, or an AMP tag with its styles block',
    access: ACCOUNT_QUERY,
    query: TagQuery,
    response: TagResponse,
  }),
};
