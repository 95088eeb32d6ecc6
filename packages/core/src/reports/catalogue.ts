import { z } from 'zod';

/**
 * The catalogue of report dimensions and metrics (reports-and-account §3), served by
 * GET /analytics/v1/metadata and read by the custom report builder.
 */

/** What the builder and the dashboard drawer can filter by. */
export const ReportFilterType = z.enum([
  'regulation',
  'time',
  'deviceType',
  'os',
  'pageFormat',
  'country',
  'granularity',
  'browser',
  'property',
  'copApplicable',
  'advancedApplicable',
  'gbcApplicable',
  'themeUuid',
  'themeLanguage',
]);
export type ReportFilterType = z.infer<typeof ReportFilterType>;

export const ReportDimension = z.enum([
  'period',
  'regulation',
  'country',
  'pageFormat',
  'deviceType',
  'os',
  'browser',
  'propertyId',
  'copApplicable',
  'gbcApplicable',
  'advancedApplicable',
  'themeLanguage',
  'themeUuid',
]);
export type ReportDimension = z.infer<typeof ReportDimension>;

/**
 * Metric categories. GBC metrics only make sense split by the gbc-applicable dimension, Users
 * (Consent-or-Pay choices) only split by the cop-applicable one.
 */
export const MetricCategory = z.enum(['Sessions', 'GBC', 'Users']);
export type MetricCategory = z.infer<typeof MetricCategory>;

export const ReportMetric = z.enum([
  'totalTraffic',
  'totalSessions',
  'optInPercent',
  'optOutPercent',
  'partialOptInPercent',
  'bouncePercent',
  'acceptAllVisits',
  'rejectAllVisits',
  'partialOptInVisits',
  'bounceVisits',
  'gbcAdStorageGrantedPercent',
  'gbcAnalyticsStorageGrantedPercent',
  'gbcAdUserDataGrantedPercent',
  'gbcAdPersonalizationGrantedPercent',
  'copUsers',
  'copAcceptPercent',
  'copSubscribePercent',
  'copLoginPercent',
]);
export type ReportMetric = z.infer<typeof ReportMetric>;

