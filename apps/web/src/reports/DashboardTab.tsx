import type { DashboardFilterSelection, ReportDateRange } from '@assent/core/reports';
import { defaultComparisonRange, isChartFullWidth } from '@assent/core/reports';
import { Callout, H3 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../app/ServicesContext';
import { Loading } from '../components/Loading';
import { dashboardCharts } from './dashboard/chart-data';
import type { CountryTableView } from './dashboard/CountryTable';
import { CountryTable, DEFAULT_COUNTRY_TABLE_VIEW } from './dashboard/CountryTable';
import { FiltersDrawer } from './dashboard/FiltersDrawer';
import { InsightsCharts } from './dashboard/InsightsCharts';
import { dashboardQueries, defaultDashboardInput } from './dashboard/queries';
import { RangePicker } from './dashboard/RangePicker';
import { SummaryCards } from './dashboard/SummaryCards';

export const SUMMARY_TITLE = 'Summary';
export const INSIGHTS_TITLE = 'Insights';
export const SUMMARY_PERIOD = 'Summary period';
export const COMPARISON_PERIOD = 'Comparison period';
export const INSIGHTS_PERIOD = 'Insights period';
export const DASHBOARD_LOAD_FAILED = 'The dashboard data could not be loaded.';

export interface DashboardTabProps {
  pCode: string;
  /** The analytics ids of the selected properties. */
  propertyIds: string[];
}

/**
 * The Dashboard tab (reports-and-account §2, §4, §9): the summary period and comparison pickers with
 * the metric cards; the insights range, 'More Filters', the six charts and the country table. Every
 * call is cached per filter set through core's query factories (no retry, no refetch on focus:
 * the console's query client defaults).
 */
export function DashboardTab({ pCode, propertyIds }: DashboardTabProps) {
  const { client, now: clock, preloadPlot } = useServices();
  const now = clock();
  // The dashboard as it opens: the same input the console's start prefetches (app/prefetch.ts).
  const [initial] = useState(() => defaultDashboardInput(now, propertyIds));
  const [summaryRange, setSummaryRange] = useState<ReportDateRange>(initial.summaryRange);
  const [comparisonRange, setComparisonRange] = useState<ReportDateRange>(initial.comparisonRange);
  const [insightsRange, setInsightsRange] = useState<ReportDateRange>(initial.insightsRange);
  const [filters, setFilters] = useState<DashboardFilterSelection>(initial.filters);
  // The charts' plotly chunk loads while the calls below are answered, not after the insights.
  useEffect(preloadPlot, [preloadPlot]);
  // The country table's sort and filter are kept here: the table is replaced while another period
  // or filter set loads, and the user's choice must survive that.
  const [countryView, setCountryView] = useState<CountryTableView>(DEFAULT_COUNTRY_TABLE_VIEW);

  const queries = dashboardQueries(client, pCode, {
    summaryRange,
    comparisonRange,
    insightsRange,
    filters,
    propertyIds,
  });
  const summary = useQuery(queries.summary);
  const insights = useQuery(queries.insights);
  const countries = useQuery(queries.countries);
  // The same charts while the other calls answer (the query keeps its data's identity), so plotly
  // is not asked to redraw them.
  const charts = useMemo(() => insights.data && dashboardCharts(insights.data), [insights.data]);

  const failed = <Callout intent="danger" title={DASHBOARD_LOAD_FAILED} />;
  return (
    <div className="assent-dashboard">
      <section aria-label={SUMMARY_TITLE} className="assent-dashboard-section">
        <H3>{SUMMARY_TITLE}</H3>
        <div className="assent-dashboard-pickers">
          <RangePicker
            label={SUMMARY_PERIOD}
            value={summaryRange}
            now={now}
            onChange={(range) => {
              setSummaryRange(range);
              setComparisonRange(defaultComparisonRange(range));
            }}
          />
          <RangePicker
            label={COMPARISON_PERIOD}
            value={comparisonRange}
            now={now}
            onChange={setComparisonRange}
            previousOf={summaryRange}
          />
        </div>
        {summary.isError ? (
          failed
        ) : summary.data ? (
          <SummaryCards metrics={summary.data} />
        ) : (
          <Loading />
        )}
      </section>
      <section aria-label={INSIGHTS_TITLE} className="assent-dashboard-section">
        <H3>{INSIGHTS_TITLE}</H3>
        <div className="assent-dashboard-pickers">
          <RangePicker
            label={INSIGHTS_PERIOD}
            value={insightsRange}
            now={now}
            onChange={setInsightsRange}
          />
          <FiltersDrawer value={filters} onApply={setFilters} />
        </div>
        {insights.isError ? (
          failed
        ) : charts ? (
          <InsightsCharts charts={charts} fullWidth={isChartFullWidth(insightsRange)} />
        ) : (
          <Loading />
        )}
        {countries.isError ? (
          failed
        ) : countries.data ? (
          <CountryTable rows={countries.data} view={countryView} onViewChange={setCountryView} />
        ) : (
          <Loading />
        )}
      </section>
    </div>
  );
}
