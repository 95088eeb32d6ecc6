import { z } from 'zod';
import { ThemeListItem } from '../../theme/list';
import { PreviewRequest, PreviewResult } from '../../theme/preview';
import { Theme, ThemeSettings, ThemeType } from '../../theme/schema';
import { StacksRequest, StacksResult } from '../../theme/stacks';
import { ACCOUNT_QUERY, defineRoute } from '../route';
import { Deleted } from './properties';

const PCode = z.string().min(1);
const AccountQuery = z.object({ pCode: PCode });
const IdParams = z.object({ id: z.string().min(1) });

/** Themes (themes-and-bulk-update §7): list, create, get, edit, delete, stacks and preview. */
export const themes = {
  list: defineRoute({
    method: 'GET',
    path: '/customization/v2/theme',
    summary: "The account's themes sorted by name; themeType=SITE (or APP) keeps one type",
    access: ACCOUNT_QUERY,
    query: z.object({
      pCode: PCode,
      sort: z.literal('themeName,ASC').default('themeName,ASC'),
      themeType: ThemeType.optional(),
    }),
    response: z.array(ThemeListItem),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/customization/v2/theme',
    summary: 'Create a site or app theme',
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    body: ThemeSettings,
    response: Theme,
    status: 201,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/customization/v2/theme/{id}',
    summary: 'One theme by id',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: AccountQuery,
    response: Theme,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/customization/v2/theme/{id}',
    summary: 'Edit a theme (never the default theme, id 1)',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: AccountQuery,
    body: ThemeSettings,
    response: Theme,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/customization/v2/theme/{id}',
    summary: 'Delete a theme (never the default theme, id 1); themeName is for the audit trail',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: z.object({ pCode: PCode, themeName: z.string().optional() }),
    response: Deleted,
  }),
  stacks: defineRoute({
    method: 'POST',
    path: '/customization/v2/theme/stacks',
    summary:
      'The GVL stacks that fit the declared purposes, LI purposes and special features, with a recommended non-overlapping set',
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    body: StacksRequest,
    response: StacksResult,
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/customization/v2/theme/preview',
    summary: 'The banner script for unsaved theme values ({script}), or {error}',
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    body: PreviewRequest,
    response: PreviewResult,
  }),
};
