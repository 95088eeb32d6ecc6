import type { BulkStep } from '@assent/core/bulk-update';
import { BULK_STEP_TITLES, bulkUpdatePath, resolveBulkPage } from '@assent/core/bulk-update';
import { propertiesQuery, propertyInitQuery } from '@assent/core/queries';
import { Callout, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { useClient, useConsoleStorage } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { BackLink } from '../components/BackLink';
import { PageLayout } from '../components/PageLayout';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { NotFoundPage } from '../components/StatusPages';
import { removeBulkAlertsOnEntry } from './alerts';
import type { BulkUpdateFlowApi } from './context';
import { BulkUpdateFlowContext } from './context';
import { BULK_UPDATE_TITLE, STEP_ACTIONS } from './copy';
import { DetailsStep } from './DetailsStep';
import { OverviewStep } from './OverviewStep';
import { SelectStep } from './SelectStep';
import { useBulkUpdateStore } from './store';
import { useBulkUpdateStatus } from './use-bulk-update-status';
import '../property-form/property-form.css';
import './bulk-update.css';

const ORDER: Record<BulkStep, number> = { select: 1, details: 2, overview: 3 };

/**
 * Bulk update (themes-and-bulk-update §2): /bulk-update (select), /bulk-update/details and
 * /bulk-update/overview. The flow's state (core's reducer) lives here, so it survives moving
 * between the steps; the URL follows the state forward, and the browser's Back steps the state back.
 * Details or overview without the previous step's state redirect to it; other pages are not found.
 */
export default function BulkUpdateFlow() {
  const { pCode } = useAccount();
  const { page } = useParams();
  const client = useClient();
  const storage = useConsoleStorage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { state, dispatch } = useBulkUpdateStore();
  const properties = useQuery(propertiesQuery(client, pCode));
  const init = useQuery(propertyInitQuery(client, pCode, 'SITE'));
  const status = useBulkUpdateStatus(pCode);

  // Success and error alerts are removed on entry to the flow.
  const latestJob = status.data?.job;
  useEffect(() => {
    removeBulkAlertsOnEntry(storage, pCode, latestJob);
  }, [storage, pCode, latestJob]);

  // Entering the flow after a submit starts it again (not the submit itself, which leaves).
  const [enteredDone] = useState(state.step === 'done');
  useEffect(() => {
    if (enteredDone) dispatch({ type: 'reset' });
  }, [enteredDone, dispatch]);

  const resolution = resolveBulkPage(page, state);
  const step = state.step;

  // The state moved on (NEXT, BACK, the modal's Next): the URL follows. (Each URL is its own
  // page, so this runs only for moves made on the page shown.)
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (step === 'done') return;
    const to = bulkUpdatePath(pCode, step);
    if (to !== pathname) navigate(to);
  }, [step, pCode, pathname, navigate]);

  // The URL is an earlier step than the state (the browser's Back): the state steps back to it.
  const backSteps =
    resolution.kind === 'show' && step !== 'done' ? ORDER[step] - ORDER[resolution.step] : 0;
  const [initialBackSteps] = useState(backSteps);
  const steppedBack = useRef(false);
  useEffect(() => {
    if (steppedBack.current) return;
    steppedBack.current = true;
    for (let n = initialBackSteps; n > 0; n -= 1) dispatch({ type: 'back' });
  }, [initialBackSteps, dispatch]);

  const api = useMemo<BulkUpdateFlowApi | null>(
    () =>
      properties.data && init.data
        ? { pCode, state, dispatch, properties: properties.data, init: init.data }
        : null,
    [pCode, state, properties.data, init.data],
  );

  // Submitted: the page is leaving for the properties list.
  if (step === 'done' && !enteredDone) return null;
  if (resolution.kind === 'not-found') return <NotFoundPage />;
  if (resolution.kind === 'redirect') {
    return <Navigate to={bulkUpdatePath(pCode, resolution.step)} replace />;
  }
  const shown = resolution.step;
  const failure = properties.error ?? init.error;
  return (
    <PageLayout
      title={BULK_UPDATE_TITLE}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
    >
      <p className="assent-bulk-step" aria-live="polite">
        {STEP_ACTIONS.step(ORDER[shown], BULK_STEP_TITLES[shown])}
      </p>
      {failure ? (
        <Callout intent="danger" role="alert">
          {errorMessage(failure)}
        </Callout>
      ) : !api ? (
        <Spinner aria-label="Loading properties" />
      ) : (
        <BulkUpdateFlowContext.Provider value={api}>
          {shown === 'select' ? <SelectStep /> : null}
          {shown === 'details' ? <DetailsStep /> : null}
          {shown === 'overview' ? <OverviewStep /> : null}
        </BulkUpdateFlowContext.Provider>
      )}
    </PageLayout>
  );
}
