import { z } from 'zod';
import { AbTestSettings } from '../../property/ab-test';
import { CmpVersionInfo } from '../../property/cmp-version';
import {
  Property,
  PropertyListItem,
  PropertyListRow,
  PropertySettings,
  PropertyType,
} from '../../property/schema';
import { ACCOUNT_QUERY, defineRoute } from '../route';

const PCode = z.string().min(1);
const AccountQuery = z.object({ pCode: PCode });
const IdParams = z.object({ id: z.string().min(1) });
const ListQuery = z.object({
  pCode: PCode,
  sort: z.enum(['url,ASC', 'url,DESC', 'updatedAt,DESC']).default('url,ASC'),
  type: PropertyType.optional(),
  filter: z.string().optional(),
});

/** What the site and app forms load first: defaults, versions, themes and the account's options. */
export const PropertyInitData = z.object({
  defaults: PropertySettings,
  cmpVersions: z.array(CmpVersionInfo),
  themes: z.array(
    z.object({
      themeId: z.string(),
      themeName: z.string(),
      themeType: PropertyType,
      gvlVersion: z.union([z.literal(2), z.literal(3)]),
    }),
  ),
  premium: z.boolean(),
  consentOrPayEnabled: z.boolean(),
});
export type PropertyInitData = z.infer<typeof PropertyInitData>;

export const Deleted = z.object({ deleted: z.literal(true) });

export const sites = {
  list: defineRoute({
    method: 'GET',
    path: '/customization/v2/site',
    summary:
      "The account's properties (sites and apps), sorted; a site is identified by url, an app by packageId",
    access: ACCOUNT_QUERY,
    query: ListQuery,
    response: z.array(PropertyListItem),
  }),
  rows: defineRoute({
    method: 'GET',
    path: '/customization/v2/site/rows',
    summary:
      "The properties table's rows: the list's columns only (no bulk-update filter fields), same sort, type and filter as the list",
    access: ACCOUNT_QUERY,
    query: ListQuery,
    response: z.array(PropertyListRow),
  }),
  export: defineRoute({
    method: 'GET',
    path: '/customization/v2/site/export',
    summary:
      'Every property of the account with all its settings, sorted by url (configuration as code: assent export and plan)',
    access: ACCOUNT_QUERY,
    query: z.object({ pCode: PCode, type: PropertyType.optional() }),
    response: z.array(Property),
  }),
  init: defineRoute({
    method: 'GET',
    path: '/customization/v2/site/init',
    summary: 'Init data of the site and app forms (APP for apps)',
    access: ACCOUNT_QUERY,
    query: z.object({ pCode: PCode, propertyType: PropertyType.default('SITE') }),
    response: PropertyInitData,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/customization/v2/site/{id}',
    summary: 'One site (or app) by uuid',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: AccountQuery,
    response: Property,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/customization/v2/site',
    summary: 'Create a site',
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    body: PropertySettings,
    response: Property,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/customization/v2/site/{id}',
    summary:
      'Edit a site; urlChanged tells that the url was edited (it is then checked for duplicates)',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: z.object({
      pCode: PCode,
      urlChanged: z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .transform((v) => v === true || v === 'true')
        .optional(),
    }),
    body: PropertySettings,
    response: Property,
  }),
  abTest: defineRoute({
    method: 'PUT',
    path: '/customization/v2/site/{id}/ab-test',
    summary:
      "Set a site's A/B test of themes: 2 to 5 variants (name, site theme, whole-percent traffic share adding up to 100), or none to end it",
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: AccountQuery,
    body: AbTestSettings,
    response: Property,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/customization/v2/site/{id}',
    summary: "Delete a site; refused with 'Not able to delete' while it has pending updates",
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: AccountQuery,
    response: Deleted,
  }),
};

export const apps = {
  get: defineRoute({
    method: 'GET',
    path: '/customization/v2/app/{id}',
    summary: 'One app by uuid',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: AccountQuery,
    response: Property,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/customization/v2/app',
    summary: 'Create an app',
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    body: PropertySettings,
    response: Property,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/customization/v2/app/{id}',
    summary: 'Edit an app (siteId plus payload)',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: AccountQuery,
    body: PropertySettings,
    response: Property,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/customization/v2/app/{id}',
    summary: 'Delete an app (with its packageId)',
    access: ACCOUNT_QUERY,
    params: IdParams,
    query: z.object({ pCode: PCode, packageId: z.string().optional() }),
    response: Deleted,
  }),
  sdk: defineRoute({
    method: 'GET',
    path: '/customization/v2/app/sdk',
    summary: 'Download the SDK package for apps (zip)',
    access: { kind: 'user' },
    response: z.instanceof(ArrayBuffer),
    responseKind: 'binary',
  }),
};
