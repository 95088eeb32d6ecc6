import { REQUIRED } from '@assent/core';
import type { Issue } from '@assent/core';
import { sameValue } from '@assent/core/config-as-code';
import { SITE_URL_HAS_SCHEME } from '@assent/core/property';
import { siteValues } from '@assent/core/testing';
import { describe, expect, it } from 'vitest';
import { siteFormReducer } from '../sites/site-form-state';
import type { PropertyFormAction, PropertyFormState } from './form-state';
import {
  fieldErrors,
  formChanged,
  initialFormState,
  propertyFormReducer,
  set,
  visibleIssues,
} from './form-state';

const start = () => initialFormState(siteValues());
const run = (state: PropertyFormState, ...actions: PropertyFormAction[]) =>
  actions.reduce(propertyFormReducer, state);

describe('property form state', () => {
  it('is unchanged until a value differs (key order and missing keys do not count)', () => {
    const state = start();
    expect(formChanged(state)).toBe(false);
    expect(formChanged(run(state, set('publisherName', 'Other')))).toBe(true);
    expect(
      formChanged(run(state, set('publisherName', 'Other'), set('publisherName', 'Example News'))),
    ).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });

  it('hides "required" on untouched fields until a save attempt; other rules always show', () => {
    const state = start();
    const issues: Issue[] = [
      { field: 'url', rule: 'noScheme', message: SITE_URL_HAS_SCHEME },
      { field: 'themeId', rule: 'required', message: REQUIRED },
    ];
    expect(visibleIssues(state, issues).map((i) => i.field)).toEqual(['url']);
    expect(visibleIssues(run(state, { type: 'saveAttempted' }), issues)).toHaveLength(2);
  });

  it('a server message under a field goes once the field changes; the callout stays', () => {
    const failed = run(start(), {
      type: 'saveFailed',
      failure: { title: 'T', message: 'M', fields: { url: 'taken', publisherName: 'bad' } },
    });
    const edited = run(failed, set('publisherName', 'New name'));
    expect(edited.failure).toEqual({ title: 'T', message: 'M', fields: { url: 'taken' } });
    expect(fieldErrors(edited, [])('url')).toBe('taken');
    expect(fieldErrors(edited, [])('publisherName')).toBeUndefined();
  });

  it('legal basis: I define opens the dialog; Cancel leaves the values; OK defines them', () => {
    const opened = run(start(), { type: 'legalBasis', choice: 'defined' });
    expect(opened.dialog).toMatchObject({ kind: 'legalBasis', selection: { consent: [1] } });
    expect(run(opened, { type: 'dialogCancel' }).values).toBe(opened.values);
    const defined = run(opened, { type: 'legalBasisOk' });
    expect(defined.values).toMatchObject({ noLegalBasis: false, purposeIdsV2: [1] });
    expect(run(defined, { type: 'legalBasis', choice: 'undeclared' }).values).toMatchObject({
      noLegalBasis: true,
      purposeIdsV2: [],
    });
  });

  it('Google basic consent: Cancel with no purpose turns it off; OK needs one', () => {
    const opened = run(start(), { type: 'gbcEnabled', enabled: true });
    expect(opened.values.gbcEnabled).toBe(true);
    expect(run(opened, { type: 'dialogCancel' }).values.gbcEnabled).toBe(false);
    const refused = run(opened, { type: 'gbcOk' });
    expect(refused.dialog).toMatchObject({
      kind: 'googleBasicConsent',
      issues: [{ rule: 'atLeastOne' }],
    });
    const ok = run(opened, { type: 'gbcPurpose', id: 2, enabled: true }, { type: 'gbcOk' });
    expect(ok.dialog.kind).toBe('none');
    expect(ok.values.gbcApplicablePurposes.filter((p) => p.enabled)).toEqual([
      { id: 2, enabled: true, defaultValue: 'DENIED' },
    ]);
  });

  it('MSPA: Yes asks first; declining sets State and National', () => {
    const asked = run(start(), { type: 'coveredTransaction', answer: 'yes' });
    expect(asked.dialog.kind).toBe('mspaSignatory');
    expect(asked.values.isCoveredTransaction).toBe(false);
    expect(run(asked, { type: 'mspaSignatory', signatory: true }).values).toMatchObject({
      isCoveredTransaction: true,
      mspaJurisdiction: 'NATIONAL',
    });
    expect(run(asked, { type: 'dialogCancel' }).values).toMatchObject({
      isCoveredTransaction: false,
      mspaJurisdiction: 'STATE_AND_NATIONAL',
    });
  });

  it('sensitive data: Yes opens the dialog; closing with none answers No', () => {
    const opened = run(start(), { type: 'sensitiveData', answer: 'yes' });
    expect(opened.dialog.kind).toBe('sensitiveData');
    expect(run(opened, { type: 'dialogCancel' }).values.mspaSensitiveDataProcessing).toBe('no');
    const chosen = run(
      opened,
      { type: 'sensitiveDataToggle', id: 3, checked: true },
      {
        type: 'sensitiveDataOk',
      },
    );
    expect(chosen.values).toMatchObject({
      mspaSensitiveDataProcessing: 'yes',
      mspaSensitiveDataPurposeIds: [3],
    });
  });

  it('site: Consent or Pay Yes opens the settings; OK validates; Cancel restores; No at once', () => {
    const opened = siteFormReducer(start(), { type: 'consentOrPay', enabled: true });
    expect(opened.values.consentOrPayConfig.enabled).toBe(false);
    const refused = siteFormReducer(opened, { type: 'consentOrPayOk' });
    expect(refused.dialog).toMatchObject({ kind: 'consentOrPay' });
    const cancelled = siteFormReducer(refused, { type: 'dialogCancel' });
    expect(cancelled.dialog.kind).toBe('none');
    expect(cancelled.values).toBe(refused.values);
    const drafted = siteFormReducer(opened, {
      type: 'consentOrPayDraft',
      config: { ...opened.values.consentOrPayConfig, enabled: true, countries: ['eea'] },
    });
    const accepted = siteFormReducer(drafted, { type: 'consentOrPayOk' });
    expect(accepted.values.consentOrPayConfig).toMatchObject({ enabled: true, countries: ['eea'] });
    expect(
      siteFormReducer(accepted, { type: 'consentOrPay', enabled: false }).values.consentOrPayConfig
        .enabled,
    ).toBe(false);
  });

  it('site: AMP unchecks subdomains and keeps the site-only scope', () => {
    const withSubdomains = siteFormReducer(start(), { type: 'applyToSubDomains', checked: true });
    expect(withSubdomains.values.applyToSubDomains).toBe(true);
    const amp = siteFormReducer(
      siteFormReducer(withSubdomains, { type: 'consentScope', scope: 'global' }),
      { type: 'ampEnabled', checked: true },
    );
    expect(amp.values).toMatchObject({
      ampEnabled: true,
      applyToSubDomains: false,
      consentScope: 'service',
    });
  });
});
