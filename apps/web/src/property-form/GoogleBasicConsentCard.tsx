import {
  CONSENT_LOCATION_LABELS,
  ConsentLocation as ConsentLocationEnum,
  GBC_AVAILABLE_NOTE,
  gbcAdvancedAvailable,
  gbcAvailable,
  gbcLocationsList,
  toGbcPurposePayload,
} from '@assent/core/property';
import type { ConsentLocation } from '@assent/core/property';
import { Button } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import type { PropertyFormApi } from './context';
import { CARD_TITLES, GBC_SUMMARY, LABELS } from './copy';
import { CheckboxField, CheckboxGroupField, FormCard, YesNoField } from './fields';
import { set } from './form-state';

const LOCATION_OPTIONS = ConsentLocationEnum.options.map((value) => ({
  value,
  label: CONSENT_LOCATION_LABELS[value],
}));

/**
 * Google basic consent: Yes opens the purposes dialog (from version 52); then where it applies,
 * the purposes, and URL passthrough and ads data redaction on the versions that support them.
 */
export function GoogleBasicConsentCard({ form }: { form: PropertyFormApi }) {
  const { values, dialog, dispatch, errorOf } = form;
  const available = gbcAvailable(values.cmpVersion);
  const enabledCount = toGbcPurposePayload(values.gbcApplicablePurposes).length;
  return (
    <FormCard title={CARD_TITLES.googleBasicConsent}>
      <YesNoField
        label={LABELS.gbcEnabled}
        value={values.gbcEnabled}
        disabledYes={!available && !values.gbcEnabled}
        helperText={GBC_AVAILABLE_NOTE}
        error={errorOf('gbcEnabled')}
        onChange={(enabled) => dispatch({ type: 'gbcEnabled', enabled })}
      />
      {values.gbcEnabled && dialog.kind !== 'googleBasicConsent' ? (
        <div className="assent-form-nested">
          <CheckboxGroupField<ConsentLocation>
            legend={LABELS.gbcLocations}
            options={LOCATION_OPTIONS}
            selected={gbcLocationsList(values.gbcLocations)}
            error={errorOf('gbcLocations')}
            onChange={(locations) => dispatch(set('gbcLocations', locations))}
          />
          <div className="assent-form-inline assent-form-summary">
            <span>
              {LABELS.gbcPurposes}: {GBC_SUMMARY(enabledCount)}
            </span>
            <Button
              size="small"
              icon={<EditIcon />}
              text={LABELS.editPurposes}
              onClick={() => dispatch({ type: 'gbcEdit' })}
            />
          </div>
          {errorOf('gbcApplicablePurposes') ? (
            <p className="assent-error" role="alert">
              {errorOf('gbcApplicablePurposes')}
            </p>
          ) : null}
          {gbcAdvancedAvailable(values.cmpVersion) ? (
            <>
              <CheckboxField
                label={LABELS.urlPassThrough}
                checked={values.urlPassThrough}
                error={errorOf('urlPassThrough')}
                onChange={(checked) => dispatch(set('urlPassThrough', checked))}
              />
              <CheckboxField
                label={LABELS.adsDataRedaction}
                checked={values.adsDataRedaction}
                onChange={(checked) => dispatch(set('adsDataRedaction', checked))}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </FormCard>
  );
}
