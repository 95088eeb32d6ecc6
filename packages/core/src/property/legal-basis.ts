import { LI_FORBIDDEN_PURPOSES } from '../banner/rules';
import type { ConsentScope, PropertyDraft } from './schema';
import { legalBasisOf, withLegalBasis } from './schema';

/** The two legal-basis choices of the consent configuration card. */
export type LegalBasisChoice = 'undeclared' | 'defined';
export const LEGAL_BASIS_LABELS: Record<LegalBasisChoice, string> = {
  undeclared: "I don't declare",
  defined: 'I define',
};

/** TCF 2.2: legitimate interest is not allowed for purposes 3 to 6 (personalisation). */
export const PURPOSES_WITHOUT_LEGITIMATE_INTEREST: readonly number[] = LI_FORBIDDEN_PURPOSES;

/** The legal basis the publisher declares (the customise dialog's selection). */
export interface LegalBasisSelection {
  consent: number[];
  legitimate: number[];
  specialFeatures: number[];
  specialPurposes: number[];
  features: number[];
  stackIds: number[];
}

export const legalBasisChoiceOf = (p: Pick<PropertyDraft, 'noLegalBasis'>): LegalBasisChoice =>
  p.noLegalBasis === false ? 'defined' : 'undeclared';

/** 'I define' is enabled only for the service or service group scope. */
export const canDefineLegalBasis = (scope: ConsentScope): boolean =>
  scope === 'service' || scope === 'service group';

/** Purpose 1 is always required unless the publisher country is DE, and is consent only. */
export const isPurposeOneRequired = (publisherCC: string): boolean =>
  publisherCC.toUpperCase() !== 'DE';

const sortedUnique = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Normalises a selection: purpose 1 forced into consent (unless DE) and never legitimate interest;
 * no legitimate interest for purposes 3 to 6; a purpose is either consent or legitimate interest.
 */
export function normaliseLegalBasis(
  selection: LegalBasisSelection,
  publisherCC: string,
): LegalBasisSelection {
  const legitimate = sortedUnique(
    selection.legitimate.filter(
      (id) => id !== 1 && !PURPOSES_WITHOUT_LEGITIMATE_INTEREST.includes(id),
    ),
  );
  const consentIds = selection.consent.filter((id) => !legitimate.includes(id));
  if (isPurposeOneRequired(publisherCC)) consentIds.push(1);
  return {
    consent: sortedUnique(consentIds),
    legitimate,
    specialFeatures: sortedUnique(selection.specialFeatures),
    specialPurposes: sortedUnique(selection.specialPurposes),
    features: sortedUnique(selection.features),
    stackIds: sortedUnique(selection.stackIds),
  };
}

/** The current declaration, as the customise dialog opens with it. */
export function legalBasisSelectionOf(p: PropertyDraft): LegalBasisSelection {
  const { consent, legitimate } = legalBasisOf(p);
  return {
    consent,
    legitimate,
    specialFeatures: p.specialFeatures ?? [],
    specialPurposes: p.specialPurposes ?? [],
    features: p.features ?? [],
    stackIds: p.stackIds ?? [],
  };
}

/** "I don't declare": clears every purpose list and sets noLegalBasis. */
export function declareNoLegalBasis<T extends PropertyDraft>(values: T): T {
  return {
    ...withLegalBasis(values, [], []),
    stackIds: [],
    specialFeatures: [],
    specialPurposes: [],
    features: [],
    noLegalBasis: true,
  };
}

/** OK in the customise dialog: sets the declared purposes (normalised) and clears noLegalBasis. */
export function defineLegalBasis<T extends PropertyDraft>(
  values: T,
  selection: LegalBasisSelection,
): T {
  const s = normaliseLegalBasis(selection, values.publisherCC ?? 'GB');
  return {
    ...withLegalBasis(values, s.consent, s.legitimate),
    stackIds: s.stackIds,
    specialFeatures: s.specialFeatures,
    specialPurposes: s.specialPurposes,
    features: s.features,
    noLegalBasis: false,
  };
}

/**
 * Changing the theme to one with a different vendor-list version resets the legal-basis choices
 * (the purposes of one GVL version do not carry over to another).
 */
export function applyThemeChange<T extends PropertyDraft>(
  values: T,
  theme: { themeId: string; gvlVersion: 2 | 3 },
): T {
  const next = { ...values, themeId: theme.themeId };
  if ((values.gvlVersion ?? 3) === theme.gvlVersion) return next;
  return { ...declareNoLegalBasis(next), gvlVersion: theme.gvlVersion };
}

/** Fallback TCF purposes when the vendor list is not loaded (ids and names of TCF 2.2). */
export const FALLBACK_PURPOSES: ReadonlyArray<{ id: number; name: string }> = [
  { id: 1, name: 'Store and/or access information on a device' },
  { id: 2, name: 'Use limited data to select advertising' },
  { id: 3, name: 'Create profiles for personalised advertising' },
  { id: 4, name: 'Use profiles to select personalised advertising' },
  { id: 5, name: 'Create profiles to personalise content' },
  { id: 6, name: 'Use profiles to select personalised content' },
  { id: 7, name: 'Measure advertising performance' },
  { id: 8, name: 'Measure content performance' },
  {
    id: 9,
    name: 'Understand audiences through statistics or combinations of data from different sources',
  },
  { id: 10, name: 'Develop and improve services' },
  { id: 11, name: 'Use limited data to select content' },
];
export const FALLBACK_SPECIAL_FEATURES: ReadonlyArray<{ id: number; name: string }> = [
  { id: 1, name: 'Use precise geolocation data' },
  { id: 2, name: 'Actively scan device characteristics for identification' },
];

type Named = { id: number; name: string };

/**
 * What the customise dialog lists: the purposes and special features of the loaded vendor list,
 * or the fallbacks while it is not loaded (not yet, or its call failed).
 */
export function legalBasisDialogLists(
  vendorList: { purposes: readonly Named[]; specialFeatures: readonly Named[] } | undefined,
): { purposes: readonly Named[]; specialFeatures: readonly Named[]; fallback: boolean } {
  return vendorList
    ? {
        purposes: vendorList.purposes,
        specialFeatures: vendorList.specialFeatures,
        fallback: false,
      }
    : { purposes: FALLBACK_PURPOSES, specialFeatures: FALLBACK_SPECIAL_FEATURES, fallback: true };
}

/** The customise dialog's selection when it opens: the current declaration, normalised. */
export const legalBasisDialogSelection = (values: PropertyDraft): LegalBasisSelection =>
  normaliseLegalBasis(legalBasisSelectionOf(values), values.publisherCC ?? 'GB');

/**
 * Choosing a legal basis: "I don't declare" clears every purpose list at once; "I define" opens
 * the customise dialog with the current declaration (values unchanged until OK, which is
 * `defineLegalBasis`; Cancel keeps them), and only for the service or service group scope.
 */
export function chooseLegalBasis<T extends PropertyDraft>(
  values: T,
  choice: LegalBasisChoice,
): { values: T; dialog: LegalBasisSelection | null } {
  if (choice === 'undeclared') return { values: declareNoLegalBasis(values), dialog: null };
  if (!canDefineLegalBasis(values.consentScope ?? 'service')) return { values, dialog: null };
  return { values, dialog: legalBasisDialogSelection(values) };
}
