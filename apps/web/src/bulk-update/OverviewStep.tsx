import { BULK_SUBMIT, selectedSiteIds, toBulkUpdateRequest } from '@assent/core/bulk-update';
import { applyCacheEffects, bulkUpdateSubmitMutation } from '@assent/core/queries';
import { cmpVersionLabel, propertyIdentifier } from '@assent/core/property';
import type { PropertyListItem } from '@assent/core/property';
import { Button, Callout, HTMLTable } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { FormCard } from '../property-form/fields';
import { useBulkUpdateFlow } from './context';
import { OVERVIEW, TABLE } from './copy';
import { StepFooter } from './StepFooter';
import { bulkChangeRows } from './summary';

/** Properties the overview names before 'and N more' (1,000 selected stay a short page). */
export const OVERVIEW_PREVIEW = 10;

/**
 * Step 3: every change with its new value and the properties it applies to (a count; the
 * selected properties listed once, the first ten with 'and N more' to show them all); SUBMIT
 * starts the job and returns to the properties list, where its alert follows it.
 */
export function OverviewStep() {
  const { pCode, state, dispatch, init, properties } = useBulkUpdateFlow();
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const listId = useId();
  const spec = bulkUpdateSubmitMutation(client, pCode);
  const submit = useMutation({
    mutationFn: spec.mutationFn,
    onSuccess: (response, body) => {
      void applyCacheEffects(queryClient, spec.effects(response, body));
      alerts.show(response.message, 'primary');
      dispatch({ type: 'submitted' });
      navigate(paths.properties(pCode));
    },
  });
  if (state.step !== 'overview') return null;

  const request = toBulkUpdateRequest(selectedSiteIds(state), state.form);
  const themeName = (themeId: string) =>
    init.themes.find((t) => t.themeId === themeId)?.themeName ??
    properties.find((p) => p.themeId === themeId)?.themeName ??
    themeId;
  const rows = bulkChangeRows(request.fields, themeName);
  const count = state.selected.length;

  return (
    <>
      <p>{OVERVIEW.intro(count)}</p>
      {submit.isError ? (
        <Callout intent="danger" role="alert">
          {errorMessage(submit.error)}
        </Callout>
      ) : null}
      <div className="assent-bulk-overview">
        <FormCard title={OVERVIEW.changes}>
          <HTMLTable compact striped className="assent-fill" aria-label={OVERVIEW.changes}>
            <thead>
              <tr>
                <th scope="col">{OVERVIEW.field}</th>
                <th scope="col">{OVERVIEW.value}</th>
                <th scope="col">{OVERVIEW.touches}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.field}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                  <td>
                    <a href={`#${listId}`}>{OVERVIEW.touchesCount(count)}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </FormCard>
        <FormCard title={OVERVIEW.properties}>
          <SelectedProperties id={listId} selected={state.selected} />
        </FormCard>
      </div>
      <StepFooter
        onBack={() => dispatch({ type: 'back' })}
        nextText={BULK_SUBMIT}
        nextDisabled={false}
        pending={submit.isPending}
        onNext={() => submit.mutate(request)}
      />
    </>
  );
}

/** The selected properties: the first OVERVIEW_PREVIEW, then 'and N more' shows them all. */
function SelectedProperties({
  id,
  selected,
}: {
  id: string;
  selected: readonly PropertyListItem[];
}) {
  const [all, setAll] = useState(false);
  const shown = all ? selected : selected.slice(0, OVERVIEW_PREVIEW);
  const hidden = selected.length - shown.length;
  return (
    <div id={id}>
      <div className="assent-table-wrap assent-bulk-overview-properties">
        <HTMLTable compact striped className="assent-fill" aria-label={OVERVIEW.properties}>
          <thead>
            <tr>
              <th scope="col">{TABLE.columns.property}</th>
              <th scope="col">{TABLE.columns.cmpVersion}</th>
              <th scope="col">{TABLE.columns.theme}</th>
              <th scope="col">{TABLE.columns.publisherCC}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.siteId}>
                <td>{propertyIdentifier(p)}</td>
                <td>{cmpVersionLabel(p.cmpVersion)}</td>
                <td>{p.themeName ?? p.themeId}</td>
                <td>{p.publisherCC}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {hidden > 0 ? (
        <Button variant="minimal" text={OVERVIEW.more(hidden)} onClick={() => setAll(true)} />
      ) : all && selected.length > OVERVIEW_PREVIEW ? (
        <Button variant="minimal" text={OVERVIEW.fewer} onClick={() => setAll(false)} />
      ) : null}
    </div>
  );
}
