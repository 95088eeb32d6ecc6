import { z } from 'zod';
import {
  CreateTextChangeRequests,
  TextChangeRequest,
  TextRequestDecision,
} from '../../theme/text-change-request';
import { ADMIN, USER, defineRoute } from '../route';

/** A request id on the wire: digits in the path, a number once parsed. */
const RequestId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((v) => Number(v)),
]);

/** Text change requests (themes-and-bulk-update §4, §6, §7). */
export const textRequests = {
  listForTheme: defineRoute({
    method: 'GET',
    path: '/text-customization-request/{id}',
    summary: 'The text change requests of a theme ({id} is the theme id), newest first',
    access: USER,
    params: z.object({ id: z.string().min(1) }),
    response: z.array(TextChangeRequest),
  }),
  updateStatus: defineRoute({
    method: 'PUT',
    path: '/text-customization-request/{id}/status',
    summary: 'Approve or reject an in-progress request ({id} is the request id); admins only',
    access: ADMIN,
    params: z.object({ id: RequestId }),
    query: z.object({ status: TextRequestDecision }),
    response: TextChangeRequest,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/text-customization-request',
    summary: 'Submit text change requests (one per language and customisation type)',
    access: USER,
    body: CreateTextChangeRequests,
    response: z.array(TextChangeRequest),
    status: 201,
  }),
};
