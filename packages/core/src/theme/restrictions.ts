import type { ThemeValues } from './schema';

/**
 * The publisher restrictions modal (Configure restrictions): per purpose, require consent or
 * require legitimate interest, never both. Changes apply only on Save; Cancel reverts.
 */

export interface PublisherRestrictions {
  consent: number[];
  legitimateInterest: number[];
}

export type RestrictionModalState =
  | { status: 'closed'; applied: PublisherRestrictions }
  | { status: 'open'; applied: PublisherRestrictions; draft: PublisherRestrictions };

export type RestrictionAction =
  | { type: 'open' }
  | { type: 'toggleConsent'; purposeId: number; checked: boolean }
  | { type: 'toggleLegitimateInterest'; purposeId: number; checked: boolean }
  | { type: 'save' }
  | { type: 'cancel' };

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

function toggle(
  draft: PublisherRestrictions,
  list: keyof PublisherRestrictions,
  purposeId: number,
  checked: boolean,
): PublisherRestrictions {
  const other: keyof PublisherRestrictions = list === 'consent' ? 'legitimateInterest' : 'consent';
  const next = { ...draft };
  next[list] = checked
    ? sorted([...draft[list], purposeId])
    : draft[list].filter((id) => id !== purposeId);
  // Checking one restriction for a purpose removes the other.
  if (checked) next[other] = draft[other].filter((id) => id !== purposeId);
  return next;
}

export function restrictionModalReducer(
  state: RestrictionModalState,
  action: RestrictionAction,
): RestrictionModalState {
  switch (action.type) {
    case 'open':
      return { status: 'open', applied: state.applied, draft: state.applied };
    case 'toggleConsent':
    case 'toggleLegitimateInterest':
      if (state.status !== 'open') return state;
      return {
        ...state,
        draft: toggle(
          state.draft,
          action.type === 'toggleConsent' ? 'consent' : 'legitimateInterest',
          action.purposeId,
          action.checked,
        ),
      };
    case 'save':
      return state.status === 'open' ? { status: 'closed', applied: state.draft } : state;
    case 'cancel':
      return { status: 'closed', applied: state.applied };
  }
}

/** The modal's starting state from the theme. */
export const restrictionsOf = (
  t: Pick<ThemeValues, 'publisherConsentRestrictionIds' | 'publisherLIRestrictionIds'>,
): RestrictionModalState => ({
  status: 'closed',
  applied: {
    consent: t.publisherConsentRestrictionIds ?? [],
    legitimateInterest: t.publisherLIRestrictionIds ?? [],
  },
});

/** Writes the applied restrictions back to the theme. */
export function applyRestrictions<T extends ThemeValues>(values: T, r: PublisherRestrictions): T {
  return {
    ...values,
    publisherConsentRestrictionIds: r.consent,
    publisherLIRestrictionIds: r.legitimateInterest,
  };
}

/** Empty publisher restriction lists are removed before sending. */
export function withoutEmptyRestrictions<T extends ThemeValues>(values: T): T {
  const next = { ...values };
  if (!next.publisherConsentRestrictionIds?.length) delete next.publisherConsentRestrictionIds;
  if (!next.publisherLIRestrictionIds?.length) delete next.publisherLIRestrictionIds;
  return next;
}
