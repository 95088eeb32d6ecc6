import { issuesToFields } from '@assent/core';
import { customVendorLegIntAllowed, validateCustomVendor } from '@assent/core/vendors';
import type { CustomVendor, VendorListResponse } from '@assent/core/vendors';
import { Button, Card, Checkbox, H5, HTMLTable } from '@blueprintjs/core';
import { EditIcon, PlusIcon, TickIcon, TrashIcon } from '@blueprintjs/icons';
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

const emptyVendor = (): CustomVendor => ({
  id: newId(),
  name: '',
  privacyPolicyUrl: '',
  purposes: [],
  legIntPurposes: [],
});

/** The card's draft: a new vendor, or a copy of the row being edited (by its index). */
type VendorDraft = { vendor: CustomVendor; editing: number | null; attempted: boolean };

/**
 * Non-IAB vendors: listed with their policy and purposes, added, edited and removed here. The card
 * checks a vendor with core's `validateCustomVendor` before it joins the list (the page's save and
 * the server check every row again).
 */
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
  const [draft, setDraft] = useState<VendorDraft>(() => ({
    vendor: emptyVendor(),
    editing: null,
    attempted: false,
  }));
  const { vendor, editing } = draft;
  const issues = draft.attempted ? issuesToFields(validateCustomVendor(vendor)) : {};
  const update = (patch: Partial<CustomVendor>) =>
    setDraft((d) => ({ ...d, vendor: { ...d.vendor, ...patch } }));
  const reset = () => setDraft({ vendor: emptyVendor(), editing: null, attempted: false });
  const commit = () => {
    const cleaned = {
      ...vendor,
      name: vendor.name.trim(),
      privacyPolicyUrl: vendor.privacyPolicyUrl.trim(),
    };
    if (validateCustomVendor(cleaned).length) {
      setDraft((d) => ({ ...d, attempted: true }));
      return;
    }
    onChange(
      editing === null
        ? [...vendors, cleaned]
        : vendors.map((v, i) => (i === editing ? cleaned : v)),
    );
    reset();
  };
  const rowError = (i: number, field: string) => errors[`customVendors.${i}.${field}`];

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
            {vendors.map((row, i) => (
              <tr key={row.id} aria-current={editing === i ? 'true' : undefined}>
                <td>
                  {row.name}
                  <RowError message={rowError(i, 'name')} />
                </td>
                <td>
                  {row.privacyPolicyUrl}
                  <RowError message={rowError(i, 'privacyPolicyUrl')} />
                </td>
                <td>
                  {row.purposes.join(', ') || '—'}
                  <RowError message={rowError(i, 'purposes')} />
                </td>
                <td>
                  {row.legIntPurposes.join(', ') || '—'}
                  <RowError message={rowError(i, 'legIntPurposes')} />
                </td>
                <td className="assent-nowrap">
                  <Button
                    size="small"
                    variant="minimal"
                    icon={<EditIcon />}
                    text={VENDORS.editCustom}
                    aria-label={`${VENDORS.editCustom} ${row.name}`}
                    onClick={() => setDraft({ vendor: { ...row }, editing: i, attempted: true })}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    intent="danger"
                    icon={<TrashIcon />}
                    text={VENDORS.removeCustom}
                    aria-label={`${VENDORS.removeCustom} ${row.name}`}
                    onClick={() => {
                      onChange(vendors.filter((_, j) => j !== i));
                      if (editing !== null) reset();
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Card className="assent-custom-vendor-form">
        <H5>
          {editing === null
            ? VENDORS.addCustom
            : VENDORS.editCustomTitle(vendors[editing]?.name ?? '')}
        </H5>
        <div className="assent-form-row">
          <TextField
            label={VENDORS.customName}
            value={vendor.name}
            error={issues.name}
            onChange={(name) => update({ name })}
          />
          <TextField
            label={VENDORS.customPolicy}
            type="url"
            value={vendor.privacyPolicyUrl}
            placeholder="https://"
            error={issues.privacyPolicyUrl}
            onChange={(privacyPolicyUrl) => update({ privacyPolicyUrl })}
          />
        </div>
        <PurposeChecks
          legend={VENDORS.customPurposes}
          purposes={purposes}
          value={vendor.purposes}
          onChange={(ids) => update({ purposes: ids })}
        />
        <PurposeChecks
          legend={VENDORS.customLegIntPurposes}
          purposes={purposes.filter((p) => customVendorLegIntAllowed(p.id))}
          value={vendor.legIntPurposes}
          onChange={(ids) => update({ legIntPurposes: ids })}
        />
        <RowError message={issues.purposes ?? issues.legIntPurposes} alert />
        <div className="assent-form-inline">
          <Button
            icon={editing === null ? <PlusIcon /> : <TickIcon />}
            intent={editing === null ? 'none' : 'primary'}
            text={editing === null ? VENDORS.addCustom : VENDORS.updateCustom}
            onClick={commit}
          />
          {editing !== null ? <Button text={VENDORS.cancelEdit} onClick={reset} /> : null}
        </div>
      </Card>
    </div>
  );
}

function RowError({ message, alert = false }: { message: string | undefined; alert?: boolean }) {
  if (!message) return null;
  return (
    <div className="assent-error" role={alert ? 'alert' : undefined}>
      {message}
    </div>
  );
}
