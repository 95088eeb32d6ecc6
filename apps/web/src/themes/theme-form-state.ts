import { issuesToFields } from '@assent/core';
import type { Issue } from '@assent/core';
import type { LanguageCode } from '@assent/core';
import {
  LanguageTexts,
  addFooterLink,
  applyRestrictions,
  hasThemeChanged,
  normaliseColorInput,
  queueTextRequest,
  removeFooterLink,
  restrictionModalReducer,
  restrictionsOf,
  saveStackSelection,
  setSoftOptIn,
  toThemeStacks,
} from '@assent/core/theme';
import type {
  AppColorKey,
  FooterLinkContext,
  PendingTextRequest,
  RestrictionAction,
  RestrictionModalState,
  ThemeColorField,
  ThemeTab,
  ThemeValues,
} from '@assent/core/theme';

/**
 * The theme editor's state: the values (changed only through core's transitions), the values it
 * opened with, the tab, the one dialog that may be open, the last failed save, and the text change
 * requests waiting for a new theme's first save.
 */

export type ThemeDialog =
  | { kind: 'none' }
  /** The stack modal: the chosen stack ids until Save. */
  | { kind: 'stacks'; selected: number[] }
  /** The restrictions modal: core's modal state (applies only on Save). */
  | { kind: 'restrictions'; modal: RestrictionModalState };

export interface ThemeSaveFailure {
  message: string;
  fields: Record<string, string>;
}

export interface ThemeFormState {
  initial: ThemeValues;
  values: ThemeValues;
  tab: ThemeTab;
  dialog: ThemeDialog;
  showAllIssues: boolean;
  failure: ThemeSaveFailure | null;
  /** In create mode text change requests wait here until the theme is saved. */
  pendingRequests: PendingTextRequest[];
}

/** The per-language lists of the premium tabs. */
export type LanguageList = 'advancedCustomizationSettings' | 'consentOrPaySettings';
/** The text fields of one language entry. */
export type LanguageTextField = Exclude<keyof LanguageTexts, 'language' | 'customFooterLink'>;

/** Fields set as they are typed or chosen (no rule attached to the change). */
type ValueOf<F extends string> = F extends keyof ThemeValues
  ? ThemeValues[F]
  : F extends keyof Extract<ThemeValues, { themeType: 'SITE' }>
    ? Extract<ThemeValues, { themeType: 'SITE' }>[F]
    : F extends keyof Extract<ThemeValues, { themeType: 'APP' }>
      ? Extract<ThemeValues, { themeType: 'APP' }>[F]
      : never;

export type PlainThemeField =
  | 'themeName'
  | 'language'
  | 'privacyModes'
  | 'agreeButton'
  | 'saveAndExitButton'
  | 'initScreenRejectButtonShowing'
  | 'initScreenRejectButton'
  | 'gvlVersion'
  | 'use'
  | 'uspDnsTitleText'
  | 'uspDnsText'
  | 'suppressCcpaLinks'
  | 'uspDeleteDataLinkText'
  | 'uspDeleteDataLink'
  | 'uspAccessDataLinkText'
  | 'uspAccessDataLink'
  | 'uspPrivacyPolicyLinkText'
  | 'uspPrivacyPolicyLink'
  | 'consentOrPayLayout'
  | 'displayUi'
  | 'initialScreen'
  | 'initScreenCloseButtonShowing'
  | 'uxCustomizedCss'
  | 'uxPersistentConsentButton'
  | 'consentLinkLabel'
  | 'uxPersistentConsentLinkLocation'
  | 'customColorUsingPortal'
  | 'themeMode';

export type SetThemeFieldAction = {
  [K in PlainThemeField]: { type: 'set'; field: K; value: ValueOf<K> };
}[PlainThemeField];

