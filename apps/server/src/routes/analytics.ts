import type { Routes } from '@assent/core';
import { AssentError, DEFAULT_REPORT_CATALOGUE, propertyIdentifier } from '@assent/core';
import { properties, themeRefs } from '../repositories/properties';
import { propertyAnalytics } from '../repositories/visits';
import type { GroupHandlers } from './context';
import { reportJobHandlers } from './report-jobs';
import { REPORTS_NOT_AVAILABLE } from './errors';

const notYet = async (): Promise<never> => {
  throw new AssentError('NOT_IMPLEMENTED', REPORTS_NOT_AVAILABLE);
};

/**
 * Analytics: per-property consent analytics (the properties list and detail views), the report
 * selector's properties and themes, the catalogue, and saved reports (report-jobs.ts). The report
 * builder and dashboard answer 501 until the reports release.
 */
export const analyticsHandlers: GroupHandlers<Routes['analytics']> = {
  summary: notYet,
  graph: notYet,
  ...reportJobHandlers,
  runReport: notYet,
  insights: notYet,
  summaryComparison: notYet,
  countryTable: notYet,

  metadata: async () => DEFAULT_REPORT_CATALOGUE,

  async properties(_input, { deps, pCode }) {
    const list = await properties.list(deps.db, pCode);
    return list.map((p) => ({ siteUuid: p.uuid, url: propertyIdentifier(p), isDisabled: false }));
  },

  async themes(_input, { deps, pCode }) {
    return (await themeRefs(deps.db, pCode)).map((t) => ({
      uuid: t.themeId,
      themeName: t.themeName,
    }));
  },

  async propertyAnalytics({ body }, { deps, pCode }) {
    return propertyAnalytics(deps.db, pCode, body.propertyIds, body.startDate, body.endDate);
  },
};
