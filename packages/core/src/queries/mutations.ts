import type { AssentClient } from '../api';
import type { BulkUpdateRequest } from '../bulk-update';
import type { Property, PropertyType, PropertyValues } from '../property';
import { LOGO_URL_INVALID, toSavePayload } from '../property';
import type { Theme } from '../theme';
import { auditLogKeys } from './audit-logs';
import { bulkUpdateStatusKeys } from './bulk-update';
import { propertiesKeys, propertyInitKeys, propertyKeys } from './properties';
import { reportJobKeys } from './reports';
import { textRequestKeys, themeKeys } from './themes';

/**
 * The data layer's writes, shared by the web console and the terminal UI: what a mutation sends
 * and what it changes in the cache afterwards, as lists of query keys. No React here: each face
 * hands its TanStack `QueryClient` to `applyCacheEffects` (it fits `QueryCacheLike` as it is).
 */
type QueryKey = readonly unknown[];

/** The part of a TanStack `QueryClient` the effects use. */
export interface QueryCacheLike {
  setQueryData: (queryKey: QueryKey, data: unknown) => unknown;
  removeQueries: (filters: { queryKey: QueryKey }) => void;
  invalidateQueries: (filters: { queryKey: QueryKey }) => Promise<void>;
}

/** What a successful mutation changes in the cache. */
export interface CacheEffects {
  /** The server's answer, put in the cache as it is (no refetch needed). */
  set?: ReadonlyArray<readonly [QueryKey, unknown]>;
  /** Queries of something that no longer exists. */
  remove?: readonly QueryKey[];
  /** Queries refetched before the mutation counts as done (in order, each awaited). */
  invalidate?: readonly QueryKey[];
  /** Queries refetched in the background (not awaited: nothing on screen waits for them). */
  refresh?: readonly QueryKey[];
}

/** A mutation as both faces run it: the request and its effects on the cache. */
export interface MutationSpec<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  effects: (data: TData, variables: TVariables) => CacheEffects;
}

/** Applies a mutation's effects: sets, removals, then invalidations (awaited) and refreshes. */
export async function applyCacheEffects(
  cache: QueryCacheLike,
  effects: CacheEffects,
): Promise<void> {
  for (const [queryKey, data] of effects.set ?? []) cache.setQueryData(queryKey, data);
  for (const queryKey of effects.remove ?? []) cache.removeQueries({ queryKey });
  for (const queryKey of effects.refresh ?? []) void cache.invalidateQueries({ queryKey });
  for (const queryKey of effects.invalidate ?? []) await cache.invalidateQueries({ queryKey });
}

/**
 * The default options of every query cache of Assent: no retry and no refetch on window focus
 * (properties-and-tags §9); a failed request shows its error at once.
 */
export const createQueryClientDefaults = () => ({
  queries: { retry: false as const, refetchOnWindowFocus: false as const },
  mutations: { retry: false as const },
});

export type SaveOutcome =
  { kind: 'saved'; property: Property } | { kind: 'logoRejected'; message: string };

/**
 * Saves a property through `send`: the logo is checked first and the suffix of the check appended
 * to its url; then core's save payload is sent. A refused logo stops the save.
 */
export async function saveWithLogoCheck(
  client: AssentClient,
  values: PropertyValues,
  send: (payload: PropertyValues, values: PropertyValues) => Promise<Property>,
): Promise<SaveOutcome> {
  const logo = values.publisherLogoUrl.trim();
  let checked = values;
  if (logo) {
    const check = await client.meta.logoCheck({ body: { url: logo } });
    if (!check.ok) return { kind: 'logoRejected', message: check.message ?? LOGO_URL_INVALID };
    checked = { ...values, publisherLogoUrl: `${logo}${check.suffix}` };
  }
  return { kind: 'saved', property: await send(toSavePayload(checked), values) };
}

/** Sends a property's save payload to the route of its kind: create without an id, else update. */
export const sendProperty =
  (client: AssentClient, pCode: string, propertyType: PropertyType, id?: string) =>
  (payload: PropertyValues): Promise<Property> => {
    const query = { pCode };
    if (propertyType === 'APP') {
      return id
        ? client.apps.update({ params: { id }, query, body: payload })
        : client.apps.create({ query, body: payload });
    }
    return id
      ? client.sites.update({ params: { id }, query, body: payload })
      : client.sites.create({ query, body: payload });
  };

