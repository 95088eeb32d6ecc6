import { issuesToFields } from '@assent/core';
import type { Issue } from '@assent/core';
import {
  applyConsentLocations,
  applyPublisherCountry,
  applyThemeChange,
  cancelGbcDialog,
  changedFields,
  rebaseEdits,
  chooseCoveredTransaction,
  chooseLegalBasis,
  closeSensitiveDataDialog,
  confirmMspaSignatory,
  defineLegalBasis,
  failureAfterChanges,
  gbcDialogPurposes,
  hasPropertyChanged,
  legalBasisDialogSelection,
  normaliseLegalBasis,
  setConsentScope,
  setGbcDefault,
  setSensitiveDataProcessing,
  switchCmpVersion,
  toggleGbcPurpose,
  validateGbcDialog,
} from '@assent/core/property';
import type {
  CmpVersion,
  ConsentLocation,
  ConsentScope,
  GbcDefaultValue,
  GbcPurposeSetting,
  LegalBasisChoice,
  LegalBasisSelection,
  PropertySaveFailure,
  PropertyValues,
  YesNo,
  ConsentOrPayConfig,
} from '@assent/core/property';

/**
 * The state of a site or app form: the values (changed only through core's transitions), the
 * values it started from, the one dialog that may be open, and the last failed save.
 */

/** The dialog open over the form: at most one, each holding its own draft until OK or Cancel. */
export type FormDialog =
  | { kind: 'none' }
  /** 'I define': the customise dialog's selection; Cancel leaves the values as they were. */
  | { kind: 'legalBasis'; selection: LegalBasisSelection }
  | { kind: 'googleBasicConsent'; purposes: GbcPurposeSetting[]; issues: Issue[] }
  | { kind: 'sensitiveData'; selected: number[] }
  /** Covered transaction Yes: 'Yes, I am a MSPA Signatory' or "No, I'm not a MSPA Signatory". */
  | { kind: 'mspaSignatory' }
  /** Consent-or-Pay settings (sites); Cancel restores the values it opened with. */
  | { kind: 'consentOrPay'; config: ConsentOrPayConfig; issues: Issue[] }
  /** The feature-request flow of accounts without Consent or Pay. */
  | { kind: 'consentOrPayIntro' }
  | { kind: 'consentOrPaySuccess' };

/** A failed save as the form shows it: a callout (title and message) and messages per field. */
export type SaveFailure = PropertySaveFailure;

export interface PropertyFormState {
  initial: PropertyValues;
  values: PropertyValues;
  dialog: FormDialog;
  /** After a save attempt every issue shows, not only those of the fields the user changed. */
  showAllIssues: boolean;
  failure: SaveFailure | null;
}

/** Fields whose control sets them as they are (no rule attached to the change). */
export type PlainField =
  | 'packageId'
  | 'publisherName'
  | 'publisherLogoUrl'
  | 'requireConsentFrom'
  | 'privacyModes'
  | 'consentScopeGroupURL'
  | 'thirdPartyStorageType'
  | 'repromtDaysAfterGvlUpdate'
  | 'gdprEncodingMode'
  | 'googleEnabled'
  | 'gdprPrivacyLink'
  | 'ccpaViaUsp'
  | 'uspJurisdiction'
  | 'uspLspact'
  | 'uspDnsText'
  | 'mspaPurposeIds'
  | 'mspaChildSensitiveDataProcessing'
  | 'mspaJurisdiction'
  | 'mspaAutoPopUp'
  | 'mspaFooterHtmlId'
  | 'gbcLocations'
  | 'urlPassThrough'
  | 'adsDataRedaction';

export type SetFieldAction = {
  [K in PlainField]: { type: 'set'; field: K; value: PropertyValues[K] };
}[PlainField];

