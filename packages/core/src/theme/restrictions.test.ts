import { describe, expect, it } from 'vitest';
import { siteThemeValues } from '../testing/theme';
import type { RestrictionAction, RestrictionModalState } from './restrictions';
import {
  applyRestrictions,
  restrictionModalReducer,
  restrictionsOf,
  withoutEmptyRestrictions,
} from './restrictions';

const run = (state: RestrictionModalState, ...actions: RestrictionAction[]) =>
  actions.reduce(restrictionModalReducer, state);

describe('publisher restrictions modal', () => {
  const start = restrictionsOf(
    siteThemeValues({ publisherConsentRestrictionIds: [2], publisherLIRestrictionIds: [7] }),
  );

  it('checking consent for a purpose removes its legitimate-interest restriction, and vice versa', () => {
    const opened = run(
      start,
      { type: 'open' },
      { type: 'toggleConsent', purposeId: 7, checked: true },
    );
    expect(opened.status === 'open' && opened.draft).toEqual({
      consent: [2, 7],
      legitimateInterest: [],
    });
    const back = run(opened, { type: 'toggleLegitimateInterest', purposeId: 2, checked: true });
    expect(back.status === 'open' && back.draft).toEqual({ consent: [7], legitimateInterest: [2] });
  });

  it('applies only on Save', () => {
    const saved = run(
      start,
      { type: 'open' },
      { type: 'toggleConsent', purposeId: 9, checked: true },
      { type: 'save' },
    );
    expect(saved).toEqual({
      status: 'closed',
      applied: { consent: [2, 9], legitimateInterest: [7] },
    });
  });

  it('Cancel reverts the changes', () => {
    const cancelled = run(
      start,
      { type: 'open' },
      { type: 'toggleConsent', purposeId: 7, checked: true },
      { type: 'cancel' },
    );
    expect(cancelled).toEqual(start);
  });

  it('ignores toggles while closed', () => {
    expect(run(start, { type: 'toggleConsent', purposeId: 3, checked: true })).toBe(start);
  });

  it('writes the applied lists back, and empty lists are removed before sending', () => {
    const theme = applyRestrictions(siteThemeValues(), { consent: [], legitimateInterest: [7] });
    const sent = withoutEmptyRestrictions(theme);
    expect('publisherConsentRestrictionIds' in sent).toBe(false);
    expect(sent.publisherLIRestrictionIds).toEqual([7]);
  });
});
