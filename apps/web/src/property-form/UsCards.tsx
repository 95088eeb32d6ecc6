import {
  MSPA_JURISDICTION_LABELS,
  WARNING_USP_DEPRECATED,
  footerHtmlIdVisible,
  footerLinkOptionAvailable,
  lspaCheckboxVisible,
  nationalJurisdictionEnabled,
  normaliseLspact,
  normaliseUspJurisdiction,
  supportsFeature,
  visibleMspaPurposes,
} from '@assent/core/property';
import type { MspaJurisdiction, UspJurisdiction } from '@assent/core/property';
import { Button, Callout, TextArea } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { FormField, TextField } from '../components/FormField';
import type { PropertyFormApi } from './context';
import { CARD_TITLES, LABELS, SENSITIVE_DATA_SUMMARY } from './copy';
import { CheckboxField, CheckboxGroupField, FormCard, RadioField, YesNoField } from './fields';
import { set } from './form-state';

const MSPA_PURPOSE_OPTIONS = visibleMspaPurposes(false).map((p) => ({
  value: p.id as number,
  label: p.name,
}));

/**
 * Consent Scope (US): the US Privacy String for California (with its deprecation warning, the
 * LSPA checkbox and the opt-out text), then on multi-regulation versions the MSPA opt-out
 * purposes (the first four) and the sensitive-data questions.
 */
export function UsConsentScopeCard({ form }: { form: PropertyFormApi }) {
  const { values, dialog, dispatch, errorOf } = form;
  const multiRegulation = supportsFeature(values.cmpVersion, 'consentLocations');
  const sensitive = values.mspaSensitiveDataProcessing === 'yes';
  return (
    <FormCard title={CARD_TITLES.usConsentScope}>
      <YesNoField
        label={LABELS.ccpaViaUsp}
        value={values.ccpaViaUsp}
        onChange={(value) => dispatch(set('ccpaViaUsp', value))}
      />
      {lspaCheckboxVisible(values) ? (
        <div className="assent-form-nested">
          <Callout intent="warning" compact className="assent-form-callout">
            {WARNING_USP_DEPRECATED}
          </Callout>
          <CheckboxField
            label={LABELS.lspa}
            checked={normaliseLspact(values.uspLspact) === 'Y'}
            onChange={(checked) => dispatch(set('uspLspact', checked ? 'Y' : 'N'))}
          />
          <RadioField<UspJurisdiction>
            label={LABELS.uspJurisdiction}
            value={normaliseUspJurisdiction(values.uspJurisdiction)}
            options={[
              { value: 'US', label: LABELS.uspJurisdictionUs },
              { value: 'CA', label: LABELS.uspJurisdictionCa },
            ]}
            onChange={(value) => dispatch(set('uspJurisdiction', value))}
          />
          <FormField label={LABELS.dnsText} error={errorOf('uspDnsText')}>
            {({ intent, ...control }) => (
              <TextArea
                {...control}
                intent={intent}
                fill
                rows={2}
                value={values.uspDnsText}
                onChange={(event) => dispatch(set('uspDnsText', event.currentTarget.value))}
              />
            )}
          </FormField>
        </div>
      ) : null}
      {multiRegulation ? (
        <>
          <CheckboxGroupField<number>
            legend={LABELS.mspaPurposes}
            inline={false}
            options={MSPA_PURPOSE_OPTIONS}
            selected={values.mspaPurposeIds}
            error={errorOf('mspaPurposeIds')}
            onChange={(ids) =>
              dispatch(
                set(
                  'mspaPurposeIds',
                  [...ids].sort((a, b) => a - b),
                ),
              )
            }
          />
          <YesNoField
            label={LABELS.sensitiveData}
            value={sensitive}
            onChange={(yes) => dispatch({ type: 'sensitiveData', answer: yes ? 'yes' : 'no' })}
          />
          {sensitive && dialog.kind !== 'sensitiveData' ? (
            <div className="assent-form-inline assent-form-summary">
              <span>{SENSITIVE_DATA_SUMMARY(values.mspaSensitiveDataPurposeIds.length)}</span>
              <Button
                size="small"
                icon={<EditIcon />}
                text={LABELS.editPurposes}
                onClick={() => dispatch({ type: 'sensitiveDataEdit' })}
              />
            </div>
          ) : null}
          <YesNoField
            label={LABELS.childSensitiveData}
            value={values.mspaChildSensitiveDataProcessing === 'yes'}
            onChange={(yes) =>
              dispatch(set('mspaChildSensitiveDataProcessing', yes ? 'yes' : 'no'))
            }
          />
        </>
      ) : null}
    </FormCard>
  );
}

type AutoPopUpValue = 'true' | 'false' | 'link';

/**
 * MSPA Regulation Settings: the covered transaction (Yes re-confirms the signatory), the
 * jurisdiction (National only for covered transactions) and how the banner shows, with the
 * footer element id for 'link' on the versions that support it.
 */
export function MspaSettingsCard({ form }: { form: PropertyFormApi }) {
  const { values, dispatch, errorOf } = form;
  const autoPopUp = String(values.mspaAutoPopUp) as AutoPopUpValue;
  return (
    <FormCard title={CARD_TITLES.mspa}>
      <YesNoField
        label={LABELS.coveredTransaction}
        value={values.isCoveredTransaction}
        onChange={(yes) => dispatch({ type: 'coveredTransaction', answer: yes ? 'yes' : 'no' })}
      />
      <RadioField<MspaJurisdiction>
        label={LABELS.mspaJurisdiction}
        value={values.mspaJurisdiction}
        options={[
          {
            value: 'NATIONAL',
            label: MSPA_JURISDICTION_LABELS.NATIONAL,
            disabled: !nationalJurisdictionEnabled(values),
          },
          { value: 'STATE_AND_NATIONAL', label: MSPA_JURISDICTION_LABELS.STATE_AND_NATIONAL },
        ]}
        error={errorOf('mspaJurisdiction')}
        onChange={(value) => dispatch(set('mspaJurisdiction', value))}
      />
      <RadioField<AutoPopUpValue>
        label={LABELS.autoPopUp}
        value={autoPopUp}
        inline={false}
        options={[
          { value: 'true', label: LABELS.autoPopUpTrue },
          { value: 'false', label: LABELS.autoPopUpFalse },
          ...(footerLinkOptionAvailable(values.cmpVersion)
            ? [{ value: 'link' as const, label: LABELS.autoPopUpLink }]
            : []),
        ]}
        error={errorOf('mspaAutoPopUp')}
        onChange={(value) =>
          dispatch(set('mspaAutoPopUp', value === 'link' ? 'link' : value === 'true'))
        }
      />
      {footerHtmlIdVisible(values) ? (
        <TextField
          label={LABELS.footerHtmlId}
          value={values.mspaFooterHtmlId}
          helperText={LABELS.footerHtmlIdHelp}
          error={errorOf('mspaFooterHtmlId')}
          onChange={(value) => dispatch(set('mspaFooterHtmlId', value))}
        />
      ) : null}
    </FormCard>
  );
}