export type PropertyFormAction =
  | SetFieldAction
  | { type: 'theme'; themeId: string; gvlVersion: 2 | 3 }
  | { type: 'cmpVersion'; version: CmpVersion }
  | { type: 'consentLocations'; locations: ConsentLocation[] }
  | { type: 'publisherCountry'; code: string }
  | { type: 'consentScope'; scope: ConsentScope }
  | { type: 'legalBasis'; choice: LegalBasisChoice }
  | { type: 'legalBasisEdit' }
  | { type: 'legalBasisSelection'; selection: LegalBasisSelection }
  | { type: 'legalBasisOk' }
  | { type: 'gbcEnabled'; enabled: boolean }
  | { type: 'gbcEdit' }
  | { type: 'gbcPurpose'; id: number; enabled: boolean }
  | { type: 'gbcDefault'; id: number; defaultValue: GbcDefaultValue }
  | { type: 'gbcOk' }
  | { type: 'gbcDismissIssues' }
  | { type: 'sensitiveData'; answer: YesNo }
  | { type: 'sensitiveDataEdit' }
  | { type: 'sensitiveDataToggle'; id: number; checked: boolean }
  | { type: 'sensitiveDataOk' }
  | { type: 'coveredTransaction'; answer: 'yes' | 'no' }
  | { type: 'mspaSignatory'; signatory: boolean }
  /** Cancel (or Escape) of whichever dialog is open: each dialog's own cancel rule applies. */
  | { type: 'dialogCancel' }
  | { type: 'saveAttempted' }
  | { type: 'saveFailed'; failure: SaveFailure }
  | { type: 'failureCleared' }
  /** The property was read again with other values (a bulk update finished while it was open). */
  | { type: 'storedValuesChanged'; values: PropertyValues };

export const set = <K extends PlainField>(field: K, value: PropertyValues[K]): SetFieldAction =>
  ({ type: 'set', field, value }) as SetFieldAction;

export const initialFormState = (values: PropertyValues): PropertyFormState => ({
  initial: values,
  values,
  dialog: { kind: 'none' },
  showAllIssues: false,
  failure: null,
});

const CLOSED: FormDialog = { kind: 'none' };

/**
 * New values: a server message under a field goes away once that field changes, and the whole
 * failure once every field it named has (core's `failureAfterChanges`).
 */
export function withValues(state: PropertyFormState, values: PropertyValues): PropertyFormState {
  if (values === state.values) return state;
  if (!state.failure) return { ...state, values };
  const failure = failureAfterChanges(state.failure, changedFields(state.values, values));
  return { ...state, values, failure };
}

/** The top-level field of an issue's dotted path ('consentOrPayConfig.countries' → 'consentOrPayConfig'). */
export const topField = (field: string): string => field.split('.')[0] ?? field;

const openLegalBasis = (selection: LegalBasisSelection): FormDialog => ({
  kind: 'legalBasis',
  selection,
});

const openGbc = (values: PropertyValues): FormDialog => ({
  kind: 'googleBasicConsent',
  purposes: gbcDialogPurposes(values.gbcApplicablePurposes),
  issues: [],
});

