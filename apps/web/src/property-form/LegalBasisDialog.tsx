import {
  PURPOSES_WITHOUT_LEGITIMATE_INTEREST,
  isPurposeOneRequired,
  legalBasisDialogLists,
} from '@assent/core/property';
import type { LegalBasisSelection } from '@assent/core/property';
import { vendorsQuery } from '@assent/core/queries';
import { OkCancelFooter } from './fields';
import { Callout, Checkbox, DialogBody, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../app/ServicesContext';
import type { PropertyFormApi } from './context';
import { LEGAL_BASIS_DIALOG } from './copy';

type Basis = 'none' | 'consent' | 'legitimate';

const VENDOR_LIST_STALE_MS = 60 * 60_000;

/**
 * 'I define': the customise dialog. Each purpose is not used, consent or legitimate interest
 * (never legitimate interest for purpose 1 or purposes 3 to 6); purpose 1 is forced to consent
 * unless the publisher is in DE. The purposes come from the vendor list of the theme's GVL
 * version, or core's fallbacks while it is not loaded. OK sets them; Cancel leaves the form as it was.
 */
export default function LegalBasisDialog({
  form,
  selection,
}: {
  form: PropertyFormApi;
  selection: LegalBasisSelection;
}) {
  const { values, dispatch } = form;
  const client = useClient();
  const vendorList = useQuery({
    ...vendorsQuery(client, values.gvlVersion),
    staleTime: VENDOR_LIST_STALE_MS,
  });
  const { purposes, specialFeatures } = legalBasisDialogLists(vendorList.data);
  const purposeOneForced = isPurposeOneRequired(values.publisherCC);
  // Focus starts on the first purpose the publisher can change.
  const firstEditable = purposes.find((p) => !(p.id === 1 && purposeOneForced))?.id;

  const basisOf = (id: number): Basis =>
    selection.consent.includes(id)
      ? 'consent'
      : selection.legitimate.includes(id)
        ? 'legitimate'
        : 'none';
  const setBasis = (id: number, basis: Basis) => {
    const consent = selection.consent.filter((p) => p !== id);
    const legitimate = selection.legitimate.filter((p) => p !== id);
    if (basis === 'consent') consent.push(id);
    if (basis === 'legitimate') legitimate.push(id);
    dispatch({ type: 'legalBasisSelection', selection: { ...selection, consent, legitimate } });
  };
  const toggleSpecialFeature = (id: number, checked: boolean) => {
    const others = selection.specialFeatures.filter((f) => f !== id);
    dispatch({
      type: 'legalBasisSelection',
      selection: { ...selection, specialFeatures: checked ? [...others, id] : others },
    });
  };

  return (
    <Dialog
      isOpen
      title={LEGAL_BASIS_DIALOG.title}
      onClose={() => dispatch({ type: 'dialogCancel' })}
      shouldReturnFocusOnClose
      className="assent-form-dialog assent-legal-basis-dialog"
    >
      <DialogBody>
        {vendorList.isError ? (
          <Callout compact className="assent-form-callout">
            {LEGAL_BASIS_DIALOG.fallbackNote}
          </Callout>
        ) : null}
        {purposeOneForced ? (
          <p className="assent-muted">{LEGAL_BASIS_DIALOG.purposeOneNote}</p>
        ) : null}
        <HTMLTable compact className="assent-fill" aria-label={LEGAL_BASIS_DIALOG.purposes}>
          <thead>
            <tr>
              <th scope="col">{LEGAL_BASIS_DIALOG.purposes}</th>
              <th scope="col">{LEGAL_BASIS_DIALOG.basis}</th>
            </tr>
          </thead>
          <tbody>
            {purposes.map((purpose) => {
              const forced = purpose.id === 1 && purposeOneForced;
              const noLegitimate =
                purpose.id === 1 || PURPOSES_WITHOUT_LEGITIMATE_INTEREST.includes(purpose.id);
              return (
                <tr key={purpose.id}>
                  <td>
                    {purpose.id}. {purpose.name}
                  </td>
                  <td>
                    <HTMLSelect
                      aria-label={`Legal basis of purpose ${purpose.id}`}
                      value={basisOf(purpose.id)}
                      disabled={forced}
                      autoFocus={purpose.id === firstEditable}
                      onChange={(event) => setBasis(purpose.id, event.currentTarget.value as Basis)}
                    >
                      <option value="none">{LEGAL_BASIS_DIALOG.notUsed}</option>
                      <option value="consent">{LEGAL_BASIS_DIALOG.consent}</option>
                      <option value="legitimate" disabled={noLegitimate}>
                        {LEGAL_BASIS_DIALOG.legitimate}
                      </option>
                    </HTMLSelect>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
        <fieldset className="assent-fieldset assent-form-dialog-section">
          <legend>{LEGAL_BASIS_DIALOG.specialFeatures}</legend>
          {specialFeatures.map((feature) => (
            <Checkbox
              key={feature.id}
              label={feature.name}
              checked={selection.specialFeatures.includes(feature.id)}
              onChange={(event) => toggleSpecialFeature(feature.id, event.currentTarget.checked)}
            />
          ))}
        </fieldset>
      </DialogBody>
      <OkCancelFooter
        onCancel={() => dispatch({ type: 'dialogCancel' })}
        onOk={() => dispatch({ type: 'legalBasisOk' })}
      />
    </Dialog>
  );
}
