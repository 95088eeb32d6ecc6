import { z } from 'zod';
import { BulkUpdateRequest } from '../../bulk-update/fields';
import {
  BulkStatusPage,
  BulkUpdateStatusResponse,
  BulkUpdateSubmitResponse,
} from '../../bulk-update/status';
import { ACCOUNT_QUERY, defineRoute } from '../route';

const PCode = z.string().min(1);

/** Bulk update (themes-and-bulk-update §7): submit a job and read its status. */
export const bulkUpdate = {
  submit: defineRoute({
    method: 'POST',
    path: '/customization/v2/bulk-update',
    summary:
      'Start a bulk update of the given properties (sites: siteIds) with the fields to change',
    access: ACCOUNT_QUERY,
    query: z.object({ pCode: PCode }),
    body: BulkUpdateRequest,
    response: BulkUpdateSubmitResponse,
    status: 202,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/customization/v2/bulk-update/status',
    summary: "The account's latest bulk update; page=sites adds the siteIds still pending",
    access: ACCOUNT_QUERY,
    query: z.object({ pCode: PCode, page: BulkStatusPage.optional() }),
    response: BulkUpdateStatusResponse,
    cache: 'minute',
  }),
};
