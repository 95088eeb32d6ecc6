import type { ConsoleStorage } from '../account/storage';
import type { PropertyAnalytics } from '../reports/property-analytics';

/**
 * The universal-tag warning (properties-and-tags §8): after a site is added, the properties list
 * says 'Congrats on adding your property! Next, retrieve the Universal Tag.' until the user closes
 * it. It is a warning while the site has reported no banner, and turns green once its analytics
 * show banners (they cover complete days, hence 'up to 24 hours'). The added site is remembered
 * per account code.
 */

export const universalTagWarningKey = (pcode: string): string =>
  `assent.universalTagWarning.${pcode}`;

/** Remembers the site just added to the account (the latest one wins). */
export const recordPropertyAdded = (
  pcode: string,
  propertyId: string,
  storage: ConsoleStorage,
): void => storage.setItem(universalTagWarningKey(pcode), propertyId);

/** The site whose warning is pending on the account, if any. */
export function propertyAwaitingTag(pcode: string, storage: ConsoleStorage): string | undefined {
  const id = storage.getItem(universalTagWarningKey(pcode));
  return id === null || id.trim() === '' ? undefined : id;
}

/** Closing the warning (or the site leaving the account) forgets it. */
export const dismissUniversalTagWarning = (pcode: string, storage: ConsoleStorage): void =>
  storage.removeItem(universalTagWarningKey(pcode));

/**
 * 'waiting' (a warning) until the site's analytics show the tag at work, then 'detected' (green):
 * a banner shown under any regulation, or a page view under Google basic consent only (key 10,
 * present once it has page views: such a page view shows no banner, docs/analytics.md).
 */
export type UniversalTagWarningState = 'waiting' | 'detected';

export function universalTagWarningState(
  analytics: PropertyAnalytics | undefined,
): UniversalTagWarningState {
  if (!analytics) return 'waiting';
  if (analytics['10']) return 'detected';
  const reports = [analytics['1'], analytics['2'], ...(analytics['3'] ?? [])];
  return reports.some((report) => (report?.totalShown ?? 0) > 0) ? 'detected' : 'waiting';
}
