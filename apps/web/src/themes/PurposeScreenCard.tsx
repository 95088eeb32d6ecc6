import {
  PurposeDisplay,
  THEME_CARD_TITLES,
  editorStacksRequest,
  shouldLoadStacks,
  stacksConfigureDisabled,
} from '@assent/core/theme';
import { vendorsQuery } from '@assent/core/queries';
import {
  Button,
  Callout,
  Checkbox,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Spinner,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { Dialog } from '../components/Dialog';
import { FormCard, RadioField } from '../property-form/fields';
import {
  DIALOG_BUTTONS,
  PURPOSE_DISPLAY_LABELS,
  RESTRICTIONS_DIALOG,
  STACKS_DIALOG,
  TCF_VERSION_LABELS,
  THEME_FIELD_LABELS as L,
} from './copy';
import { setTheme } from './theme-form-state';
import type { ThemeFormApi } from './use-theme-form';

/**
 * 5. Customize Purpose Screen: TCF version, purposes or stacks; stacks load when chosen (with a
 * spinner) and Configure opens the stack modal; Configure restrictions opens the restrictions modal.
 */
export function PurposeScreenCard({ form }: { form: ThemeFormApi }) {
  const { values, dispatch, pCode, state } = form;
  const client = useClient();
  // The vendor list names the stacks and purposes: fetched once stacks or restrictions need it.
  const gvl = useQuery({
    ...vendorsQuery(client, values.gvlVersion),
    staleTime: Infinity,
    enabled: values.use === 'stacks' || state.dialog.kind === 'restrictions',
  });
  const request = gvl.data ? editorStacksRequest(values, gvl.data) : undefined;
  const stacks = useQuery({
    queryKey: ['themeStacks', pCode, request],
    queryFn: () => client.themes.stacks({ query: { pCode }, body: request! }),
    enabled: request !== undefined && shouldLoadStacks(values.use, false),
    staleTime: Infinity,
  });
  const available = stacks.data?.stacks ?? [];
  const chosen = values.userSelectedStack
    ? values.stacks.map((s) => s.stacks)
    : (stacks.data?.recommended ?? []);
  const names = new Map(available.map((s) => [s.id, s.name]));
  return (
    <FormCard title={THEME_CARD_TITLES.purposeScreen}>
      <RadioField
        label={L.gvlVersion}
        value={String(values.gvlVersion) as '2' | '3'}
        options={(['2', '3'] as const).map((v) => ({ value: v, label: TCF_VERSION_LABELS[v] }))}
        onChange={(v) => dispatch(setTheme('gvlVersion', v === '2' ? 2 : 3))}
      />
      <RadioField
        label={L.use}
        value={values.use}
        options={PurposeDisplay.options.map((value) => ({
          value,
          label: PURPOSE_DISPLAY_LABELS[value],
        }))}
        onChange={(v) => dispatch(setTheme('use', v))}
      />
      {values.use === 'stacks' ? (
        <div className="assent-stacks-summary" aria-live="polite">
          {stacks.isFetching || gvl.isFetching ? (
            <Spinner size={20} aria-label={STACKS_DIALOG.loading} />
          ) : stacks.error ? (
            <Callout intent="danger" compact>
              {errorMessage(stacks.error)}
            </Callout>
          ) : (
            <ul className="assent-stack-list">
              {chosen.map((id) => (
                <li key={id}>{names.get(id) ?? `Stack ${id}`}</li>
              ))}
            </ul>
          )}
          <Button
            text={L.configureStacks}
            disabled={stacksConfigureDisabled(available)}
            onClick={() => dispatch({ type: 'stacksOpen', selected: chosen })}
          />
        </div>
      ) : null}
      <Button
        variant="minimal"
        intent="primary"
        className="assent-link-button"
        text={L.configureRestrictions}
        onClick={() => dispatch({ type: 'restrictionsOpen' })}
      />
      {state.dialog.kind === 'stacks' ? (
        <Dialog
          isOpen
          title={STACKS_DIALOG.title}
          onClose={() => dispatch({ type: 'dialogCancel' })}
        >
          <DialogBody>
            <p>{STACKS_DIALOG.intro}</p>
            {available.length === 0 ? <p>{STACKS_DIALOG.none}</p> : null}
            {available.map((stack) => (
              <Checkbox
                key={stack.id}
                label={stack.name}
                checked={state.dialog.kind === 'stacks' && state.dialog.selected.includes(stack.id)}
                onChange={(e) =>
                  dispatch({
                    type: 'stacksToggle',
                    stackId: stack.id,
                    checked: e.currentTarget.checked,
                  })
                }
              />
            ))}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button
                  text={DIALOG_BUTTONS.cancel}
                  onClick={() => dispatch({ type: 'dialogCancel' })}
                />
                <Button
                  intent="primary"
                  text={DIALOG_BUTTONS.save}
                  onClick={() => dispatch({ type: 'stacksSave' })}
                />
              </>
            }
          />
        </Dialog>
      ) : null}
      {state.dialog.kind === 'restrictions' && state.dialog.modal.status === 'open' ? (
        <Dialog
          isOpen
          title={RESTRICTIONS_DIALOG.title}
          style={{ width: 640 }}
          onClose={() => dispatch({ type: 'restrictions', action: { type: 'cancel' } })}
        >
          <DialogBody>
            <p>{RESTRICTIONS_DIALOG.intro}</p>
            {gvl.data ? (
              <HTMLTable compact striped className="assent-restrictions-table">
                <thead>
                  <tr>
                    <th scope="col">{RESTRICTIONS_DIALOG.purpose}</th>
                    <th scope="col">{RESTRICTIONS_DIALOG.consent}</th>
                    <th scope="col">{RESTRICTIONS_DIALOG.legitimateInterest}</th>
                  </tr>
                </thead>
                <tbody>
                  {gvl.data.purposes.map((purpose) => {
                    const draft =
                      state.dialog.kind === 'restrictions' && state.dialog.modal.status === 'open'
                        ? state.dialog.modal.draft
                        : { consent: [], legitimateInterest: [] };
                    return (
                      <tr key={purpose.id}>
                        <th scope="row">
                          {purpose.id}. {purpose.name}
                        </th>
                        <td>
                          <Checkbox
                            aria-label={`${RESTRICTIONS_DIALOG.consent}: ${purpose.name}`}
                            checked={draft.consent.includes(purpose.id)}
                            onChange={(e) =>
                              dispatch({
                                type: 'restrictions',
                                action: {
                                  type: 'toggleConsent',
                                  purposeId: purpose.id,
                                  checked: e.currentTarget.checked,
                                },
                              })
                            }
                          />
                        </td>
                        <td>
                          <Checkbox
                            aria-label={`${RESTRICTIONS_DIALOG.legitimateInterest}: ${purpose.name}`}
                            checked={draft.legitimateInterest.includes(purpose.id)}
                            onChange={(e) =>
                              dispatch({
                                type: 'restrictions',
                                action: {
                                  type: 'toggleLegitimateInterest',
                                  purposeId: purpose.id,
                                  checked: e.currentTarget.checked,
                                },
                              })
                            }
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            ) : gvl.error ? (
              <Callout intent="danger">{errorMessage(gvl.error)}</Callout>
            ) : (
              <Spinner size={20} />
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button
                  text={DIALOG_BUTTONS.cancel}
                  onClick={() => dispatch({ type: 'restrictions', action: { type: 'cancel' } })}
                />
                <Button
                  intent="primary"
                  text={DIALOG_BUTTONS.save}
                  onClick={() => dispatch({ type: 'restrictions', action: { type: 'save' } })}
                />
              </>
            }
          />
        </Dialog>
      ) : null}
    </FormCard>
  );
}
