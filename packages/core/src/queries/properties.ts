import type { AssentClient } from '../api';
import type { PropertyType } from '../property/schema';
import type { PropertyAnalytics } from '../reports/property-analytics';
import { propertyTrendBody } from '../reports/property-trend';
import type { ReportDateRange } from '../reports/time-period';
import { dashboardPresetRange } from '../reports/time-period';
import { queryOptionsOf } from './query-options';

/**
 * The account's properties (sites and apps) sorted by url: every list field (the bulk update's
 * filters read them all), or the table's rows alone. Invalidating `account(pCode)` refreshes both.
 */
export const propertiesKeys = {
  all: ['properties'] as const,
  account: (pCode: string) => [...propertiesKeys.all, pCode] as const,
  items: (pCode: string) => [...propertiesKeys.account(pCode), 'items'] as const,
  rows: (pCode: string) => [...propertiesKeys.account(pCode), 'rows'] as const,
};
export const propertiesQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(propertiesKeys.items(pCode), ({ signal }) =>
    client.sites.list({ query: { pCode, sort: 'url,ASC' } }, { signal }),
  );
/** The properties table's rows (its columns only), sorted by url: the properties page and forms. */
export const propertyRowsQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(propertiesKeys.rows(pCode), ({ signal }) =>
    client.sites.rows({ query: { pCode, sort: 'url,ASC' } }, { signal }),
  );

/** One property by uuid; apps are read from the app route, sites from the site route. */
export const propertyKeys = {
  all: ['property'] as const,
  detail: (pCode: string, id: string) => [...propertyKeys.all, pCode, id] as const,
};
export const propertyQuery = (
  client: AssentClient,
  input: { pCode: string; id: string; propertyType: PropertyType },
) =>
  queryOptionsOf(propertyKeys.detail(input.pCode, input.id), ({ signal }) => {
    const request = { params: { id: input.id }, query: { pCode: input.pCode } };
    return input.propertyType === 'APP'
      ? client.apps.get(request, { signal })
      : client.sites.get(request, { signal });
  });

/** What the site and app forms load first (defaults, versions, themes, account options). */
export const propertyInitKeys = {
  all: ['propertyInit'] as const,
  form: (pCode: string, propertyType: PropertyType) =>
    [...propertyInitKeys.all, pCode, propertyType] as const,
};
export const propertyInitQuery = (
  client: AssentClient,
  pCode: string,
  propertyType: PropertyType,
) =>
  queryOptionsOf(propertyInitKeys.form(pCode, propertyType), ({ signal }) =>
    client.sites.init({ query: { pCode, propertyType } }, { signal }),
  );

/** The CMP versions a property can use, newest first. */
export const cmpVersionKeys = { all: ['cmpVersions'] as const };
export const cmpVersionsQuery = (client: AssentClient) =>
  queryOptionsOf(cmpVersionKeys.all, ({ signal }) =>
    client.meta.cmpVersions(undefined, { signal }),
  );

/** The server's health, with the operator's configuration warnings (the console shows them). */
export const healthKeys = { all: ['health'] as const };
export const healthQuery = (client: AssentClient) =>
  queryOptionsOf(healthKeys.all, ({ signal }) => client.meta.health(undefined, { signal }));

export interface PropertyAnalyticsInput {
  pCode: string;
  /** The uuids of the properties shown (the properties list asks for its current page). */
  propertyIds: readonly string[];
  startDate: string;
  endDate: string;
}

/** Consent analytics of some properties, keyed by uuid then by regulation. */
export const propertyAnalyticsKeys = {
  all: ['propertyAnalytics'] as const,
  page: (input: PropertyAnalyticsInput) =>
    [
      ...propertyAnalyticsKeys.all,
      input.pCode,
      { propertyIds: [...input.propertyIds], startDate: input.startDate, endDate: input.endDate },
    ] as const,
};
export const propertyAnalyticsQuery = (client: AssentClient, input: PropertyAnalyticsInput) =>
  queryOptionsOf(
    propertyAnalyticsKeys.page(input),
    async ({ signal }): Promise<Record<string, PropertyAnalytics>> => {
      // An empty page has nothing to ask for.
      if (input.propertyIds.length === 0) return {};
      return client.analytics.propertyAnalytics(
        {
          params: { pCode: input.pCode },
          body: {
            propertyIds: [...input.propertyIds],
            startDate: input.startDate,
            endDate: input.endDate,
          },
        },
        { signal },
      );
    },
  );

/**
 * The period of a property's consent analytics where the console and the terminal UI show them
 * (the properties list's rates, a property's report card): the last 30 days (properties-and-tags
 * "Site reports period: last 30 days").
 */
export const propertyAnalyticsRange = (now: Date): ReportDateRange =>
  dashboardPresetRange('last30Days', now);

/** The consent analytics of the properties list's rows on show (its page), over `range`. */
export const listedPropertiesAnalyticsQuery = (
  client: AssentClient,
  pCode: string,
  rows: ReadonlyArray<{ uuid: string }>,
  range: ReportDateRange,
) => propertyAnalyticsQuery(client, { pCode, propertyIds: rows.map((row) => row.uuid), ...range });

export interface PropertyTrendInput {
  pCode: string;
  /** The property's uuid. */
  propertyId: string;
  startDate: string;
  endDate: string;
}

/** A property's Display Count per day and regulation over a range (read with `propertyTrend`). */
export const propertyTrendKeys = {
  all: ['propertyTrend'] as const,
  range: (input: PropertyTrendInput) =>
    [
      ...propertyTrendKeys.all,
      input.pCode,
      input.propertyId,
      { startDate: input.startDate, endDate: input.endDate },
    ] as const,
};
export const propertyTrendQuery = (client: AssentClient, input: PropertyTrendInput) =>
  queryOptionsOf(propertyTrendKeys.range(input), ({ signal }) =>
    client.analytics.graph(
      {
        params: { pCode: input.pCode },
        body: propertyTrendBody(input.propertyId, {
          startDate: input.startDate,
          endDate: input.endDate,
        }),
      },
      { signal },
    ),
  );
