import { formatPercent } from '@assent/core';
import {
  afterSiteSavePath,
  siteDetailTab,
  siteDetailTabs,
  siteDetailView,
} from '@assent/core/property';
import { propertyKeys, propertyQuery } from '@assent/core/queries';
import { Button, Classes, Tab, Tabs } from '@blueprintjs/core';
import { EditIcon, HistoryIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { BackLink } from '../components/BackLink';
import { Drawer } from '../components/Drawer';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { ChangeHistory } from '../history/ChangeHistory';
import { HISTORY_TAB, HISTORY_TITLE } from '../history/copy';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { NotFoundPage } from '../components/StatusPages';
import { EDIT, REPORT } from '../property-form/copy';
import { PropertyLoadFailure } from '../property-form/PropertyLoadFailure';
import { PropertyReport } from '../property-form/PropertyReport';
import { useClearEmptyCurrentItemOnLeave } from '../property-form/use-clear-on-leave';
import { AbTestingPanel } from './AbTestingPanel';
import { PremiumReports } from './PremiumReports';

const SiteFormPage = lazy(() => import('./SiteFormPage'));

export interface SiteDetailPageProps {
  /** /sites/reports/{id}: the premium reports of the site. @default false */
  premiumReports?: boolean;
}

/**
 * Site detail (/sites/detail/{id}/{page?}) and premium reports (/sites/reports/{id}): the site's
 * consent report ('Report period: Last 30 days') and, for sites with A/B test collections, an A/B
 * Testing tab (the spec's two tabs); the change history opens from a History button beside Edit,
 * in a drawer. /edit shows the site form, which returns here after saving. No id, an unknown page,
 * 404 or 400 show not found; 401/403 access denied.
 */
export default function SiteDetailPage({ premiumReports = false }: SiteDetailPageProps) {
  const params = useParams();
  const { pCode } = useAccount();
  const view = siteDetailView(params.id, params.page);
  if (view.kind === 'not-found') return <NotFoundPage />;
  if (view.kind === 'edit') {
    return <SiteFormPage action="edit" id={view.id} returnTo={afterSiteSavePath(pCode, view.id)} />;
  }
  return (
    <SiteDetail
      key={view.id}
      pCode={pCode}
      id={view.id}
      abTesting={view.tab === 'ab-testing'}
      premiumReports={premiumReports}
    />
  );
}

function SiteDetail({
  pCode,
  id,
  abTesting,
  premiumReports,
}: {
  pCode: string;
  id: string;
  abTesting: boolean;
  premiumReports: boolean;
}) {
  const client = useClient();
  const navigate = useNavigate();
  const site = useQuery(propertyQuery(client, { pCode, id, propertyType: 'SITE' }));
  // The history drawer is not in the URL (the spec's page segment is ab-testing or edit).
  const [historyOpen, setHistoryOpen] = useState(false);
  useClearEmptyCurrentItemOnLeave(propertyKeys.detail(pCode, id));
  if (site.error) return <PropertyLoadFailure error={site.error} />;
  if (!site.data) return <Loading />;
  // The tab follows the URL; ab-testing for a site without A/B test collections leads back.
  const tab = siteDetailTab(pCode, site.data, abTesting ? 'ab-testing' : 'reports');
  if ('redirect' in tab) return <Navigate to={tab.redirect} replace />;
  const url = site.data.url ?? '';
  const collections = site.data.abTestingSitesCollection ?? [];
  const select = (next: string) => {
    if (next === 'ab-testing' && !abTesting) navigate(paths.siteDetail(pCode, id, 'ab-testing'));
    if (next === 'reports' && abTesting) navigate(paths.siteDetail(pCode, id));
  };
  return (
    <PageLayout
      title={url}
      documentTitle={premiumReports ? `${REPORT.premiumTitle}: ${url}` : url}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
      actions={
        <>
          <Button icon={<HistoryIcon />} text={HISTORY_TAB} onClick={() => setHistoryOpen(true)} />
          <Button
            icon={<EditIcon />}
            text={EDIT}
            onClick={() => navigate(paths.siteDetail(pCode, id, 'edit'))}
          />
        </>
      }
    >
      <Tabs
        id="assent-site-detail-tabs"
        selectedTabId={tab.tab}
        onChange={(next) => select(String(next))}
        renderActiveTabPanelOnly
      >
        <Tab
          id="reports"
          title={premiumReports ? REPORT.premiumTitle : REPORT.tab}
          panel={
            premiumReports ? (
              <PremiumReports pCode={pCode} siteId={id} />
            ) : (
              <PropertyReport
                pCode={pCode}
                propertyId={id}
                formatPercentage={(value) => formatPercent(value)}
              />
            )
          }
        />
        {siteDetailTabs(site.data).includes('ab-testing') ? (
          <Tab
            id="ab-testing"
            title={REPORT.abTab}
            panel={<AbTestingPanel pCode={pCode} siteId={id} collections={collections} />}
          />
        ) : null}
      </Tabs>
      <Drawer
        isOpen={historyOpen}
        onClose={() => setHistoryOpen(false)}
        title={`${HISTORY_TITLE}: ${url}`}
        size="72%"
        className="assent-history-drawer"
      >
        <div className={`${Classes.DRAWER_BODY} assent-history-drawer-body`}>
          <ChangeHistory pCode={pCode} entityType="SITE" entityId={id} />
        </div>
      </Drawer>
    </PageLayout>
  );
}
