import { BULK_SUBMIT, selectedSiteIds, toBulkUpdateRequest } from '@assent/core/bulk-update';
import { bulkUpdateStatusKeys, propertiesKeys } from '@assent/core/queries';
import { cmpVersionLabel, propertyIdentifier } from '@assent/core/property';
import { Callout, HTMLTable } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { FormCard } from '../property-form/fields';
import { useBulkUpdateFlow } from './context';
import { OVERVIEW, TABLE } from './copy';
import { StepFooter } from './StepFooter';
import { bulkChangeRows } from './summary';

/**
 * Step 3: every change with its new value and the properties it applies to; SUBMIT starts the
 * job and returns to the properties list, where its alert follows it.
 */
export function OverviewStep() {
  const { pCode, state, dispatch, init, properties } = useBulkUpdateFlow();
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const submit = useMutation({
    mutationFn: (body: ReturnType<typeof toBulkUpdateRequest>) =>
      client.bulkUpdate.submit({ query: { pCode }, body }),
    onSuccess: (response) => {
      queryClient.setQueryData(bulkUpdateStatusKeys.account(pCode, 'status'), {
        code: response.code,
        message: response.message,
        job: response.job,
      });
      void queryClient.invalidateQueries({ queryKey: bulkUpdateStatusKeys.all });
      void queryClient.invalidateQueries({ queryKey: propertiesKeys.account(pCode) });
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
                <td>{count}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </FormCard>
      <FormCard title={OVERVIEW.properties}>
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
              {state.selected.map((p) => (
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
      </FormCard>
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
