import { propertyKeys, propertyQuery } from '@assent/core/queries';
import { formatAppReportPercent } from '@assent/core/reports';
import { Button, Dialog, DialogBody, Tab, Tabs } from '@blueprintjs/core';
import { EditIcon, HistoryIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { BackLink } from '../components/BackLink';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { ChangeHistory } from '../history/ChangeHistory';
import { HISTORY_TAB, HISTORY_TITLE } from '../history/copy';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { EDIT, REPORT } from '../property-form/copy';
import { PropertyReport, ReportFailure } from '../property-form/PropertyReport';
import { useClearEmptyCurrentItemOnLeave } from '../property-form/use-clear-on-leave';

/**
 * The consent report of an app (/apps/detail/{id}), titled by its package id, with an edit button
 * and a single reports tab (properties-and-tags §2); percentages show two decimals. The app's
 * change history opens from a History button beside Edit (a dialog, as in the theme editor), not
 * as a second tab. A failed or mismatched load shows 'Something went wrong' with 'Back to
 * Properties'.
 */
export default function AppDetailPage({ id }: { id: string }) {
  const { pCode } = useAccount();
  const client = useClient();
  const navigate = useNavigate();
  const app = useQuery(propertyQuery(client, { pCode, id, propertyType: 'APP' }));
  const [historyOpen, setHistoryOpen] = useState(false);
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
        <>
          <Button icon={<HistoryIcon />} text={HISTORY_TAB} onClick={() => setHistoryOpen(true)} />
          <Button
            icon={<EditIcon />}
            text={EDIT}
            onClick={() => navigate(paths.appEdit(pCode, id))}
          />
        </>
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
      </Tabs>
      {historyOpen ? (
        <Dialog
          isOpen
          onClose={() => setHistoryOpen(false)}
          title={`${HISTORY_TITLE}: ${packageId}`}
          className="assent-history-dialog"
        >
          <DialogBody>
            <ChangeHistory pCode={pCode} entityType="APP" entityId={id} />
          </DialogBody>
        </Dialog>
      ) : null}
    </PageLayout>
  );
}