/** One catalogue entry; `category` is free text from the server (a MetricCategory for metrics). */
export const CatalogueEntry = z.object({
  fieldName: z.string(),
  displayName: z.string(),
  category: z.string(),
  visible: z.boolean(),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;

/** The response of GET /analytics/v1/metadata. */
export const ReportCatalogue = z.object({
  dimensions: z.array(CatalogueEntry),
  metrics: z.array(CatalogueEntry),
});
export type ReportCatalogue = z.infer<typeof ReportCatalogue>;

const entry = <F extends string>(
  fieldName: F,
  displayName: string,
  category: string,
  visible = true,
): CatalogueEntry & { fieldName: F } => ({ fieldName, displayName, category, visible });

export const REPORT_DIMENSIONS: readonly CatalogueEntry[] = [
  entry('period', 'Period', 'Time'),
  entry('regulation', 'Regulation', 'Regulation'),
  entry('country', 'Country', 'Geography'),
  entry('pageFormat', 'Page Format', 'Technology'),
  entry('deviceType', 'Device Type', 'Technology'),
  entry('os', 'OS', 'Technology'),
  entry('browser', 'Browser', 'Technology'),
  entry('propertyId', 'Property', 'Property'),
  entry('copApplicable', 'COP Applicable', 'Features'),
  entry('gbcApplicable', 'GBC Applicable', 'Features'),
  entry('advancedApplicable', 'Advanced Customizations', 'Features'),
  entry('themeLanguage', 'Theme Language', 'Theme'),
  entry('themeUuid', 'Theme', 'Theme'),
] satisfies Array<CatalogueEntry & { fieldName: ReportDimension }>;

export const REPORT_METRICS: readonly CatalogueEntry[] = [
  entry('totalTraffic', 'Total Traffic', 'Sessions'),
  entry('totalSessions', 'Display Count', 'Sessions'),
  entry('optInPercent', 'Opt-in %', 'Sessions'),
  entry('optOutPercent', 'Opt-out %', 'Sessions'),
  entry('partialOptInPercent', 'Partial Opt-in %', 'Sessions'),
  entry('bouncePercent', 'Bounce %', 'Sessions'),
  entry('acceptAllVisits', 'Accept All Visits', 'Sessions'),
  entry('rejectAllVisits', 'Deny All Visits', 'Sessions'),
  entry('partialOptInVisits', 'Partial Opt-in Visits', 'Sessions'),
  entry('bounceVisits', 'Bounce Visits', 'Sessions'),
  entry('gbcAdStorageGrantedPercent', 'Ad Storage Granted %', 'GBC'),
  entry('gbcAnalyticsStorageGrantedPercent', 'Analytics Storage Granted %', 'GBC'),
  entry('gbcAdUserDataGrantedPercent', 'Ad User Data Granted %', 'GBC'),
  entry('gbcAdPersonalizationGrantedPercent', 'Ad Personalization Granted %', 'GBC'),
  entry('copUsers', 'Consent or Pay Users', 'Users'),
  entry('copAcceptPercent', 'Accept %', 'Users'),
  entry('copSubscribePercent', 'Subscribe %', 'Users'),
  entry('copLoginPercent', 'Login %', 'Users'),
] satisfies Array<CatalogueEntry & { fieldName: ReportMetric }>;

export const DEFAULT_REPORT_CATALOGUE: ReportCatalogue = {
  dimensions: [...REPORT_DIMENSIONS],
  metrics: [...REPORT_METRICS],
};

/** The dimension a metric category needs before it is offered. */
export const CATEGORY_REQUIRED_DIMENSION: Partial<Record<string, ReportDimension>> = {
  GBC: 'gbcApplicable',
  Users: 'copApplicable',
};

/** The category of a catalogue metric (Sessions, GBC, Users), or undefined for an unknown name. */
export const metricCategoryOf = (fieldName: string): string | undefined =>
  REPORT_METRICS.find((m) => m.fieldName === fieldName)?.category;

/** Metric fields that are percentages (formatted with '%'); the rest are counts. */
export const isPercentMetric = (fieldName: string): boolean => /Percent(Change)?$/.test(fieldName);

/**
 * The dimensions the builder offers: every visible one. The applicable dimensions are always
 * offered, whatever else is chosen.
 */
export const offeredDimensions = (catalogue: ReportCatalogue): CatalogueEntry[] =>
  catalogue.dimensions.filter((d) => d.visible);

/**
 * The metrics the builder offers: visible ones, hiding the GBC category unless the gbc-applicable
 * dimension is chosen and the Users category unless the cop-applicable one is.
 */
export function offeredMetrics(
  catalogue: ReportCatalogue,
  chosenDimensions: readonly string[],
): CatalogueEntry[] {
  return catalogue.metrics.filter((m) => {
    if (!m.visible) return false;
    const needed = CATEGORY_REQUIRED_DIMENSION[m.category];
    return needed === undefined || chosenDimensions.includes(needed);
  });
}

/** Keeps the chosen metrics that are still offered once the dimensions change. */
export function keepOfferedMetrics(
  catalogue: ReportCatalogue,
  chosenDimensions: readonly string[],
  chosenMetrics: readonly string[],
): string[] {
  const offered = new Set(offeredMetrics(catalogue, chosenDimensions).map((m) => m.fieldName));
  // A metric unknown to the catalogue (an older saved report) is kept: only hidden ones are dropped.
  const known = new Set(catalogue.metrics.map((m) => m.fieldName));
  return chosenMetrics.filter((m) => offered.has(m) || !known.has(m));
}

/** The display name of a dimension or metric, or the field name when the catalogue lacks it. */
export function catalogueDisplayName(
  fieldName: string,
  catalogue: ReportCatalogue = DEFAULT_REPORT_CATALOGUE,
): string {
  const base = fieldName.replace(/Change$/, '');
  const found = [...catalogue.dimensions, ...catalogue.metrics].find(
    (e) => e.fieldName === fieldName || e.fieldName === base,
  );
  if (!found) return fieldName;
  return found.fieldName === fieldName ? found.displayName : `${found.displayName} Change`;
}

/** Groups catalogue entries by category, keeping the catalogue's order. */
export function groupByCategory(entries: readonly CatalogueEntry[]): Map<string, CatalogueEntry[]> {
  const groups = new Map<string, CatalogueEntry[]>();
  for (const e of entries) groups.set(e.category, [...(groups.get(e.category) ?? []), e]);
  return groups;
}
