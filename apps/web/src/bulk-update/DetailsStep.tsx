import type { Issue } from '@assent/core';
import { COUNTRIES } from '@assent/core';
import {
  BULK_CONSENT_SCOPE_LABELS,
  BULK_CONSENT_SCOPES,
  BULK_LEGAL_BASIS_LABELS,
  BULK_REGULATION_REQUIRED,
  bulkDetailsNextEnabled,
  closeBulkSensitiveDataDialog,
  setBulkConsentScope,
  setBulkLegalBasis,
  validateBulkFields,
} from '@assent/core/bulk-update';
import type { BulkConsentScope, BulkDetailsForm, BulkLegalBasis } from '@assent/core/bulk-update';
import {
  CONSENT_LOCATION_LABELS,
  ConsentLocation as ConsentLocationEnum,
  GBC_PURPOSES,
  GDPR_ENCODING_MODE_LABELS,
  GdprEncodingMode as GdprEncodingModeEnum,
  MSPA_JURISDICTION_LABELS,
  MSPA_PURPOSES,
  MSPA_SENSITIVE_MARKER,
  MspaJurisdiction as MspaJurisdictionEnum,
  cmpVersionLabel,
} from '@assent/core/property';
import type {
  ConsentLocation,
  GbcPurposeSetting,
  GdprEncodingMode,
  MspaAutoPopUp,
  MspaJurisdiction,
  PrivacyMode,
  ThirdPartyStorageType,
} from '@assent/core/property';
import {
  ADD_ONE,
  REMOVE_ONE,
  addFooterLink,
  canAddFooterLink,
  removeFooterLink,
} from '@assent/core/theme';
import { Button, Callout, Checkbox, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { TextField } from '../components/FormField';
import { legalBasisSummary } from '../property-form/copy';
import { CheckboxGroupField, FormCard, RadioField, SelectField } from '../property-form/fields';
import { focusFirstInvalid } from '../property-form/use-property-form';
import { BulkLegalBasisDialog } from './BulkLegalBasisDialog';
import { BulkSensitiveDataDialog } from './BulkSensitiveDataDialog';
import { useBulkUpdateFlow } from './context';
import { DETAILS } from './copy';
import { StepFooter } from './StepFooter';

const NONE = '' as const;
type Choice<T extends string> = T | typeof NONE;

/** Drops a field from the form: it is then not changed. */
function without(form: BulkDetailsForm, ...keys: Array<keyof BulkDetailsForm>): BulkDetailsForm {
  const next = { ...form };
  for (const key of keys) delete next[key];
  return next;
}

/** A list field: an empty choice means "not changed". */
const listOrUnset = <T,>(list: readonly T[]): T[] | undefined =>
  list.length ? [...list] : undefined;

/** The issues of the form: core's step-2 rules (Google basic consent's among them). */
function bulkDetailsIssues(form: BulkDetailsForm): Issue[] {
  const checked = validateBulkFields(form);
  return checked.ok ? [] : [...checked.issues];
}

type Dialog =
  { kind: 'none' } | { kind: 'legalBasis' } | { kind: 'sensitiveData'; selected: number[] };

/**
 * Step 2: every field starts at 'No change'; only the fields changed are sent. NEXT is enabled
 * when core's rule allows it (a regulation or Google basic consent, MSPA purposes with one of
 * 1 to 4); a NEXT with broken rules shows them and focuses the first.
 */
export function DetailsStep() {
  const { state, dispatch, init } = useBulkUpdateFlow();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const form = state.step === 'details' ? state.form : {};
  const issues = useMemo(() => bulkDetailsIssues(form), [form]);
  if (state.step !== 'details') return null;

  const edit = (next: BulkDetailsForm, ...fields: string[]) => {
    setTouched((t) => new Set([...t, ...fields]));
    dispatch({ type: 'editForm', form: next });
  };
  const errorOf = (field: string) => {
    const shown = showAll || [...touched].some((t) => field === t || field.startsWith(`${t}.`));
    return shown ? issues.find((i) => i.field === field)?.message : undefined;
  };
  const nextEnabled = bulkDetailsNextEnabled(form);

  return (
    <>
      <Callout className="assent-form-callouts" compact>
        {DETAILS.intro}
      </Callout>
      <form
        className="assent-property-form assent-bulk-details"
        aria-label={DETAILS.cards.general}
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <GeneralCard form={form} edit={edit} errorOf={errorOf} init={init} />
        <GdprCard
          form={form}
          edit={edit}
          errorOf={errorOf}
          onCustomise={() => setDialog({ kind: 'legalBasis' })}
        />
        <GoogleCard form={form} edit={edit} errorOf={errorOf} />
        <UsCard
          form={form}
          edit={edit}
          errorOf={errorOf}
          onSensitive={() =>
            setDialog({ kind: 'sensitiveData', selected: form.mspaSensitiveDataPurposeIds ?? [] })
          }
        />
        <FooterLinksCard form={form} edit={edit} errorOf={errorOf} />
      </form>
      {nextEnabled ? null : (
        <Callout intent="warning" role="status" className="assent-bulk-guard">
          {BULK_REGULATION_REQUIRED}
        </Callout>
      )}
      <StepFooter
        onBack={() => dispatch({ type: 'back' })}
        nextDisabled={!nextEnabled}
        onNext={() => {
          if (issues.length > 0) {
            setShowAll(true);
            focusFirstInvalid();
            return;
          }
          dispatch({ type: 'next' });
        }}
      />
      {dialog.kind === 'legalBasis' ? (
        <BulkLegalBasisDialog
          form={form}
          onCancel={() => setDialog({ kind: 'none' })}
          onOk={(selection) => {
            edit(setBulkLegalBasis(form, 'customized', selection), 'purposeIds');
            setDialog({ kind: 'none' });
          }}
        />
      ) : null}
      {dialog.kind === 'sensitiveData' ? (
        <BulkSensitiveDataDialog
          selected={dialog.selected}
          onChange={(selected) => setDialog({ kind: 'sensitiveData', selected })}
          onClose={(selected) => {
            edit(closeBulkSensitiveDataDialog(form, selected), 'mspaOptOutPurposeIds');
            setDialog({ kind: 'none' });
          }}
        />
      ) : null}
    </>
  );
}

interface CardProps {
  form: BulkDetailsForm;
  edit: (next: BulkDetailsForm, ...fields: string[]) => void;
  errorOf: (field: string) => string | undefined;
}

function GeneralCard({
  form,
  edit,
  errorOf,
  init,
}: CardProps & { init: ReturnType<typeof useBulkUpdateFlow>['init'] }) {
  const versions = init.cmpVersions.map((v) => ({ value: String(v.version), label: v.label }));
  return (
    <FormCard title={DETAILS.cards.general}>
      <SelectField<string>
        label={DETAILS.theme}
        value={form.themeId ?? NONE}
        options={[
          { value: NONE, label: DETAILS.noChange },
          ...init.themes.map((t) => ({ value: t.themeId, label: t.themeName })),
        ]}
        onChange={(themeId) =>
          edit(themeId ? { ...form, themeId } : without(form, 'themeId'), 'themeId')
        }
      />
      <SelectField<string>
        label={DETAILS.cmpVersion}
        value={form.cmpVersion === undefined ? NONE : String(form.cmpVersion)}
        options={[{ value: NONE, label: DETAILS.noChange }, ...versions]}
        helperText={
          form.cmpVersion === undefined ? undefined : `→ ${cmpVersionLabel(form.cmpVersion)}`
        }
        onChange={(value) =>
          edit(
            value === NONE
              ? without(form, 'cmpVersion')
              : { ...form, cmpVersion: value === 'latest' ? 'latest' : Number(value) },
            'cmpVersion',
          )
        }
      />
      <CheckboxGroupField<ConsentLocation>
        legend={DETAILS.consentLocations}
        options={ConsentLocationEnum.options.map((value) => ({
          value,
          label: CONSENT_LOCATION_LABELS[value],
        }))}
        selected={form.consentLocations ?? []}
        helperText={DETAILS.consentLocationsHelp}
        error={errorOf('consentLocations')}
        onChange={(locations) =>
          edit({ ...form, consentLocations: listOrUnset(locations) }, 'consentLocations')
        }
      />
      <CheckboxGroupField<PrivacyMode>
        legend={DETAILS.privacyModes}
        options={[
          { value: 'GDPR', label: 'GDPR' },
          { value: 'USP', label: 'US' },
        ]}
        selected={form.privacyModes ?? []}
        helperText={DETAILS.privacyModesHelp}
        onChange={(modes) => edit({ ...form, privacyModes: listOrUnset(modes) }, 'privacyModes')}
      />
      <SelectField<string>
        label={DETAILS.publisherCountry}
        value={form.publisherCC ?? NONE}
        options={[
          { value: NONE, label: DETAILS.noChange },
          ...COUNTRIES.map((c) => ({ value: c.code, label: c.name })),
        ]}
        onChange={(code) =>
          edit(code ? { ...form, publisherCC: code } : without(form, 'publisherCC'), 'publisherCC')
        }
      />
    </FormCard>
  );
}

function GdprCard({ form, edit, errorOf, onCustomise }: CardProps & { onCustomise: () => void }) {
  const scope: Choice<BulkConsentScope> =
    form.consentScope === 'service' || form.consentScope === 'service group'
      ? form.consentScope
      : NONE;
  const basis: Choice<BulkLegalBasis> = form.legalBasis ?? NONE;
  const days = form.repromtDaysAfterGvlUpdate;
  return (
    <FormCard title={DETAILS.cards.gdpr}>
      <RadioField<Choice<BulkConsentScope>>
        label={DETAILS.consentScope}
        value={scope}
        options={[
          { value: NONE, label: DETAILS.noChange },
          ...BULK_CONSENT_SCOPES.map((value) => ({
            value,
            label: BULK_CONSENT_SCOPE_LABELS[value],
          })),
        ]}
        onChange={(value) =>
          edit(
            value === NONE
              ? without(form, 'consentScope', 'consentScopeGroupURL', 'thirdPartyStorageType')
              : setBulkConsentScope(form, value),
            'consentScope',
          )
        }
      />
      {form.consentScope === 'service group' ? (
        <>
          <TextField
            label={DETAILS.groupUrl}
            type="url"
            required
            value={form.consentScopeGroupURL ?? ''}
            placeholder="https://group.example.com"
            error={errorOf('consentScopeGroupURL')}
            onChange={(url) => edit({ ...form, consentScopeGroupURL: url }, 'consentScopeGroupURL')}
          />
          <RadioField<ThirdPartyStorageType>
            label={DETAILS.storage}
            value={form.thirdPartyStorageType ?? undefined}
            options={[
              { value: 'iframe', label: DETAILS.storageIframe },
              { value: 'api', label: DETAILS.storageApi },
            ]}
            error={errorOf('thirdPartyStorageType')}
            onChange={(storage) =>
              edit({ ...form, thirdPartyStorageType: storage }, 'thirdPartyStorageType')
            }
          />
        </>
      ) : null}
      <RadioField<Choice<BulkLegalBasis>>
        label={DETAILS.legalBasis}
        value={basis}
        options={[
          { value: NONE, label: DETAILS.noChange },
          { value: 'applyRecommended', label: BULK_LEGAL_BASIS_LABELS.applyRecommended },
          { value: 'customized', label: BULK_LEGAL_BASIS_LABELS.customized },
        ]}
        onChange={(value) => {
          if (value === 'customized') onCustomise();
          else if (value === 'applyRecommended') {
            edit(setBulkLegalBasis(form, 'applyRecommended'), 'purposeIds');
          } else {
            edit(
              without(
                form,
                'legalBasis',
                'noLegalBasis',
                'purposeIds',
                'purposeLegitimateIds',
                'specialPurposes',
                'features',
                'specialFeatures',
              ),
              'purposeIds',
            );
          }
        }}
      />
      {form.legalBasis === 'customized' ? (
        <div className="assent-form-inline assent-form-summary">
          <span data-testid="bulk-legal-basis-summary">
            {legalBasisSummary(form.purposeIds ?? [], form.purposeLegitimateIds ?? [])}
          </span>
          <Button size="small" icon={<EditIcon />} text={DETAILS.customise} onClick={onCustomise} />
        </div>
      ) : null}
      <TextField
        label={DETAILS.repromptDays}
        type="number"
        value={days === undefined || Number.isNaN(days) ? '' : String(days)}
        helperText={DETAILS.repromptDaysHelp}
        error={errorOf('repromtDaysAfterGvlUpdate')}
        inputProps={{ min: 6, max: 350, className: 'assent-days-input' }}
        onChange={(value) =>
          edit(
            value.trim() === ''
              ? without(form, 'repromtDaysAfterGvlUpdate')
              : { ...form, repromtDaysAfterGvlUpdate: Number(value) },
            'repromtDaysAfterGvlUpdate',
          )
        }
      />
      <SelectField<Choice<GdprEncodingMode>>
        label={DETAILS.encodingMode}
        value={form.gdprEncodingMode ?? NONE}
        options={[
          { value: NONE, label: DETAILS.noChange },
          ...GdprEncodingModeEnum.options.map((mode) => ({
            value: mode,
            label: GDPR_ENCODING_MODE_LABELS[mode],
          })),
        ]}
        onChange={(mode) =>
          edit(
            mode === NONE ? without(form, 'gdprEncodingMode') : { ...form, gdprEncodingMode: mode },
            'gdprEncodingMode',
          )
        }
      />
    </FormCard>
  );
}

type YesNo = Choice<'yes' | 'no'>;
const YES_NO_OPTIONS = [
  { value: NONE, label: DETAILS.noChange },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;
const yesNoOf = (value: boolean | undefined): YesNo =>
  value === undefined ? NONE : value ? 'yes' : 'no';

function GoogleCard({ form, edit, errorOf }: CardProps) {
  const purposes = form.gbcApplicablePurposes ?? [];
  const setPurpose = (id: number, change: Partial<GbcPurposeSetting> | null) => {
    const others = purposes.filter((p) => p.id !== id);
    const current = purposes.find((p) => p.id === id) ?? { id, enabled: true };
    const next = change === null ? others : [...others, { ...current, ...change }];
    edit(
      { ...form, gbcApplicablePurposes: next.sort((a, b) => a.id - b.id) },
      'gbcApplicablePurposes',
    );
  };
  return (
    <FormCard title={DETAILS.cards.google}>
      <RadioField<YesNo>
        label={DETAILS.googleEnabled}
        value={yesNoOf(form.googleEnabled)}
        options={YES_NO_OPTIONS}
        onChange={(v) =>
          edit(
            v === NONE ? without(form, 'googleEnabled') : { ...form, googleEnabled: v === 'yes' },
            'googleEnabled',
          )
        }
      />
      <RadioField<YesNo>
        label={DETAILS.gbcEnabled}
        value={yesNoOf(form.gbcEnabled)}
        options={YES_NO_OPTIONS}
        error={errorOf('gbcEnabled')}
        onChange={(v) =>
          edit(
            v === 'yes'
              ? {
                  ...form,
                  gbcEnabled: true,
                  gbcLocations: form.gbcLocations ?? [],
                  gbcApplicablePurposes: form.gbcApplicablePurposes ?? [],
                }
              : v === 'no'
                ? { ...without(form, 'gbcLocations', 'gbcApplicablePurposes'), gbcEnabled: false }
                : without(form, 'gbcEnabled', 'gbcLocations', 'gbcApplicablePurposes'),
            'gbcEnabled',
          )
        }
      />
      {form.gbcEnabled === true ? (
        <>
          <CheckboxGroupField<ConsentLocation>
            legend={DETAILS.gbcLocations}
            options={ConsentLocationEnum.options.map((value) => ({
              value,
              label: CONSENT_LOCATION_LABELS[value],
            }))}
            selected={form.gbcLocations ?? []}
            error={errorOf('gbcLocations')}
            onChange={(locations) => edit({ ...form, gbcLocations: locations }, 'gbcLocations')}
          />
          <FormGroup
            label={DETAILS.gbcPurposes}
            intent={errorOf('gbcApplicablePurposes') ? 'danger' : 'none'}
            helperText={
              errorOf('gbcApplicablePurposes') ? (
                <span className="assent-error">{errorOf('gbcApplicablePurposes')}</span>
              ) : undefined
            }
          >
            {GBC_PURPOSES.map((purpose) => {
              const setting = purposes.find((p) => p.id === purpose.id);
              return (
                <div key={purpose.id} className="assent-form-inline">
                  <Checkbox
                    label={purpose.name}
                    checked={setting !== undefined}
                    onChange={(event) =>
                      setPurpose(purpose.id, event.currentTarget.checked ? { enabled: true } : null)
                    }
                  />
                  {setting ? (
                    <HTMLSelect
                      aria-label={DETAILS.gbcDefault(purpose.name)}
                      value={setting.defaultValue ?? 'DENIED'}
                      onChange={(event) =>
                        setPurpose(purpose.id, {
                          defaultValue: event.currentTarget.value as 'GRANTED' | 'DENIED',
                        })
                      }
                    >
                      <option value="DENIED">{DETAILS.denied}</option>
                      <option value="GRANTED">{DETAILS.granted}</option>
                    </HTMLSelect>
                  ) : null}
                </div>
              );
            })}
          </FormGroup>
        </>
      ) : null}
    </FormCard>
  );
}

function UsCard({ form, edit, errorOf, onSensitive }: CardProps & { onSensitive: () => void }) {
  const mspa = form.mspaOptOutPurposeIds ?? [];
  const autoPopUp: Choice<'true' | 'false' | 'link'> =
    form.mspaAutoPopUp === undefined ? NONE : (String(form.mspaAutoPopUp) as 'true');
  return (
    <FormCard title={DETAILS.cards.us}>
      <RadioField<Choice<'US' | 'CA'>>
        label={DETAILS.uspJurisdiction}
        value={form.uspJurisdiction ?? NONE}
        options={[
          { value: NONE, label: DETAILS.noChange },
          { value: 'US', label: 'All of the US' },
          { value: 'CA', label: 'California only' },
        ]}
        onChange={(v) =>
          edit(
            v === NONE ? without(form, 'uspJurisdiction') : { ...form, uspJurisdiction: v },
            'uspJurisdiction',
          )
        }
      />
      <RadioField<YesNo>
        label={DETAILS.uspLspact}
        value={form.uspLspact === undefined ? NONE : form.uspLspact === 'Y' ? 'yes' : 'no'}
        options={YES_NO_OPTIONS}
        onChange={(v) =>
          edit(
            v === NONE
              ? without(form, 'uspLspact')
              : { ...form, uspLspact: v === 'yes' ? 'Y' : 'N' },
            'uspLspact',
          )
        }
      />
      <CheckboxGroupField<number>
        legend={DETAILS.mspaPurposes}
        inline={false}
        options={MSPA_PURPOSES.map((p) => ({ value: p.id, label: `${p.id}. ${p.name}` }))}
        selected={mspa}
        helperText={DETAILS.mspaPurposesHelp}
        error={errorOf('mspaOptOutPurposeIds')}
        onChange={(ids) => {
          const sorted = [...ids].sort((a, b) => a - b);
          const addsSensitive =
            sorted.includes(MSPA_SENSITIVE_MARKER) && !mspa.includes(MSPA_SENSITIVE_MARKER);
          const next =
            sorted.length === 0
              ? without(form, 'mspaOptOutPurposeIds', 'mspaSensitiveDataPurposeIds')
              : sorted.includes(MSPA_SENSITIVE_MARKER)
                ? { ...form, mspaOptOutPurposeIds: sorted }
                : closeBulkSensitiveDataDialog({ ...form, mspaOptOutPurposeIds: sorted }, []);
          edit(next, 'mspaOptOutPurposeIds');
          if (addsSensitive) onSensitive();
        }}
      />
      {mspa.includes(MSPA_SENSITIVE_MARKER) ? (
        <Button
          size="small"
          icon={<EditIcon />}
          text={DETAILS.editSensitive}
          onClick={onSensitive}
        />
      ) : null}
      <RadioField<YesNo>
        label={DETAILS.coveredTransaction}
        value={yesNoOf(form.isCoveredTransaction)}
        options={YES_NO_OPTIONS}
        onChange={(v) => {
          const base =
            v === NONE
              ? without(form, 'isCoveredTransaction')
              : { ...form, isCoveredTransaction: v === 'yes' };
          // National is available only to covered transactions.
          edit(
            v !== 'yes' && base.mspaJurisdiction === 'NATIONAL'
              ? without(base, 'mspaJurisdiction')
              : base,
            'isCoveredTransaction',
          );
        }}
      />
      <RadioField<Choice<MspaJurisdiction>>
        label={DETAILS.mspaJurisdiction}
        value={form.mspaJurisdiction ?? NONE}
        options={[
          { value: NONE, label: DETAILS.noChange },
          ...MspaJurisdictionEnum.options.map((value) => ({
            value,
            label: MSPA_JURISDICTION_LABELS[value],
            disabled: value === 'NATIONAL' && form.isCoveredTransaction !== true,
          })),
        ]}
        onChange={(v) =>
          edit(
            v === NONE ? without(form, 'mspaJurisdiction') : { ...form, mspaJurisdiction: v },
            'mspaJurisdiction',
          )
        }
      />
      <RadioField<Choice<'true' | 'false' | 'link'>>
        label={DETAILS.autoPopUp}
        value={autoPopUp}
        options={[
          { value: NONE, label: DETAILS.noChange },
          { value: 'true', label: DETAILS.autoPopUpTrue },
          { value: 'false', label: DETAILS.autoPopUpFalse },
          { value: 'link', label: DETAILS.autoPopUpLink },
        ]}
        onChange={(v) => {
          const value: MspaAutoPopUp | undefined =
            v === NONE ? undefined : v === 'link' ? 'link' : v === 'true';
          edit(
            value === undefined
              ? without(form, 'mspaAutoPopUp')
              : { ...form, mspaAutoPopUp: value },
            'mspaAutoPopUp',
          );
        }}
      />
    </FormCard>
  );
}

const EMPTY_LINK = { text: '', url: '' };

/** Up to three footer links, the first being the privacy policy; each needs text and a valid URL. */
function FooterLinksCard({ form, edit, errorOf }: CardProps) {
  const links = form.customFooterLinks;
  const setLinks = (next: typeof links) =>
    edit(
      next === undefined
        ? without(form, 'customFooterLinks')
        : { ...form, customFooterLinks: next },
      'customFooterLinks',
    );
  return (
    <FormCard title={DETAILS.cards.footer}>
      <Checkbox
        label={DETAILS.changeLinks}
        checked={links !== undefined}
        onChange={(event) =>
          setLinks(event.currentTarget.checked ? [{ ...EMPTY_LINK }] : undefined)
        }
      />
      {links === undefined ? (
        <p className="assent-muted">{DETAILS.noLinks}</p>
      ) : (
        <>
          {links.map((link, index) => (
            <div key={index} className="assent-bulk-link-row">
              <TextField
                label={DETAILS.linkText(index + 1)}
                value={link.text}
                error={errorOf(`customFooterLinks.${index}.text`)}
                onChange={(text) =>
                  setLinks(links.map((l, i) => (i === index ? { ...l, text } : l)))
                }
              />
              <TextField
                label={DETAILS.linkUrl(index + 1)}
                type="url"
                value={link.url}
                placeholder="https://example.com/privacy"
                error={errorOf(`customFooterLinks.${index}.url`)}
                onChange={(url) => setLinks(links.map((l, i) => (i === index ? { ...l, url } : l)))}
              />
            </div>
          ))}
          <div className="assent-form-inline">
            <Button
              size="small"
              text={ADD_ONE}
              disabled={!canAddFooterLink(links, 'bulk')}
              onClick={() => setLinks(addFooterLink(links, 'bulk', { ...EMPTY_LINK }))}
            />
            <Button
              size="small"
              text={REMOVE_ONE}
              disabled={links.length <= 1}
              onClick={() => setLinks(removeFooterLink(links, links.length - 1, { ...EMPTY_LINK }))}
            />
          </div>
        </>
      )}
    </FormCard>
  );
}