export type ThemeFormAction =
  | SetThemeFieldAction
  | { type: 'tab'; tab: ThemeTab }
  | { type: 'color'; field: ThemeColorField; raw: string }
  | { type: 'appColor'; mode: 'lightModeColors' | 'darkModeColors'; key: AppColorKey; raw: string }
  | { type: 'softOptIn'; on: boolean }
  | { type: 'footerLinkAdd'; context: FooterLinkContext }
  | { type: 'footerLinkRemove'; index: number }
  | { type: 'footerLink'; index: number; part: 'text' | 'url'; value: string }
  | { type: 'stacksOpen'; selected: number[] }
  | { type: 'stacksToggle'; stackId: number; checked: boolean }
  | { type: 'stacksSave' }
  | { type: 'restrictionsOpen' }
  | { type: 'restrictions'; action: RestrictionAction }
  | { type: 'languages'; list: LanguageList; languages: LanguageCode[] }
  | {
      type: 'languageText';
      list: LanguageList;
      language: LanguageCode;
      field: LanguageTextField;
      value: string;
    }
  | { type: 'languageLinkAdd'; list: LanguageList; language: LanguageCode }
  | { type: 'languageLinkRemove'; list: LanguageList; language: LanguageCode; index: number }
  | {
      type: 'languageLink';
      list: LanguageList;
      language: LanguageCode;
      index: number;
      part: 'label' | 'link';
      value: string;
    }
  | { type: 'queueTextRequest'; request: PendingTextRequest }
  | { type: 'dialogCancel' }
  | { type: 'saveAttempted' }
  | { type: 'saveFailed'; failure: ThemeSaveFailure }
  | { type: 'failureCleared' };

export const setTheme = <K extends PlainThemeField>(
  field: K,
  value: ValueOf<K>,
): SetThemeFieldAction => ({ type: 'set', field, value }) as SetThemeFieldAction;

export const initialThemeFormState = (values: ThemeValues): ThemeFormState => ({
  initial: values,
  values,
  tab: 'basic',
  dialog: { kind: 'none' },
  showAllIssues: false,
  failure: null,
  pendingRequests: [],
});

const CLOSED: ThemeDialog = { kind: 'none' };

/** The top-level field of a dotted issue path ('uxInitialScreenCustomLinks.1.url' → its list). */
const topField = (field: string): string => field.split('.')[0] ?? field;

/** New values: a server message goes away once the field it named changes. */
function withValues(state: ThemeFormState, values: ThemeValues): ThemeFormState {
  if (values === state.values) return state;
  if (!state.failure) return { ...state, values };
  const fields = Object.fromEntries(
    Object.entries(state.failure.fields).filter(([field]) => {
      const top = topField(field) as keyof ThemeValues;
      return JSON.stringify(state.values[top]) === JSON.stringify(values[top]);
    }),
  );
  return { ...state, values, failure: { ...state.failure, fields } };
}

const EMPTY_LINK = { text: '', url: '' };
const EMPTY_LABELLED = { label: '', link: '' };

function updateEntry(
  values: ThemeValues,
  list: LanguageList,
  language: LanguageCode,
  change: (entry: LanguageTexts) => LanguageTexts,
): ThemeValues {
  return {
    ...values,
    [list]: values[list].map((entry) => (entry.language === language ? change(entry) : entry)),
  };
}

