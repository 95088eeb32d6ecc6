import {
  APP_CONSENT_SCOPE_LABELS,
  GDPR_ENCODING_MODE_LABELS,
  GdprEncodingMode as GdprEncodingModeEnum,
  LEGAL_BASIS_LABELS,
  SITE_CONSENT_SCOPE_LABELS,
  canDefineLegalBasis,
  consentScopeOptions,
  legalBasisChoiceOf,
  legalBasisOf,
} from '@assent/core/property';
import type { ConsentScope, GdprEncodingMode, ThirdPartyStorageType } from '@assent/core/property';
import { Button } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { TextField } from '../components/FormField';
import type { PropertyFormApi } from './context';
import { CARD_TITLES, LABELS, legalBasisSummary } from './copy';
import { FormCard, RadioField, SelectField } from './fields';
import { set } from './form-state';

/** Consent scope (GDPR): sites choose among the scopes core offers (AMP: 'Your site only'); apps 'Your app only'. */
export function ConsentScopeCard({ form }: { form: PropertyFormApi }) {
  const { values, dispatch, errorOf } = form;
  const labels: Partial<Record<ConsentScope, string>> =
    values.propertyType === 'APP' ? APP_CONSENT_SCOPE_LABELS : SITE_CONSENT_SCOPE_LABELS;
  const options = consentScopeOptions(values.propertyType, values.ampEnabled).map((scope) => ({
    value: scope,
    label: labels[scope] ?? scope,
  }));
  return (
    <FormCard title={CARD_TITLES.consentScope}>
      <RadioField<ConsentScope>
        label={LABELS.consentScope}
        value={values.consentScope}
        options={options}
        error={errorOf('consentScope')}
        onChange={(scope) => dispatch({ type: 'consentScope', scope })}
      />
      {values.consentScope === 'service group' ? (
        <>
          <TextField
            label={LABELS.groupUrl}
            type="url"
            required
            value={values.consentScopeGroupURL}
            helperText={LABELS.groupUrlHelp}
            error={errorOf('consentScopeGroupURL')}
            onChange={(value) => dispatch(set('consentScopeGroupURL', value))}
          />
          <RadioField<ThirdPartyStorageType>
            label={LABELS.storage}
            value={values.thirdPartyStorageType ?? undefined}
            options={[
              { value: 'iframe', label: LABELS.storageIframe },
              { value: 'api', label: LABELS.storageApi },
            ]}
            error={errorOf('thirdPartyStorageType')}
            onChange={(value) => dispatch(set('thirdPartyStorageType', value))}
          />
        </>
      ) : null}
    </FormCard>
  );
}

/**
 * Your consent configuration: the legal basis ("I don't declare" / "I define" with the customise
 * dialog), 'Show new vendors every' (days) and the consent string format.
 */
export function ConsentConfigurationCard({ form }: { form: PropertyFormApi }) {
  const { values, dialog, dispatch, errorOf } = form;
  const choice = dialog.kind === 'legalBasis' ? 'defined' : legalBasisChoiceOf(values);
  const { consent, legitimate } = legalBasisOf(values);
  const days = values.repromtDaysAfterGvlUpdate;
  return (
    <FormCard title={CARD_TITLES.consentConfiguration}>
      <RadioField
        label={LABELS.legalBasis}
        value={choice}
        options={[
          { value: 'undeclared', label: LEGAL_BASIS_LABELS.undeclared },
          {
            value: 'defined',
            label: LEGAL_BASIS_LABELS.defined,
            disabled: !canDefineLegalBasis(values.consentScope),
          },
        ]}
        onChange={(next) => dispatch({ type: 'legalBasis', choice: next })}
      />
      {choice === 'defined' && dialog.kind !== 'legalBasis' ? (
        <div className="assent-form-inline assent-form-summary">
          <span data-testid="legal-basis-summary">{legalBasisSummary(consent, legitimate)}</span>
          <Button
            size="small"
            icon={<EditIcon />}
            text={LABELS.customise}
            onClick={() => dispatch({ type: 'legalBasisEdit' })}
          />
        </div>
      ) : null}
      <TextField
        label={LABELS.repromptDays}
        type="number"
        value={Number.isNaN(days) ? '' : String(days)}
        error={errorOf('repromtDaysAfterGvlUpdate')}
        inputProps={{
          min: 0,
          max: 350,
          className: 'assent-days-input',
          rightElement: <span className="assent-input-unit">{LABELS.days}</span>,
        }}
        onChange={(value) =>
          dispatch(set('repromtDaysAfterGvlUpdate', value.trim() === '' ? NaN : Number(value)))
        }
      />
      <SelectField<GdprEncodingMode>
        label={LABELS.encodingMode}
        value={values.gdprEncodingMode}
        options={GdprEncodingModeEnum.options.map((mode) => ({
          value: mode,
          label: GDPR_ENCODING_MODE_LABELS[mode],
        }))}
        error={errorOf('gdprEncodingMode')}
        onChange={(mode) => dispatch(set('gdprEncodingMode', mode))}
      />
    </FormCard>
  );
}

/** The publisher's privacy policy link: shown (and required) when GDPR applies with a declared legal basis. */
export function PrivacyPolicyCard({ form }: { form: PropertyFormApi }) {
  const { values, dispatch, errorOf } = form;
  return (
    <FormCard title={CARD_TITLES.privacyPolicy}>
      <TextField
        label={LABELS.privacyLink}
        type="url"
        required
        value={values.gdprPrivacyLink}
        placeholder="https://example.com/privacy"
        error={errorOf('gdprPrivacyLink')}
        onChange={(value) => dispatch(set('gdprPrivacyLink', value))}
      />
    </FormCard>
  );
}