/** A property saved: the answer is the cached detail; the account's list is read again. */
export const propertySavedEffects = (pCode: string, outcome: SaveOutcome): CacheEffects =>
  outcome.kind === 'saved'
    ? {
        set: [[propertyKeys.detail(pCode, outcome.property.uuid), outcome.property]],
        invalidate: [propertiesKeys.account(pCode)],
      }
    : {};

/** The save of a property form (logo check first); `send` creates or updates. */
export const propertySaveMutation = (
  client: AssentClient,
  pCode: string,
  send: (payload: PropertyValues, values: PropertyValues) => Promise<Property>,
): MutationSpec<SaveOutcome, PropertyValues> => ({
  mutationFn: (values) => saveWithLogoCheck(client, values, send),
  effects: (outcome) => propertySavedEffects(pCode, outcome),
});

export interface PropertyRef {
  uuid: string;
  propertyType: PropertyType;
  packageId?: string | null | undefined;
}

/** Deletes a property: its detail leaves the cache, the list and the audit logs are read again. */
export const propertyDeleteMutation = (
  client: AssentClient,
  pCode: string,
): MutationSpec<unknown, PropertyRef> => ({
  mutationFn: (item) =>
    item.propertyType === 'APP'
      ? client.apps.remove({
          params: { id: item.uuid },
          query: { pCode, ...(item.packageId ? { packageId: item.packageId } : {}) },
        })
      : client.sites.remove({ params: { id: item.uuid }, query: { pCode } }),
  effects: (_, item) => ({
    remove: [propertyKeys.detail(pCode, item.uuid)],
    invalidate: [propertiesKeys.account(pCode)],
    refresh: [auditLogKeys.account(pCode)],
  }),
});

/**
 * A theme saved: the answer is the cached detail; the account's themes, the theme's text
 * requests and the property forms' init data (which list the themes) are read again.
 */
export const themeSavedEffects = (pCode: string, theme: Theme): CacheEffects => ({
  set: [[themeKeys.detail(pCode, theme.themeId), theme]],
  invalidate: [
    themeKeys.account(pCode),
    textRequestKeys.theme(theme.themeId),
    propertyInitKeys.all,
  ],
});

/** Deletes a theme (the server refuses one still in use); the account's themes are read again. */
export const themeDeleteMutation = (
  client: AssentClient,
  pCode: string,
): MutationSpec<unknown, { themeId: string; themeName: string }> => ({
  mutationFn: (theme) =>
    client.themes.remove({
      params: { id: theme.themeId },
      query: { pCode, themeName: theme.themeName },
    }),
  effects: () => ({ invalidate: [themeKeys.account(pCode)] }),
});

type BulkSubmitAnswer = Awaited<ReturnType<AssentClient['bulkUpdate']['submit']>>;

/** Submits a bulk update: its answer is the status; status and properties are read again. */
export const bulkUpdateSubmitMutation = (
  client: AssentClient,
  pCode: string,
): MutationSpec<BulkSubmitAnswer, BulkUpdateRequest> => ({
  mutationFn: (body) => client.bulkUpdate.submit({ query: { pCode }, body }),
  effects: (response) => ({
    set: [
      [
        bulkUpdateStatusKeys.account(pCode, 'status'),
        { code: response.code, message: response.message, job: response.job },
      ],
    ],
    refresh: [bulkUpdateStatusKeys.all, propertiesKeys.account(pCode)],
  }),
});

/** A bulk update finished: the properties it changed are read again. */
export const bulkUpdateFinishedEffects = (pCode: string): CacheEffects => ({
  refresh: [propertiesKeys.account(pCode)],
});

/** Pauses (active false) or resumes a scheduled report; the account's reports are read again. */
export const reportActiveMutation = (
  client: AssentClient,
  pCode: string,
): MutationSpec<unknown, { jobId: string; active: boolean }> => ({
  mutationFn: ({ jobId, active }) =>
    client.analytics.setJobActive({ params: { pCode, jobId }, query: { active } }),
  effects: () => ({
    invalidate: [reportJobKeys.account(pCode)],
  }),
});
