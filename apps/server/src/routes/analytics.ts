import type { Routes } from '@assent/core/api';
import { propertyIdentifier } from '@assent/core/property';
import { DEFAULT_REPORT_CATALOGUE } from '@assent/core/reports';
import { properties, themeRefs } from '../repositories/properties';
import {
  countryTable,
  insights,
  propertyAnalytics,
  runReport,
  summary,
  summaryComparison,
} from '../analytics/queries';
import type { GroupHandlers } from './context';
import { reportJobHandlers } from './report-jobs';

/**
 * Analytics: per-property consent analytics (the properties list and detail views), the report
 * selector's properties and themes, the catalogue, the dashboard and the report builder (all read by
 * analytics/queries.ts). Saved reports: report-jobs.ts.
 */
export const analyticsHandlers: GroupHandlers<Routes['analytics']> = {
  summary: ({ body }, { deps, pCode }) => summary({ db: deps.db, pcode: pCode }, body),
  graph: ({ body }, { deps, pCode }) => runReport({ db: deps.db, pcode: pCode }, body),
  ...reportJobHandlers,
  runReport: ({ body }, { deps, pCode }) => runReport({ db: deps.db, pcode: pCode }, body),
  insights: ({ body }, { deps, pCode }) => insights({ db: deps.db, pcode: pCode }, body),
  summaryComparison: ({ body }, { deps, pCode }) =>
    summaryComparison({ db: deps.db, pcode: pCode }, body),
  countryTable: ({ body }, { deps, pCode }) => countryTable({ db: deps.db, pcode: pCode }, body),

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
    return propertyAnalytics(
      { db: deps.db, pcode: pCode },
      body.propertyIds,
      body.startDate,
      body.endDate,
    );
  },
};
