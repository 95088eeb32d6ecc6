import { reportJobQuery, reportPropertiesQuery } from '@assent/core/queries';
import {
  analyticsPropertyIds,
  initialReportPropertySelection,
  REPORT_ID_QUERY_KEY,
  VIEW_ALL_REPORTS,
  viewReportsPagePath,
} from '@assent/core/reports';
import { Callout, Tab, Tabs } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { useClient } from '../app/ServicesContext';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { DashboardTab } from './DashboardTab';
import { EmptySelection } from './EmptySelection';
import { PropertySelect } from './PropertySelect';
import './reports.css';

// The custom report builder (its pickers, dialogs and validation) loads when its tab is opened:
// the dashboard, the tab the page opens on, paints without it.
const AnalyticsTab = lazy(() =>
  import('./analytics/AnalyticsTab').then((m) => ({ default: m.AnalyticsTab })),
);

export const REPORTS_TITLE = 'Reports';
export const DASHBOARD_TAB = 'Dashboard';
export const ANALYTICS_TAB = 'Analytics';
export const PROPERTIES_LOAD_FAILED = 'The properties could not be loaded.';

type ReportsTab = 'dashboard' | 'analytics';

/**
 * /protect/p-{pCode}/reports[/{propertyId}][?report_id=…] (reports-and-account §2, §4): the
 * property selection, then the Dashboard and Analytics tabs. A route id preselects that property;
 * a `report_id` opens the Analytics tab with the report's propertyId filter as the selection.
 */
export default function ReportsPage() {
  const { pCode } = useAccount();
  const client = useClient();
  const { id: routePropertyId } = useParams();
  const [search] = useSearchParams();
  const reportId = search.get(REPORT_ID_QUERY_KEY) ?? undefined;
  const properties = useQuery(reportPropertiesQuery(client, pCode));
  const report = useQuery({
    ...reportJobQuery(client, pCode, reportId ?? ''),
    enabled: reportId !== undefined,
  });

  // The selection starts from the route and the report once both are known, and again whenever
  // the route's id or the report changes; afterwards it is the user's.
  const origin = `${routePropertyId ?? ''}|${reportId ?? ''}`;
  const [selection, setSelection] = useState<{ origin: string; ids: string[] } | null>(null);
  const [tab, setTab] = useState<{ origin: string; id: ReportsTab } | null>(null);
  const reportSettled = reportId === undefined || !report.isPending;
  let selected: string[] | undefined = selection?.origin === origin ? selection.ids : undefined;
  if (!selected && properties.data && reportSettled) {
    selected = initialReportPropertySelection({
      properties: properties.data,
      routePropertyId,
      reportFilters: report.data?.query.filters,
    });
  }
  const activeTab: ReportsTab =
    tab?.origin === origin ? tab.id : reportId !== undefined ? 'analytics' : 'dashboard';

  const body = () => {
    if (properties.isError) {
      return <Callout intent="danger" title={PROPERTIES_LOAD_FAILED} />;
    }
    if (!properties.data || !selected) return <Loading />;
    const ids = analyticsPropertyIds(properties.data, selected);
    return (
      <>
        <PropertySelect
          properties={properties.data}
          selected={selected}
          onChange={(next) => setSelection({ origin, ids: next })}
        />
        <Tabs
          id="reports-tabs"
          selectedTabId={activeTab}
          onChange={(next) => setTab({ origin, id: next as ReportsTab })}
          renderActiveTabPanelOnly
          large
        >
          <Tab
            id="dashboard"
            title={DASHBOARD_TAB}
            panel={
              ids.length === 0 ? (
                <EmptySelection />
              ) : (
                <DashboardTab pCode={pCode} propertyIds={ids} />
              )
            }
          />
          <Tab
            id="analytics"
            title={ANALYTICS_TAB}
            panel={
              ids.length === 0 ? (
                <EmptySelection />
              ) : (
                <Suspense fallback={<Loading />}>
                  <AnalyticsTab
                    pCode={pCode}
                    propertyIds={ids}
                    {...(reportId === undefined ? {} : { reportId })}
                  />
                </Suspense>
              )
            }
          />
        </Tabs>
      </>
    );
  };

  return (
    <PageLayout
      title={REPORTS_TITLE}
      actions={<Link to={viewReportsPagePath(pCode, 'on_demand')}>{VIEW_ALL_REPORTS}</Link>}
    >
      {body()}
    </PageLayout>
  );
}
