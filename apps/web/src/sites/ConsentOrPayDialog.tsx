import { EEA_SHORTHAND, countryName, issuesToFields } from '@assent/core';
import type { Issue } from '@assent/core';
import { COP_CONTENT_REVIEW_NOTE } from '@assent/core/account';
import {
  COP_CALLBACK_TYPE_LABELS,
  COP_REDIRECT_METHOD_LABELS,
  CopCallbackType,
  CopRedirectMethod,
} from '@assent/core/property';
import type { ConsentOrPayConfig } from '@assent/core/property';
import { Button, Callout, Checkbox, DialogBody, FormGroup } from '@blueprintjs/core';
import { CountrySuggest } from '../components/CountrySuggest';
import { Dialog } from '../components/Dialog';
import { SmallCrossIcon } from '@blueprintjs/icons';
import { useId } from 'react';
import { TextField } from '../components/FormField';
import { COP_DIALOG } from '../property-form/copy';
import { OkCancelFooter, RadioField } from '../property-form/fields';
import type { SiteFormStateAction } from './site-form-state';

const FIELD = 'consentOrPayConfig';

/**
 * Consent-or-Pay settings: the countries ('eea' stands for every EEA country), who handles the
 * subscribe and login actions, their URLs and how they open. OK runs core's checks (countries,
 * URLs); Cancel restores what the form had.
 */
export default function ConsentOrPayDialog({
  config,
  issues,
  underReview,
  dispatch,
}: {
  /** The theme's Consent-or-Pay content is in review: its note shows. */
  underReview: boolean;
  config: ConsentOrPayConfig;
  issues: readonly Issue[];
  dispatch: (action: SiteFormStateAction) => void;
}) {
  const id = useId();
  const errors = issuesToFields(issues);
  const update = (patch: Partial<ConsentOrPayConfig>) =>
    dispatch({ type: 'consentOrPayDraft', config: { ...config, ...patch } });
  const hasEea = config.countries.some((c) => c.toLowerCase() === EEA_SHORTHAND);
  const others = config.countries.filter((c) => c.toLowerCase() !== EEA_SHORTHAND);
  const countriesError = errors[`${FIELD}.countries`];
  return (
    <Dialog
      isOpen
      title={COP_DIALOG.title}
      onClose={() => dispatch({ type: 'dialogCancel' })}
      shouldReturnFocusOnClose
      className="assent-form-dialog assent-cop-dialog"
    >
      <DialogBody>
        {errors[`${FIELD}.enabled`] ? (
          <Callout intent="danger" compact className="assent-form-callout" role="alert">
            {errors[`${FIELD}.enabled`]}
          </Callout>
        ) : null}
        <FormGroup intent={countriesError ? 'danger' : 'none'}>
          <fieldset
            className="assent-fieldset"
            aria-invalid={countriesError ? true : undefined}
            aria-describedby={countriesError ? `${id}-countries` : undefined}
          >
            <legend>{COP_DIALOG.countries}</legend>
            <Checkbox
              autoFocus
              label={COP_DIALOG.eea}
              checked={hasEea}
              onChange={(event) =>
                update({
                  countries: event.currentTarget.checked ? [EEA_SHORTHAND, ...others] : others,
                })
              }
            />
            <CountrySuggest
              aria-label={COP_DIALOG.addCountry}
              placeholder={COP_DIALOG.addCountry}
              exclude={others}
              onChange={(code) => {
                if (!config.countries.includes(code))
                  update({ countries: [...config.countries, code] });
              }}
            />
            {others.length ? (
              <ul className="assent-chosen-countries" aria-label={COP_DIALOG.countries}>
                {others.map((code) => (
                  <li key={code}>
                    {countryName(code)}
                    <Button
                      variant="minimal"
                      size="small"
                      icon={<SmallCrossIcon />}
                      aria-label={COP_DIALOG.remove(countryName(code))}
                      onClick={() =>
                        update({ countries: config.countries.filter((c) => c !== code) })
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
          {countriesError ? (
            <div id={`${id}-countries`} className="bp6-form-helper-text assent-error">
              {countriesError}
            </div>
          ) : null}
        </FormGroup>
        <RadioField
          label={COP_DIALOG.callbackType}
          value={config.callbackType}
          options={CopCallbackType.options.map((value) => ({
            value,
            label: COP_CALLBACK_TYPE_LABELS[value],
          }))}
          onChange={(callbackType) => update({ callbackType })}
        />
        <TextField
          label={COP_DIALOG.action1}
          type="url"
          required={config.callbackType === 'publisher'}
          value={config.callbacks.action1}
          error={errors[`${FIELD}.callbacks.action1`]}
          onChange={(action1) => update({ callbacks: { ...config.callbacks, action1 } })}
        />
        <TextField
          label={COP_DIALOG.action2}
          type="url"
          value={config.callbacks.action2}
          error={errors[`${FIELD}.callbacks.action2`]}
          onChange={(action2) => update({ callbacks: { ...config.callbacks, action2 } })}
        />
        <RadioField
          label={COP_DIALOG.redirectMethod}
          value={config.callbackRedirectMethod}
          options={CopRedirectMethod.options.map((value) => ({
            value,
            label: COP_REDIRECT_METHOD_LABELS[value],
          }))}
          onChange={(callbackRedirectMethod) => update({ callbackRedirectMethod })}
        />
        {underReview ? <Callout compact>{COP_CONTENT_REVIEW_NOTE}</Callout> : null}
      </DialogBody>
      <OkCancelFooter
        onCancel={() => dispatch({ type: 'dialogCancel' })}
        onOk={() => dispatch({ type: 'consentOrPayOk' })}
      />
    </Dialog>
  );
}
