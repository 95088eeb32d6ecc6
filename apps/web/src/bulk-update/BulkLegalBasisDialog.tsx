import {
  BULK_FORCED_PURPOSE,
  bulkCustomiseSelection,
  toggleBulkConsentPurpose,
} from '@assent/core/bulk-update';
import type { BulkDetailsForm } from '@assent/core/bulk-update';
import {
  FALLBACK_PURPOSES,
  FALLBACK_SPECIAL_FEATURES,
  PURPOSES_WITHOUT_LEGITIMATE_INTEREST,
} from '@assent/core/property';
import type { LegalBasisSelection } from '@assent/core/property';
import { Checkbox, DialogBody, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { Dialog } from '../components/Dialog';
import { LEGAL_BASIS_DIALOG as PROPERTY_DIALOG } from '../property-form/copy';
import { OkCancelFooter } from '../property-form/fields';
import { LEGAL_BASIS_DIALOG } from './copy';

type Basis = 'none' | 'consent' | 'legitimate';

/**
 * Customized legal basis for every selected property: each TCF purpose is not used, consent or
 * legitimate interest; purpose 1 is always on with consent (core's bulk rule). OK applies the
 * selection to the form, Cancel leaves it as it was.
 */
export function BulkLegalBasisDialog({
  form,
  onCancel,
  onOk,
}: {
  form: BulkDetailsForm;
  onCancel: () => void;
  onOk: (selection: LegalBasisSelection) => void;
}) {
  const [selection, setSelection] = useState(() => bulkCustomiseSelection(form));
  const basisOf = (id: number): Basis =>
    selection.consent.includes(id)
      ? 'consent'
      : selection.legitimate.includes(id)
        ? 'legitimate'
        : 'none';
  const setBasis = (id: number, basis: Basis) =>
    setSelection((current) => {
      const next = toggleBulkConsentPurpose(current, id, basis === 'consent');
      const legitimate = next.legitimate.filter((p) => p !== id);
      return { ...next, legitimate: basis === 'legitimate' ? [...legitimate, id] : legitimate };
    });

  return (
    <Dialog
      isOpen
      title={LEGAL_BASIS_DIALOG.title}
      onClose={onCancel}
      className="assent-form-dialog assent-legal-basis-dialog"
    >
      <DialogBody>
        <p className="assent-muted">{LEGAL_BASIS_DIALOG.purposeOneNote}</p>
        <HTMLTable compact className="assent-fill" aria-label={LEGAL_BASIS_DIALOG.purposes}>
          <thead>
            <tr>
              <th scope="col">{LEGAL_BASIS_DIALOG.purposes}</th>
              <th scope="col">{PROPERTY_DIALOG.basis}</th>
            </tr>
          </thead>
          <tbody>
            {FALLBACK_PURPOSES.map((purpose) => {
              const forced = purpose.id === BULK_FORCED_PURPOSE;
              const noLegitimate =
                forced || PURPOSES_WITHOUT_LEGITIMATE_INTEREST.includes(purpose.id);
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
                      autoFocus={purpose.id === 2}
                      onChange={(event) => setBasis(purpose.id, event.currentTarget.value as Basis)}
                    >
                      <option value="none">{PROPERTY_DIALOG.notUsed}</option>
                      <option value="consent">{PROPERTY_DIALOG.consent}</option>
                      <option value="legitimate" disabled={noLegitimate}>
                        {PROPERTY_DIALOG.legitimate}
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
          {FALLBACK_SPECIAL_FEATURES.map((feature) => (
            <Checkbox
              key={feature.id}
              label={feature.name}
              checked={selection.specialFeatures.includes(feature.id)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setSelection((current) => {
                  const others = current.specialFeatures.filter((f) => f !== feature.id);
                  return {
                    ...current,
                    specialFeatures: checked ? [...others, feature.id] : others,
                  };
                });
              }}
            />
          ))}
        </fieldset>
      </DialogBody>
      <OkCancelFooter onCancel={onCancel} onOk={() => onOk(selection)} />
    </Dialog>
  );
}
