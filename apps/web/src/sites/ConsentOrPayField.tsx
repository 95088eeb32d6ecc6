import { EEA_SHORTHAND, countryName } from '@assent/core';
import { COP_CONTENT_REVIEW_NOTE } from '@assent/core/account';
import {
  CMP_FEATURE_SINCE,
  COP_CALLBACK_TYPE_LABELS,
  consentOrPayAvailable,
} from '@assent/core/property';
import { Button, Callout, FormGroup } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { lazy, Suspense } from 'react';
import type { PropertyFormApi } from '../property-form/context';
import { COP_DIALOG, LABELS } from '../property-form/copy';
import { YesNoField } from '../property-form/fields';
import { COP_BANNER_TEXT } from '../promotions/copy';
import {
  ConsentOrPayIntroDialog,
  ConsentOrPaySuccessDialog,
  useConsentOrPayRequest,
  useCopContentUnderReview,
} from '../promotions/consent-or-pay';
import type { SiteFormStateAction } from './site-form-state';

const ConsentOrPayDialog = lazy(() => import('./ConsentOrPayDialog'));

export const COP_AVAILABLE_FROM = `Available from version ${CMP_FEATURE_SINCE.consentOrPay}`;

const countryLabel = (code: string) =>
  code.toLowerCase() === EEA_SHORTHAND ? COP_DIALOG.eea : countryName(code);

/**
 * Consent or Pay on the site form. Accounts enabled for it choose Yes (the settings dialog) or No
 * on the versions that support it; other accounts can request access (REQUEST event, then the
 * success modal), and see that they already did from the latest event.
 */
export function ConsentOrPayField({
  form,
  pCode,
  dispatch,
}: {
  form: PropertyFormApi;
  pCode: string;
  dispatch: (action: SiteFormStateAction) => void;
}) {
  const { values, dialog, errorOf, init } = form;
  const config = values.consentOrPayConfig;
  const available = consentOrPayAvailable(values.cmpVersion, init.consentOrPayEnabled);
  const chosen = dialog.kind === 'consentOrPay' ? true : config.enabled;
  const underReview = useCopContentUnderReview(values.themeId, chosen);
  return (
    <>
      {available || config.enabled ? (
        <YesNoField
          label={LABELS.consentOrPay}
          value={chosen}
          disabledYes={!available}
          error={errorOf('consentOrPayConfig')}
          helperText={available ? undefined : COP_AVAILABLE_FROM}
          onChange={(enabled) => dispatch({ type: 'consentOrPay', enabled })}
        />
      ) : init.consentOrPayEnabled ? (
        <FormGroup label={LABELS.consentOrPay}>
          <span className="assent-muted">{COP_AVAILABLE_FROM}</span>
        </FormGroup>
      ) : (
        <ConsentOrPayRequest form={form} pCode={pCode} dispatch={dispatch} />
      )}
      {config.enabled && dialog.kind !== 'consentOrPay' ? (
        <div className="assent-form-nested">
          <div className="assent-form-inline assent-form-summary">
            <span data-testid="consent-or-pay-summary">
              {config.countries.map(countryLabel).join(', ')} ·{' '}
              {COP_CALLBACK_TYPE_LABELS[config.callbackType]}
            </span>
            <Button
              size="small"
              icon={<EditIcon />}
              text={LABELS.consentOrPaySettings}
              onClick={() => dispatch({ type: 'consentOrPayEdit' })}
            />
          </div>
          {underReview ? (
            <Callout compact className="assent-form-callout" data-testid="cop-content-review">
              {COP_CONTENT_REVIEW_NOTE}
            </Callout>
          ) : null}
        </div>
      ) : null}
      <Suspense fallback={null}>
        {dialog.kind === 'consentOrPay' ? (
          <ConsentOrPayDialog
            config={dialog.config}
            issues={dialog.issues}
            underReview={underReview}
            dispatch={dispatch}
          />
        ) : null}
      </Suspense>
    </>
  );
}

/** The feature-request flow: 'Request access', the introduction modal, the success modal. */
function ConsentOrPayRequest({
  form,
  pCode,
  dispatch,
}: {
  form: PropertyFormApi;
  pCode: string;
  dispatch: (action: SiteFormStateAction) => void;
}) {
  const { loaded, requested, request } = useConsentOrPayRequest(pCode);
  const { dialog } = form;
  return (
    <FormGroup label={LABELS.consentOrPay}>
      {!loaded ? null : requested ? (
        <span className="assent-muted" data-testid="consent-or-pay-requested">
          {LABELS.consentOrPayRequested}
        </span>
      ) : (
        <div className="assent-form-inline">
          <span className="assent-muted">{COP_BANNER_TEXT}</span>
          <Button
            size="small"
            intent="primary"
            variant="outlined"
            text={LABELS.consentOrPayRequest}
            onClick={() => dispatch({ type: 'consentOrPayIntro' })}
          />
        </div>
      )}
      {dialog.kind === 'consentOrPayIntro' ? (
        <ConsentOrPayIntroDialog
          pending={request.isPending}
          onClose={() => dispatch({ type: 'dialogCancel' })}
          onRequest={() =>
            request.mutate(undefined, {
              onSuccess: () => dispatch({ type: 'consentOrPayRequested' }),
            })
          }
        />
      ) : null}
      {dialog.kind === 'consentOrPaySuccess' ? (
        <ConsentOrPaySuccessDialog onClose={() => dispatch({ type: 'dialogCancel' })} />
      ) : null}
    </FormGroup>
  );
}
