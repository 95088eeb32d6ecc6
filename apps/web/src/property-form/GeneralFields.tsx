import {
  CONSENT_LOCATION_LABELS,
  ConsentLocation as ConsentLocationEnum,
  REQUIRE_CONSENT_FROM_LABELS,
  RequireConsentFrom as RequireConsentFromEnum,
  cmpVersionLabel,
  publisherNameRequired,
  regulationLabel,
  regulationsOf,
  supportsFeature,
} from '@assent/core/property';
import type {
  CmpVersion,
  ConsentLocation,
  PrivacyMode,
  RequireConsentFrom,
} from '@assent/core/property';
import { CountrySuggest } from '../components/CountrySuggest';
import { FormField, TextField } from '../components/FormField';
import type { PropertyFormApi } from './context';
import { LABELS } from './copy';
import { CheckboxGroupField, RadioField, SelectField } from './fields';
import { set } from './form-state';

/** The theme select: the account's themes of the property's type; '-3' and unknown ids read as none. */
export function ThemeField({ form }: { form: PropertyFormApi }) {
  const { values, dispatch, errorOf, init } = form;
  return (
    <SelectField
      label={LABELS.theme}
      required
      value={values.themeId}
      placeholder={LABELS.themePlaceholder}
      options={init.themes.map((t) => ({ value: t.themeId, label: t.themeName }))}
      error={errorOf('themeId')}
      onChange={(themeId) => {
        const theme = init.themes.find((t) => t.themeId === themeId);
        if (theme) dispatch({ type: 'theme', themeId, gvlVersion: theme.gvlVersion });
      }}
    />
  );
}

const versionValue = (version: CmpVersion): string => String(version);
const parseVersion = (value: string): CmpVersion => (value === 'latest' ? 'latest' : Number(value));

/** The CMP version select (with what the chosen release introduced); the app form shows it disabled. */
export function CmpVersionField({
  form,
  disabled = false,
}: {
  form: PropertyFormApi;
  disabled?: boolean;
}) {
  const { values, dispatch, errorOf, init } = form;
  const current = versionValue(values.cmpVersion);
  const options = init.cmpVersions.map((v) => ({
    value: versionValue(v.version),
    label: v.label,
  }));
  // A property pinned to a release no longer offered still shows it.
  if (!options.some((o) => o.value === current)) {
    options.push({ value: current, label: cmpVersionLabel(values.cmpVersion) });
  }
  const notes = init.cmpVersions.find((v) => versionValue(v.version) === current)?.notes;
  return (
    <SelectField
      label={LABELS.cmpVersion}
      value={current}
      options={options}
      disabled={disabled}
      helperText={notes}
      error={errorOf('cmpVersion')}
      onChange={(value) => dispatch({ type: 'cmpVersion', version: parseVersion(value) })}
    />
  );
}

export function PublisherNameField({ form, label }: { form: PropertyFormApi; label: string }) {
  const { values, dispatch, errorOf } = form;
  return (
    <TextField
      label={label}
      required={publisherNameRequired(values)}
      value={values.publisherName}
      error={errorOf('publisherName')}
      onChange={(value) => dispatch(set('publisherName', value))}
    />
  );
}

export function LogoField({ form }: { form: PropertyFormApi }) {
  const { values, dispatch, errorOf } = form;
  return (
    <TextField
      label={LABELS.logo}
      type="url"
      value={values.publisherLogoUrl}
      placeholder="https://example.com/logo.png"
      helperText={LABELS.logoHelp}
      error={errorOf('publisherLogoUrl')}
      onChange={(value) => dispatch(set('publisherLogoUrl', value))}
    />
  );
}

const LOCATION_OPTIONS = ConsentLocationEnum.options.map((value) => ({
  value,
  label: CONSENT_LOCATION_LABELS[value],
}));

const PRIVACY_MODE_OPTIONS: ReadonlyArray<{ value: PrivacyMode; label: string }> = [
  { value: 'GDPR', label: LABELS.regulationGdpr },
  { value: 'USP', label: LABELS.regulationUs },
];

/**
 * Where consent is asked and the regulations it sets: consent locations on multi-regulation
 * versions (the regulations follow from them), otherwise the regulations and 'Require consent
 * from' of the old versions. Then the publisher country.
 */
export function RegulationFields({ form }: { form: PropertyFormApi }) {
  const { values, dispatch, errorOf } = form;
  const multiRegulation = supportsFeature(values.cmpVersion, 'consentLocations');
  return (
    <>
      {multiRegulation ? (
        <>
          <CheckboxGroupField<ConsentLocation>
            legend={LABELS.consentLocations}
            options={LOCATION_OPTIONS}
            selected={values.consentLocations}
            error={errorOf('consentLocations')}
            onChange={(locations) => dispatch({ type: 'consentLocations', locations })}
          />
          <p className="assent-form-readout">
            <span className="assent-muted">{LABELS.regulations}: </span>
            <strong data-testid="regulations">{regulationLabel(regulationsOf(values))}</strong>
          </p>
        </>
      ) : (
        <>
          <CheckboxGroupField<PrivacyMode>
            legend={LABELS.regulations}
            options={PRIVACY_MODE_OPTIONS}
            selected={values.privacyModes}
            error={errorOf('privacyModes')}
            onChange={(modes) => dispatch(set('privacyModes', modes))}
          />
          <RadioField<RequireConsentFrom>
            label={LABELS.requireConsentFrom}
            value={values.requireConsentFrom}
            options={RequireConsentFromEnum.options.map((value) => ({
              value,
              label: REQUIRE_CONSENT_FROM_LABELS[value],
            }))}
            error={errorOf('requireConsentFrom')}
            onChange={(value) => dispatch(set('requireConsentFrom', value))}
          />
        </>
      )}
      <FormField label={LABELS.publisherCountry} error={errorOf('publisherCC')}>
        {({ intent: _intent, ...control }) => (
          <CountrySuggest
            {...control}
            value={values.publisherCC}
            onChange={(code) => dispatch({ type: 'publisherCountry', code })}
          />
        )}
      </FormField>
    </>
  );
}
