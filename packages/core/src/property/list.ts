import { percentOf } from '../reports/metrics';
import type { PropertyAnalytics } from '../reports/property-analytics';
import type { CmpVersionInput } from './cmp-version';
import { isOldCmpVersion } from './cmp-version';
import type { PropertyListItem } from './schema';
import { propertyIdentifier } from './schema';

/**
 * The properties list (properties-and-tags §2 "Properties list"): its columns, buttons, row actions,
 * filter and client-side pagination.
 */

/** Rows per page; the pager is hidden when everything fits on one page. */
export const PROPERTIES_PAGE_SIZE = 20;

export const PROTECT_AN_APP = 'PROTECT AN APP';
export const PROTECT_A_SITE = 'PROTECT A SITE';
export const BULK_UPDATE_BUTTON = 'BULK UPDATE';
/** Wording not shown in the spec. */
export const PROPERTIES_FILTER_LABEL = 'Filter by url or package id';
export const PROPERTIES_EMPTY_TITLE = 'No properties yet';
export const PROPERTIES_EMPTY_TEXT = 'Protect your first site or app to start collecting consent.';
export const propertiesNoMatch = (term: string): string => `No properties match "${term}".`;

/** The table's columns, in order. */
export const PROPERTY_LIST_COLUMNS = [
  { key: 'status', title: 'Status' },
  { key: 'property', title: 'Property' },
  { key: 'regulation', title: 'Regulation' },
  { key: 'theme', title: 'Theme' },
  { key: 'consentRate', title: 'Consent rate' },
  { key: 'cmpVersion', title: 'CMP version' },
  { key: 'type', title: 'Type' },
  { key: 'actions', title: 'Actions' },
] as const;
export type PropertyListColumn = (typeof PROPERTY_LIST_COLUMNS)[number]['key'];

export const PROPERTY_ROW_ACTIONS = {
  reports: 'Reports',
  edit: 'Edit',
  moreOptions: 'More Options',
} as const;

export const PROPERTY_MORE_OPTIONS = {
  downloadLogs: 'Download logs',
  getTag: 'Get tag',
  getAmpTag: 'Get AMP tag',
  delete: 'Delete',
} as const;

/** A property's status: pending updates (not editable) or active. */
export type PropertyStatus = 'active' | 'pendingUpdates';
export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  active: 'Active',
  pendingUpdates: 'Pending updates',
};
export const propertyStatus = (item: Pick<PropertyListItem, 'editable'>): PropertyStatus =>
  item.editable ? 'active' : 'pendingUpdates';

/** The filter: the url (sites) or packageId (apps) contains the term, ignoring case. */
export function filterProperties<
  T extends Pick<PropertyListItem, 'propertyType' | 'url' | 'packageId'>,
>(items: readonly T[], term: string): T[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => propertyIdentifier(item).toLowerCase().includes(needle));
}

export interface PropertiesPage<T> {
  rows: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  showPager: boolean;
}

/** One page of the list (client-side), 20 rows by default. */
export function pageOfProperties<T>(
  items: readonly T[],
  page: number,
  size: number = PROPERTIES_PAGE_SIZE,
): PropertiesPage<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return {
    rows: items.slice((current - 1) * size, current * size),
    page: current,
    pageCount,
    showPager: pageCount > 1,
  };
}

/**
 * The consent rate the list shows for a property: GDPR's, else the US rate (CCPA's national
 * section and every state section together: each US visit is in one of them), else Google basic
 * consent's; null without data.
 */
export function listConsentRate(analytics: PropertyAnalytics | undefined): number | null {
  if (!analytics) return null;
  const gdpr = analytics['1']?.consentRatePercentage ?? null;
  if (gdpr !== null) return gdpr;
  const us = [analytics['2'], ...(analytics['3'] ?? [])].filter((r) => r !== undefined);
  const shown = us.reduce((n, r) => n + (r.totalShown ?? 0), 0);
  if (shown > 0) {
    const consented = us.reduce((n, r) => n + (r.acceptAll ?? 0) + (r.partialAll ?? 0), 0);
    return percentOf(consented, shown);
  }
  return analytics['10']?.consentRatePercentage ?? null;
}

/** Old SDK versions report no analytics: the consent rate reads 'N/A (old SDK version)'. */
export const consentRateNotApplicable = (cmpVersion: CmpVersionInput): boolean =>
  isOldCmpVersion(cmpVersion);