/** The theme editor's reducer: every change goes through a core transition. */
export function themeFormReducer(state: ThemeFormState, action: ThemeFormAction): ThemeFormState {
  const { values, dialog } = state;
  switch (action.type) {
    case 'set':
      return withValues(state, { ...values, [action.field]: action.value } as ThemeValues);
    case 'tab':
      return { ...state, tab: action.tab };
    case 'color':
      if (values.themeType !== 'SITE') return state;
      return withValues(state, { ...values, [action.field]: normaliseColorInput(action.raw) });
    case 'appColor':
      if (values.themeType !== 'APP') return state;
      return withValues(state, {
        ...values,
        [action.mode]: { ...values[action.mode], [action.key]: normaliseColorInput(action.raw) },
      });
    case 'softOptIn':
      if (values.themeType !== 'SITE') return state;
      return withValues(state, setSoftOptIn(values, action.on));

    case 'footerLinkAdd':
      return withValues(state, {
        ...values,
        uxInitialScreenCustomLinks: addFooterLink(
          values.uxInitialScreenCustomLinks,
          action.context,
          EMPTY_LINK,
        ),
      });
    case 'footerLinkRemove':
      return withValues(state, {
        ...values,
        uxInitialScreenCustomLinks: removeFooterLink(
          values.uxInitialScreenCustomLinks,
          action.index,
          EMPTY_LINK,
        ),
      });
    case 'footerLink': {
      const links = [...values.uxInitialScreenCustomLinks];
      while (links.length <= action.index) links.push(EMPTY_LINK);
      links[action.index] = { ...(links[action.index] ?? EMPTY_LINK), [action.part]: action.value };
      return withValues(state, { ...values, uxInitialScreenCustomLinks: links });
    }

    case 'stacksOpen':
      return { ...state, dialog: { kind: 'stacks', selected: action.selected } };
    case 'stacksToggle': {
      if (dialog.kind !== 'stacks') return state;
      const others = dialog.selected.filter((id) => id !== action.stackId);
      const selected = action.checked ? [...others, action.stackId].sort((a, b) => a - b) : others;
      return { ...state, dialog: { kind: 'stacks', selected } };
    }
    case 'stacksSave':
      if (dialog.kind !== 'stacks') return state;
      return {
        ...withValues(state, saveStackSelection(values, toThemeStacks(dialog.selected, values))),
        dialog: CLOSED,
      };

    case 'restrictionsOpen':
      return {
        ...state,
        dialog: {
          kind: 'restrictions',
          modal: restrictionModalReducer(restrictionsOf(values), { type: 'open' }),
        },
      };
    case 'restrictions': {
      if (dialog.kind !== 'restrictions') return state;
      const modal = restrictionModalReducer(dialog.modal, action.action);
      if (modal.status === 'open') return { ...state, dialog: { kind: 'restrictions', modal } };
      // Save applies the draft; Cancel closes with the restrictions as they were.
      const next =
        action.action.type === 'save'
          ? withValues(state, applyRestrictions(values, modal.applied))
          : state;
      return { ...next, dialog: CLOSED };
    }

    case 'languages': {
      const kept = values[action.list].filter((e) => action.languages.includes(e.language));
      const added = action.languages
        .filter((language) => !kept.some((e) => e.language === language))
        .map((language) => LanguageTexts.parse({ language }));
      return withValues(state, { ...values, [action.list]: [...kept, ...added] });
    }
    case 'languageText':
      return withValues(
        state,
        updateEntry(values, action.list, action.language, (e) => ({
          ...e,
          [action.field]: action.value,
        })),
      );
    case 'languageLinkAdd':
      return withValues(
        state,
        updateEntry(values, action.list, action.language, (e) => ({
          ...e,
          customFooterLink: addFooterLink(e.customFooterLink, 'languageEntry', EMPTY_LABELLED),
        })),
      );
    case 'languageLinkRemove':
      return withValues(
        state,
        updateEntry(values, action.list, action.language, (e) => ({
          ...e,
          customFooterLink: removeFooterLink(e.customFooterLink, action.index, EMPTY_LABELLED),
        })),
      );
    case 'languageLink':
      return withValues(
        state,
        updateEntry(values, action.list, action.language, (e) => {
          const links = [...e.customFooterLink];
          while (links.length <= action.index) links.push(EMPTY_LABELLED);
          links[action.index] = {
            ...(links[action.index] ?? EMPTY_LABELLED),
            [action.part]: action.value,
          };
          return { ...e, customFooterLink: links };
        }),
      );

    case 'queueTextRequest':
      return {
        ...state,
        pendingRequests: queueTextRequest(state.pendingRequests, action.request),
      };
    case 'dialogCancel':
      return { ...state, dialog: CLOSED };
    case 'saveAttempted':
      return { ...state, showAllIssues: true };
    case 'saveFailed':
      return { ...state, failure: action.failure };
    case 'failureCleared':
      return { ...state, failure: null };
  }
}

/** Whether the values differ from what the editor opened with (SAVE THEME is enabled after a change). */
export const themeFormChanged = (state: ThemeFormState): boolean =>
  hasThemeChanged(state.initial, state.values) || state.pendingRequests.length > 0;

/**
 * The issues shown: after a save attempt all of them; before, every rule except 'required' on a
 * field the user has not changed yet (a new theme does not open in red).
 */
function visibleThemeIssues(state: ThemeFormState, issues: readonly Issue[]): Issue[] {
  if (state.showAllIssues) return [...issues];
  return issues.filter((i) => {
    if (i.rule !== 'required') return true;
    const top = topField(i.field) as keyof ThemeValues;
    return JSON.stringify(state.initial[top]) !== JSON.stringify(state.values[top]);
  });
}

/** The message under a field: the server's first, then the editor's own. */
export function themeFieldErrors(
  state: ThemeFormState,
  issues: readonly Issue[],
): (field: string) => string | undefined {
  const own = issuesToFields(visibleThemeIssues(state, issues));
  const server = state.failure?.fields ?? {};
  return (field) => (field in server ? server[field] : own[field]);
}
