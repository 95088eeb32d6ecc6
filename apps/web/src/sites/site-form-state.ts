import type { ConsentOrPayConfig } from '@assent/core';
import {
  applySiteUrl,
  setAmpEnabled,
  setApplyToSubDomains,
  validateConsentOrPay,
} from '@assent/core';
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
      if (!action.enabled) {
        return withValues(state, {
          ...values,
          consentOrPayConfig: { ...values.consentOrPayConfig, enabled: false },
        });
      }
      return {
        ...state,
        dialog: {
          kind: 'consentOrPay',
          config: { ...values.consentOrPayConfig, enabled: true },
          issues: [],
        },
      };
    case 'consentOrPayEdit':
      return {
        ...state,
        dialog: { kind: 'consentOrPay', config: values.consentOrPayConfig, issues: [] },
      };
    case 'consentOrPayDraft':
      if (dialog.kind !== 'consentOrPay') return state;
      // Once OK has shown messages, they follow the edits.
      return {
        ...state,
        dialog: {
          ...dialog,
          config: action.config,
          issues: dialog.issues.length ? validateConsentOrPay(action.config) : [],
        },
      };
    case 'consentOrPayOk': {
      if (dialog.kind !== 'consentOrPay') return state;
      const issues = validateConsentOrPay(dialog.config);
      if (issues.length) return { ...state, dialog: { ...dialog, issues } };
      return {
        ...withValues(state, { ...values, consentOrPayConfig: dialog.config }),
        dialog: { kind: 'none' },
      };
    }
    case 'consentOrPayIntro':
      return { ...state, dialog: { kind: 'consentOrPayIntro' } };
    case 'consentOrPayRequested':
      return { ...state, dialog: { kind: 'consentOrPaySuccess' } };

    default:
      return propertyFormReducer(state, action);
  }
}
