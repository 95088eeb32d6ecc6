import type { CustomVendor, VendorListResponse } from '@assent/core';
import { Button, Card, Checkbox, H5, HTMLTable } from '@blueprintjs/core';
import { PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { TextField } from '../components/FormField';
import { VENDORS } from './copy';

const newId = () => globalThis.crypto?.randomUUID?.() ?? `custom-${Date.now().toString(36)}`;

function PurposeChecks({
  legend,
  purposes,
  value,
  onChange,
}: {
  legend: string;
  purposes: VendorListResponse['purposes'];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <fieldset className="assent-fieldset">
      <legend>{legend}</legend>
      {purposes.map((purpose) => (
        <Checkbox
          key={purpose.id}
          inline
          label={`${purpose.id}. ${purpose.name}`}
          checked={value.includes(purpose.id)}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked
                ? [...value, purpose.id].sort((a, b) => a - b)
                : value.filter((id) => id !== purpose.id),
            )
          }
        />
      ))}
    </fieldset>
  );
}

/** Non-IAB vendors: listed with their policy and purposes, added and removed here. */
export function CustomVendors({
  vendors,
  purposes,
  errors,
  onChange,
}: {
  vendors: CustomVendor[];
  purposes: VendorListResponse['purposes'];
  /** Field messages from core's validateVendorSelection, keyed customVendors.{index}.{field}. */
  errors: Record<string, string>;
  onChange: (vendors: CustomVendor[]) => void;
}) {
  const [draft, setDraft] = useState<CustomVendor>(() => ({
    id: newId(),
    name: '',
    privacyPolicyUrl: '',
    purposes: [],
    legIntPurposes: [],
  }));

  return (
    <div>
      <p className="assent-muted">{VENDORS.customIntro}</p>
      {vendors.length === 0 ? (
        <p>{VENDORS.noCustom}</p>
      ) : (
        <HTMLTable compact className="assent-fill" aria-label={VENDORS.customTab}>
          <thead>
            <tr>
              <th scope="col">{VENDORS.customName}</th>
              <th scope="col">{VENDORS.customPolicy}</th>
              <th scope="col">{VENDORS.customPurposes}</th>
              <th scope="col">{VENDORS.customLegIntPurposes}</th>
              <th scope="col">
                <span className="assent-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {vendors.map((vendor, i) => (
              <tr key={vendor.id}>
                <td>
                  {vendor.name}
                  {errors[`customVendors.${i}.name`] ? (
                    <div className="assent-error">{errors[`customVendors.${i}.name`]}</div>
                  ) : null}
                </td>
                <td>
                  {vendor.privacyPolicyUrl}
                  {errors[`customVendors.${i}.privacyPolicyUrl`] ? (
                    <div className="assent-error">
                      {errors[`customVendors.${i}.privacyPolicyUrl`]}
                    </div>
                  ) : null}
                </td>
                <td>{vendor.purposes.join(', ') || '—'}</td>
                <td>{vendor.legIntPurposes.join(', ') || '—'}</td>
                <td>
                  <Button
                    size="small"
                    variant="minimal"
                    intent="danger"
                    icon={<TrashIcon />}
                    text={VENDORS.removeCustom}
                    aria-label={`${VENDORS.removeCustom} ${vendor.name}`}
                    onClick={() => onChange(vendors.filter((_, j) => j !== i))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Card className="assent-custom-vendor-form">
        <H5>{VENDORS.addCustom}</H5>
        <div className="assent-form-row">
          <TextField
            label={VENDORS.customName}
            value={draft.name}
            onChange={(name) => setDraft((d) => ({ ...d, name }))}
          />
          <TextField
            label={VENDORS.customPolicy}
            type="url"
            value={draft.privacyPolicyUrl}
            placeholder="https://"
            onChange={(privacyPolicyUrl) => setDraft((d) => ({ ...d, privacyPolicyUrl }))}
          />
        </div>
        <PurposeChecks
          legend={VENDORS.customPurposes}
          purposes={purposes}
          value={draft.purposes}
          onChange={(ids) => setDraft((d) => ({ ...d, purposes: ids }))}
        />
        <PurposeChecks
          legend={VENDORS.customLegIntPurposes}
          purposes={purposes}
          value={draft.legIntPurposes}
          onChange={(ids) => setDraft((d) => ({ ...d, legIntPurposes: ids }))}
        />
        <Button
          icon={<PlusIcon />}
          text={VENDORS.addCustom}
          disabled={!draft.name.trim()}
          onClick={() => {
            onChange([
              ...vendors,
              {
                ...draft,
                name: draft.name.trim(),
                privacyPolicyUrl: draft.privacyPolicyUrl.trim(),
              },
            ]);
            setDraft({
              id: newId(),
              name: '',
              privacyPolicyUrl: '',
              purposes: [],
              legIntPurposes: [],
            });
          }}
        />
      </Card>
    </div>
  );
}
