import { propertyKeys, propertyQuery } from '@assent/core/queries';
import { formatAppReportPercent } from '@assent/core/reports';
import { Button, Tab, Tabs } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { BackLink } from '../components/BackLink';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { ChangeHistory } from '../history/ChangeHistory';
import { HISTORY_TAB } from '../history/copy';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { EDIT, REPORT } from '../property-form/copy';
import { PropertyReport, ReportFailure } from '../property-form/PropertyReport';
import { useClearEmptyCurrentItemOnLeave } from '../property-form/use-clear-on-leave';

/**
 * The consent report of an app (/apps/detail/{id}), titled by its package id, with an edit button
 * a reports tab and its change history (History); percentages show two decimals. A failed or mismatched load shows
 * 'Something went wrong' with 'Back to Properties'.
 */
export default function AppDetailPage({ id }: { id: string }) {
  const { pCode } = useAccount();
  const client = useClient();
  const navigate = useNavigate();
  const app = useQuery(propertyQuery(client, { pCode, id, propertyType: 'APP' }));
  useClearEmptyCurrentItemOnLeave(propertyKeys.detail(pCode, id));
  useEffect(() => {
    if (app.error) console.error('Assent: the app report failed to load', app.error);
  }, [app.error]);

  if (app.isError || (app.data && app.data.propertyType !== 'APP')) {
    return <ReportFailure pCode={pCode} />;
  }
  if (!app.data) return <Loading />;
  const packageId = app.data.packageId ?? '';
  return (
    <PageLayout
      title={packageId}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
      actions={
        <Button
          icon={<EditIcon />}
          text={EDIT}
          onClick={() => navigate(paths.appEdit(pCode, id))}
        />
      }
    >
      <Tabs id="assent-app-detail-tabs" defaultSelectedTabId="reports" renderActiveTabPanelOnly>
        <Tab
          id="reports"
          title={REPORT.tab}
          panel={
            <PropertyReport
              pCode={pCode}
              propertyId={id}
              formatPercentage={formatAppReportPercent}
            />
          }
        />
        <Tab
          id="history"
          title={HISTORY_TAB}
          panel={<ChangeHistory pCode={pCode} entityType="APP" entityId={id} />}
        />
      </Tabs>
    </PageLayout>
  );
}
