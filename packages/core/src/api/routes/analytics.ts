import { z } from 'zod';
import { AbTestReport, AbTestRequest } from '../../reports/ab-test';
import { ReportCatalogue } from '../../reports/catalogue';
import { CountryTableRequest, CountryTableRow } from '../../reports/country-table';
import { DashboardInsightsRequest, DashboardInsightsResponse } from '../../reports/insights';
import { AnalyticsQueryBody, AnalyticsQueryResponse } from '../../reports/query';
import {
  ReportJob,
  ReportJobInput,
  ReportJobWriteResponse,
  ReportType,
} from '../../reports/report-job';
import { PropertyAnalytics } from '../../reports/property-analytics';
import { ReportProperty, ReportTheme } from '../../reports/report-properties';
import {
  SummaryComparisonQuery,
  SummaryMetric,
  SummaryRequest,
  SummaryValues,
} from '../../reports/summary';
import { ACCOUNT_PARAM, USER, defineRoute } from '../route';

const AccountParams = z.object({ pCode: z.string().min(1) });
const JobParams = AccountParams.extend({ jobId: z.string().min(1) });

/** A boolean query parameter: true/false, as a boolean or its text (never z.coerce: 'false' is truthy). */
const BooleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/**
 * The analytics API, base /analytics/v1 (reports-and-account §7). The first group of paths is the
 * spec's table; the rest are the calls whose paths the spec does not show, designed in its style
 * (docs/api.md).
 */
export const analytics = {
  summary: defineRoute({
    method: 'POST',
    path: '/analytics/v1/summary/pcode/{pCode}',
    summary:
      'Metric values for one range (filters startDate gteq, endDate lteq, propertyId in), keyed by metric',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: SummaryRequest,
    response: SummaryValues,
  }),
  graph: defineRoute({
    method: 'POST',
    path: '/analytics/v1/graph/pcode/{pCode}',
    summary: 'Several queries sharing one set of filters; one result list per query id',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: AnalyticsQueryBody,
    response: AnalyticsQueryResponse,
  }),
  metadata: defineRoute({
    method: 'GET',
    path: '/analytics/v1/metadata',
    summary: 'The catalogue of report dimensions and metrics',
    access: USER,
    response: ReportCatalogue,
  }),
  createJob: defineRoute({
    method: 'POST',
    path: '/analytics/v1/pcode/{pCode}/job',
    summary: 'Save a report: on demand, or scheduled with scheduleInfo and recipients',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: ReportJobInput,
    response: ReportJobWriteResponse,
    status: 201,
  }),
  updateJob: defineRoute({
    method: 'PUT',
    path: '/analytics/v1/pcode/{pCode}/job/{jobId}',
    summary: 'Update a saved report',
    access: ACCOUNT_PARAM,
    params: JobParams,
    body: ReportJobInput,
    response: ReportJobWriteResponse,
  }),
  deleteJob: defineRoute({
    method: 'DELETE',
    path: '/analytics/v1/pcode/{pCode}/job/{jobId}',
    summary: 'Delete a saved report',
    access: ACCOUNT_PARAM,
    params: JobParams,
    response: ReportJobWriteResponse,
  }),
  setJobActive: defineRoute({
    method: 'PATCH',
    path: '/analytics/v1/pcode/{pCode}/job/{jobId}',
    summary: 'Resume (active=true) or pause (active=false) a scheduled report',
    access: ACCOUNT_PARAM,
    params: JobParams,
    query: z.object({ active: BooleanQuery }),
    response: ReportJobWriteResponse,
  }),
  listJobs: defineRoute({
    method: 'GET',
    path: '/analytics/v1/pcode/{pCode}/jobs',
    summary: 'Saved reports of the account, optionally of one type and matching a name text',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    query: z.object({ type: ReportType.optional(), name: z.string().optional() }),
    response: z.array(ReportJob),
  }),
  getJob: defineRoute({
    method: 'GET',
    path: '/analytics/v1/pcode/{pCode}/job/{jobId}',
    summary: 'One saved report with its query, name, scheduleInfo and recipients',
    access: ACCOUNT_PARAM,
    params: JobParams,
    response: ReportJob,
  }),

  // Paths not shown in the spec, designed in the same style.
  runReport: defineRoute({
    method: 'POST',
    path: '/analytics/v1/report/pcode/{pCode}',
    summary: 'Run a custom report (queries and filters); the first result holds its rows',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: AnalyticsQueryBody,
    response: AnalyticsQueryResponse,
  }),
  insights: defineRoute({
    method: 'POST',
    path: '/analytics/v1/insights/pcode/{pCode}',
    summary:
      "The dashboard's six charts for a range, the selected properties and the drawer's filters",
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: DashboardInsightsRequest,
    response: DashboardInsightsResponse,
  }),
  summaryComparison: defineRoute({
    method: 'POST',
    path: '/analytics/v1/summary-comparison/pcode/{pCode}',
    summary: 'The summary cards: metric values of a range and their change against another range',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: SummaryComparisonQuery.omit({ pCode: true }),
    response: z.array(SummaryMetric),
  }),
  countryTable: defineRoute({
    method: 'POST',
    path: '/analytics/v1/country-table/pcode/{pCode}',
    summary:
      'Rows per country for the current range with their change against the comparison range',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: CountryTableRequest,
    response: z.array(CountryTableRow),
  }),
  properties: defineRoute({
    method: 'GET',
    path: '/analytics/v1/pcode/{pCode}/properties',
    summary: "The account's properties for the report selector (siteUuid, url, isDisabled)",
    access: ACCOUNT_PARAM,
    params: AccountParams,
    response: z.array(ReportProperty),
  }),
  propertyAnalytics: defineRoute({
    method: 'POST',
    path: '/analytics/v1/properties/pcode/{pCode}',
    summary:
      'Consent analytics of some properties (the properties list fetches its current page), keyed by property uuid, then by regulation (1 GDPR, 2 CCPA, 10 GBC, 3 US states)',
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: z.object({
      propertyIds: z.array(z.string().min(1)).max(200),
      startDate: z.iso.date(),
      endDate: z.iso.date(),
    }),
    response: z.record(z.string(), PropertyAnalytics),
  }),
  themes: defineRoute({
    method: 'GET',
    path: '/analytics/v1/pcode/{pCode}/themes',
    summary: "The account's themes for the theme filters (uuid, themeName)",
    access: ACCOUNT_PARAM,
    params: AccountParams,
    response: z.array(ReportTheme),
  }),
  abTest: defineRoute({
    method: 'POST',
    path: '/analytics/v1/ab-test/pcode/{pCode}',
    summary:
      "A property's A/B test of themes over a range: each variant's metrics, its difference from the control and the rates' two-proportion z-test",
    access: ACCOUNT_PARAM,
    params: AccountParams,
    body: AbTestRequest,
    response: AbTestReport,
  }),
  downloadJobFile: defineRoute({
    method: 'GET',
    path: '/analytics/v1/pcode/{pCode}/job/{jobId}/run/{runId}/file',
    summary:
      "The CSV file of one finished run of a saved report (the report's fileUrl names its latest)",
    access: ACCOUNT_PARAM,
    params: JobParams.extend({ runId: z.string().min(1) }),
    response: z.string(),
    responseKind: 'text',
  }),
};
