import { ApiError } from '@assent/core';
import {
  BULK_UPDATE_BUTTON,
  PROPERTIES_EMPTY_TEXT,
  PROPERTIES_EMPTY_TITLE,
  PROPERTIES_FILTER_LABEL,
  PROPERTIES_TITLE,
  PROTECT_AN_APP,
  PROTECT_A_SITE,
  filterProperties,
  pageOfProperties,
  propertiesNoMatch,
} from '@assent/core/property';
import {
  listedPropertiesAnalyticsQuery,
  propertyAnalyticsRange,
  propertyRowsQuery,
} from '@assent/core/queries';
import { Button, Callout, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  DesktopIcon,
  GlobeNetworkIcon,
  MobilePhoneIcon,
  SearchIcon,
  ShieldIcon,
} from '@blueprintjs/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount, useOrganisation } from '../app/AccountContext';
import { paths } from '../app/paths';
import { useClient, useNow } from '../app/ServicesContext';
import { AfterHydration } from '../components/AfterHydration';
import { errorMessage } from '../components/alerts';
import { Pager } from '../components/Pager';
import { PageLayout } from '../components/PageLayout';
import { NotFoundPage, RestrictedPage } from '../components/StatusPages';
import { ConsentOrPayBanner } from '../promotions/consent-or-pay';
import { PremiumBanner } from '../promotions/PremiumBanner';
import { PricingPromotionModal } from '../promotions/PricingPromotionModal';
import { SurveyPopup } from '../promotions/SurveyPopup';
import { BulkUpdateAlert } from '../bulk-update/BulkUpdateAlert';
import { AuditLogModals } from './AuditLogModals';
import type { PropertyDialog } from './dialogs';
import { FIND_CONSENT } from './find-consent';
import { PropertiesTable } from './PropertiesTable';
import { UniversalTagWarning } from './UniversalTagWarning';
import { NoVendorsNotice } from '../vendors/NoVendorsNotice';

// The start-up's call for the page (prefetch.ts), taken from this chunk.
export { firstPageAnalyticsQuery } from './first-page';

const TagDialog = lazy(() => import('./TagDialog'));
const DownloadLogsDialog = lazy(() => import('./DownloadLogsDialog'));
const DeletePropertyDialog = lazy(() => import('./DeletePropertyDialog'));
const FindConsentDialog = lazy(() => import('./FindConsentDialog'));

/**
 * 'Properties protected by CMP': the filter, PROTECT AN APP / PROTECT A SITE / BULK UPDATE, the
 * table paginated on the client (20 rows), the analytics of the shown page, and the row dialogs.
 */
export default function PropertiesPage() {
  const { pCode } = useAccount();
  const client = useClient();
  const now = useNow();
  const navigate = useNavigate();
  const organisation = useOrganisation();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<PropertyDialog>(null);
  const properties = useQuery(propertyRowsQuery(client, pCode));

  const filtered = useMemo(
    () => filterProperties(properties.data ?? [], filter),
    [properties.data, filter],
  );
  const shown = pageOfProperties(filtered, page);
  const range = useMemo(() => propertyAnalyticsRange(now()), [now]);
  const analytics = useQuery({
    ...listedPropertiesAnalyticsQuery(client, pCode, shown.rows, range),
    enabled: shown.rows.length > 0,
    placeholderData: keepPreviousData,
  });

  if (properties.error instanceof ApiError) {
    if (properties.error.httpStatus === 401 || properties.error.httpStatus === 403)
      return <RestrictedPage />;
    if (properties.error.httpStatus === 404) return <NotFoundPage />;
  }

  const protectButtons = (
    <>
      <Button
        icon={<MobilePhoneIcon />}
        text={PROTECT_AN_APP}
        onClick={() => navigate(paths.appNew(pCode))}
      />
      <Button
        icon={<DesktopIcon />}
        intent="primary"
        text={PROTECT_A_SITE}
        onClick={() => navigate(paths.siteNew(pCode))}
      />
    </>
  );
  const actions = (
    <>
      {protectButtons}
      <Button
        icon={<GlobeNetworkIcon />}
        text={BULK_UPDATE_BUTTON}
        onClick={() => navigate(paths.bulkUpdate(pCode))}
      />
      <Button
        icon={<SearchIcon />}
        text={FIND_CONSENT}
        onClick={() => setDialog({ kind: 'findConsent' })}
      />
    </>
  );

  const content = () => {
    if (properties.isPending) return <Spinner aria-label="Loading properties" />;
    if (properties.isError) {
      return (
        <Callout intent="danger" role="alert">
          {errorMessage(properties.error)}
        </Callout>
      );
    }
    if (properties.data.length === 0) {
      return (
        <>
          <NoVendorsNotice pCode={pCode} />
          <NonIdealState
            icon={<ShieldIcon size={48} />}
            title={PROPERTIES_EMPTY_TITLE}
            description={PROPERTIES_EMPTY_TEXT}
            action={<div className="assent-empty-actions">{protectButtons}</div>}
          />
        </>
      );
    }
    return (
      <>
        <NoVendorsNotice pCode={pCode} />
        <div className="assent-toolbar">
          <InputGroup
            type="search"
            leftIcon={<SearchIcon />}
            placeholder={PROPERTIES_FILTER_LABEL}
            aria-label={PROPERTIES_FILTER_LABEL}
            value={filter}
            onValueChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
          />
          <span className="assent-muted" aria-live="polite">
            {filtered.length} of {properties.data.length}
          </span>
        </div>
        {filtered.length === 0 ? (
          <p className="assent-muted">{propertiesNoMatch(filter.trim())}</p>
        ) : (
          <PropertiesTable
            pCode={pCode}
            rows={shown.rows}
            analytics={analytics.data}
            analyticsPending={analytics.isFetching}
            onDialog={setDialog}
          />
        )}
        {shown.showPager ? (
          <Pager page={shown.page} pageCount={shown.pageCount} onPageChange={setPage} />
        ) : null}
      </>
    );
  };

  return (
    <PageLayout
      title={PROPERTIES_TITLE}
      actions={actions}
      before={
        <>
          {/* Their state is in local storage: read once the server's markup is hydrated. */}
          <AfterHydration>
            <BulkUpdateAlert pCode={pCode} />
            <UniversalTagWarning
              key={pCode}
              pCode={pCode}
              properties={properties.data}
              onGetTag={() => setDialog({ kind: 'universalTag' })}
            />
          </AfterHydration>
          <PremiumBanner pCode={pCode} />
          {organisation && !organisation.consentOrPayEnabled ? (
            <ConsentOrPayBanner pCode={pCode} />
          ) : null}
        </>
      }
    >
      {content()}
      <Suspense fallback={null}>
        {dialog?.kind === 'tag' ? (
          <TagDialog
            pCode={pCode}
            type={dialog.type}
            propertyId={dialog.item.uuid}
            premium={organisation?.premiumEligible ?? false}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog?.kind === 'universalTag' ? (
          <TagDialog
            pCode={pCode}
            type="universal"
            premium={organisation?.premiumEligible ?? false}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog?.kind === 'downloadLogs' ? (
          <DownloadLogsDialog pCode={pCode} item={dialog.item} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'findConsent' ? (
          <FindConsentDialog pCode={pCode} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeletePropertyDialog pCode={pCode} item={dialog.item} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
      <AuditLogModals pCode={pCode} />
      <AfterHydration>
        {organisation ? (
          <PricingPromotionModal key={organisation.pcode} organisation={organisation} />
        ) : null}
        <SurveyPopup pCode={pCode} />
      </AfterHydration>
    </PageLayout>
  );
}
