import {
  applySiteUrl,
  consentOrPayTransition,
  setAmpEnabled,
  setApplyToSubDomains,
} from '@assent/core/property';
import type {
  ConsentOrPayConfig,
  ConsentOrPayDialog,
  ConsentOrPayEvent,
} from '@assent/core/property';
import type { PropertyFormAction, PropertyFormState } from '../property-form/form-state';
import { propertyFormReducer, withValues } from '../property-form/form-state';

/** What only the site form does: url, subdomains and AMP, and Consent or Pay. */
export type SiteFormStateAction =
  | PropertyFormAction
  | { type: 'url'; url: string }
  | { type: 'applyToSubDomains'; checked: boolean }
  | { type: 'ampEnabled'; checked: boolean }
  /** Yes opens the settings dialog; No disables at once. */
  | { type: 'consentOrPay'; enabled: boolean }
  | { type: 'consentOrPayEdit' }
  | { type: 'consentOrPayDraft'; config: ConsentOrPayConfig }
  | { type: 'consentOrPayOk' }
  /** Accounts without the feature: the introduction, then the success modal after the request. */
  | { type: 'consentOrPayIntro' }
  | { type: 'consentOrPayRequested' };

/** Consent or Pay through core's transition; its dialog is the form's dialog of that kind. */
function consentOrPay(state: PropertyFormState, event: ConsentOrPayEvent): PropertyFormState {
  const { values, dialog } = state;
  const current: ConsentOrPayDialog =
    dialog.kind === 'consentOrPay'
      ? { open: true, draft: dialog.config, issues: dialog.issues }
      : { open: false };
  const next = consentOrPayTransition(values.consentOrPayConfig, current, event);
  const withConfig =
    next.config === values.consentOrPayConfig
      ? state
      : withValues(state, { ...values, consentOrPayConfig: next.config });
  // Nothing happened (a draft or OK without the dialog open).
  if (withConfig === state && !next.dialog.open && dialog.kind !== 'consentOrPay') return state;
  return {
    ...withConfig,
    dialog: next.dialog.open
      ? { kind: 'consentOrPay', config: next.dialog.draft, issues: next.dialog.issues }
      : dialog.kind === 'consentOrPay'
        ? { kind: 'none' }
        : dialog,
  };
}

/** The site form's reducer: its own transitions from core, the rest shared with the app form. */
export function siteFormReducer(
  state: PropertyFormState,
  action: SiteFormStateAction,
): PropertyFormState {
  const { values, dialog } = state;
  switch (action.type) {
    case 'url':
      return withValues(state, applySiteUrl(values, action.url));
    case 'applyToSubDomains':
      return withValues(state, setApplyToSubDomains(values, action.checked));
    case 'ampEnabled':
      return withValues(state, setAmpEnabled(values, action.checked));

    case 'consentOrPay':
      return consentOrPay(state, { type: 'choose', enabled: action.enabled });
    case 'consentOrPayEdit':
      return consentOrPay(state, { type: 'edit' });
    case 'consentOrPayDraft':
      return consentOrPay(state, { type: 'draft', config: action.config });
    case 'consentOrPayOk':
      return consentOrPay(state, { type: 'ok' });
    // Cancel of the settings dialog restores the previous settings; other dialogs' own rules apply.
    case 'dialogCancel':
      return dialog.kind === 'consentOrPay'
        ? consentOrPay(state, { type: 'cancel' })
        : propertyFormReducer(state, action);
    case 'consentOrPayIntro':
      return { ...state, dialog: { kind: 'consentOrPayIntro' } };
    case 'consentOrPayRequested':
      return { ...state, dialog: { kind: 'consentOrPaySuccess' } };

    default:
      return propertyFormReducer(state, action);
  }
}