/** The shared reducer of the site and app forms: every change goes through a core transition. */
export function propertyFormReducer(
  state: PropertyFormState,
  action: PropertyFormAction,
): PropertyFormState {
  const { values, dialog } = state;
  switch (action.type) {
    case 'set':
      return withValues(state, { ...values, [action.field]: action.value });
    case 'theme':
      return withValues(
        state,
        applyThemeChange(values, { themeId: action.themeId, gvlVersion: action.gvlVersion }),
      );
    case 'cmpVersion':
      return withValues(state, switchCmpVersion(values, action.version));
    case 'consentLocations':
      return withValues(state, applyConsentLocations(values, action.locations));
    case 'publisherCountry':
      return withValues(state, applyPublisherCountry(values, action.code));
    case 'consentScope':
      return withValues(state, setConsentScope(values, action.scope));

    case 'legalBasis': {
      const chosen = chooseLegalBasis(values, action.choice);
      const next = withValues(state, chosen.values);
      return chosen.dialog ? { ...next, dialog: openLegalBasis(chosen.dialog) } : next;
    }
    case 'legalBasisEdit':
      return { ...state, dialog: openLegalBasis(legalBasisDialogSelection(values)) };
    case 'legalBasisSelection':
      if (dialog.kind !== 'legalBasis') return state;
      return {
        ...state,
        dialog: { ...dialog, selection: normaliseLegalBasis(action.selection, values.publisherCC) },
      };
    case 'legalBasisOk':
      if (dialog.kind !== 'legalBasis') return state;
      return { ...withValues(state, defineLegalBasis(values, dialog.selection)), dialog: CLOSED };

    case 'gbcEnabled':
      if (!action.enabled) return withValues(state, { ...values, gbcEnabled: false });
      return { ...withValues(state, { ...values, gbcEnabled: true }), dialog: openGbc(values) };
    case 'gbcEdit':
      return { ...state, dialog: openGbc(values) };
    case 'gbcPurpose':
      if (dialog.kind !== 'googleBasicConsent') return state;
      return {
        ...state,
        dialog: {
          ...dialog,
          purposes: toggleGbcPurpose(dialog.purposes, action.id, action.enabled),
          issues: [],
        },
      };
    case 'gbcDefault':
      if (dialog.kind !== 'googleBasicConsent') return state;
      return {
        ...state,
        dialog: {
          ...dialog,
          purposes: setGbcDefault(dialog.purposes, action.id, action.defaultValue),
        },
      };
    case 'gbcOk': {
      if (dialog.kind !== 'googleBasicConsent') return state;
      const issues = validateGbcDialog(dialog.purposes);
      if (issues.length) return { ...state, dialog: { ...dialog, issues } };
      return {
        ...withValues(state, { ...values, gbcApplicablePurposes: dialog.purposes }),
        dialog: CLOSED,
      };
    }
    case 'gbcDismissIssues':
      if (dialog.kind !== 'googleBasicConsent') return state;
      return { ...state, dialog: { ...dialog, issues: [] } };

    case 'sensitiveData': {
      const next = setSensitiveDataProcessing(values, action.answer);
      return action.answer === 'yes'
        ? {
            ...withValues(state, next),
            dialog: { kind: 'sensitiveData', selected: next.mspaSensitiveDataPurposeIds },
          }
        : withValues(state, next);
    }
    case 'sensitiveDataEdit':
      return {
        ...state,
        dialog: { kind: 'sensitiveData', selected: values.mspaSensitiveDataPurposeIds },
      };
    case 'sensitiveDataToggle': {
      if (dialog.kind !== 'sensitiveData') return state;
      const others = dialog.selected.filter((id) => id !== action.id);
      return {
        ...state,
        dialog: { ...dialog, selected: action.checked ? [...others, action.id] : others },
      };
    }
    case 'sensitiveDataOk':
      if (dialog.kind !== 'sensitiveData') return state;
      return {
        ...withValues(state, closeSensitiveDataDialog(values, dialog.selected)),
        dialog: CLOSED,
      };

    case 'coveredTransaction': {
      const result = chooseCoveredTransaction(values, action.answer);
      return {
        ...withValues(state, result.values),
        dialog: result.dialog === 'reconfirm' ? { kind: 'mspaSignatory' } : dialog,
      };
    }
    case 'mspaSignatory':
      return {
        ...withValues(state, confirmMspaSignatory(values, action.signatory)),
        dialog: CLOSED,
      };

    case 'dialogCancel':
      switch (dialog.kind) {
        case 'googleBasicConsent':
          return { ...withValues(state, cancelGbcDialog(values)), dialog: CLOSED };
        case 'sensitiveData':
          // Closing keeps what was chosen before; nothing chosen resets the answer to No.
          return {
            ...withValues(
              state,
              closeSensitiveDataDialog(values, values.mspaSensitiveDataPurposeIds),
            ),
            dialog: CLOSED,
          };
        case 'mspaSignatory':
          return { ...withValues(state, confirmMspaSignatory(values, false)), dialog: CLOSED };
        default:
          // Legal basis and Consent or Pay drafts live in the dialog: the values never changed.
          return { ...state, dialog: CLOSED };
      }

    case 'storedValuesChanged':
      return {
        ...state,
        initial: action.values,
        values: rebaseEdits(state.initial, state.values, action.values),
      };
    case 'saveAttempted':
      return { ...state, showAllIssues: true };
    case 'saveFailed':
      return { ...state, failure: action.failure };
    case 'failureCleared':
      return { ...state, failure: null };
  }
}

/**
 * The issues the form shows: after a save attempt all of them; before, every rule except
 * 'required' on a field the user has not changed yet (a new form does not open in red).
 */
export function visibleIssues(state: PropertyFormState, issues: readonly Issue[]): Issue[] {
  if (state.showAllIssues) return [...issues];
  const changed = changedFields(state.initial, state.values);
  return issues.filter((i) => i.rule !== 'required' || changed.has(topField(i.field)));
}

/** The message under a field: the server's first, then the form's own; nested paths roll up. */
export function fieldErrors(
  state: PropertyFormState,
  issues: readonly Issue[],
): (field: string) => string | undefined {
  const own = issuesToFields(visibleIssues(state, issues));
  const server = state.failure?.fields ?? {};
  const find = (map: Record<string, string>, field: string) =>
    map[field] ??
    Object.entries(map).find(([key]) => key.startsWith(`${field}.`))?.[1] ??
    undefined;
  return (field) => find(server, field) ?? find(own, field);
}

/** Whether the values differ from what the form opened with (core's save rule). */
export const formChanged = (state: PropertyFormState): boolean =>
  hasPropertyChanged(state.initial, state.values);
