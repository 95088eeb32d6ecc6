import { GppModel } from '@iabgpp/cmpapi';
import { TCString } from '@iabtechlabtcf/core';
import { describe, expect, it } from 'vitest';
import { bannerConfigFixture, regulationForConfig } from '@assent/core/banner';
import type { BannerConfig, ConsentModeSignal, VisitorRegion } from '@assent/core/banner';
import { formatMeta } from '../storage/freshness';
import type { StoredConsent } from '../storage/storage';
import { rejectAllChoices } from '../tcf/consent';
import type { Effect, RuntimeAction, RuntimeContext, RuntimeState } from './state';
import { reduce, viewOf } from './state';

const NOW = new Date(Date.UTC(2025, 5, 1, 12, 0, 0));
const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const FRANCE: VisitorRegion = { country: 'FR' };
const VIRGINIA: VisitorRegion = { country: 'US', state: 'VA' };

function context(
  region: VisitorRegion,
  opts: { config?: BannerConfig; gpc?: boolean; consentOrPay?: boolean } = {},
): RuntimeContext {
  const config = opts.config ?? bannerConfigFixture();
  return {
    config,
    region,
    regulation: regulationForConfig(config, region),
    language: 'en',
    gpc: opts.gpc ?? false,
    consentOrPay: opts.consentOrPay ?? false,
    usScreen: true,
  };
}

/** Runs actions from the start; answers the last state and each action's effects. */
function run(ctx: RuntimeContext, actions: RuntimeAction[], from?: RuntimeState) {
  let state: RuntimeState = from ?? { phase: 'loading' };
  const effects: Effect[][] = [];
  for (const action of actions) {
    const [next, fx] = reduce(ctx, state, action);
    state = next;
    effects.push(fx);
  }
  return { state, effects, last: effects.at(-1) ?? [] };
}

const loaded = (stored: StoredConsent = {}): RuntimeAction[] => [
  { type: 'storedRead', stored, now: NOW },
  { type: 'pageReady' },
];
const types = (effects: Effect[]) => effects.map((e) => e.type);

describe('runtime transitions: a GDPR visitor', () => {
  it('reads nothing stored, then asks on the first layer: cmpuishown, GPP not ready, shown, render', () => {
    const ctx = context(FRANCE);
    const { state, effects } = run(ctx, loaded());
    expect(effects[0]).toEqual([{ type: 'usp', value: '1---' }]);
    expect(state).toMatchObject({ phase: 'prompting', view: { view: 'first' } });
    expect(effects[1]).toEqual([
      {
        type: 'tcf',
        update: {
          eventStatus: 'cmpuishown',
          cmpStatus: 'loaded',
          displayStatus: 'visible',
          // Legitimate interest signalled, no consent (TCF 2.2); the choice is not stored.
          model: expect.objectContaining({ purposeConsents: [], vendorConsents: [] }),
          tcString: expect.stringMatching(/^C/),
        },
      },
      { type: 'gpp', update: expect.objectContaining({ signalStatus: 'not ready' }) },
      { type: 'gpp', update: { cmpDisplayStatus: 'visible' } },
      { type: 'visit', event: 'shown' },
      { type: 'render', view: { view: 'first' } },
    ]);
  });

  it('asks on the Consent or Pay screen when it applies', () => {
    const { state } = run(context(FRANCE, { consentOrPay: true }), loaded());
    expect(viewOf(state)).toEqual({ view: 'cop' });
  });

  it('Accept all closes the banner in the click and leaves the consent work for after the paint', () => {
    const ctx = context(FRANCE);
    const { state, last } = run(ctx, [...loaded(), { type: 'acceptAll', screen: 1 }]);
    expect(state).toMatchObject({ phase: 'closed', pending: { kind: 'acceptAll', screen: 1 } });
    expect(last).toEqual([
      { type: 'render', view: { view: 'link' } },
      { type: 'display', visible: false },
      { type: 'settleAfterPaint' },
    ]);
    expect(state.phase !== 'loading' && state.consent.tcString).toBeFalsy();
  });

  it('settling commits the choice: useractioncomplete, GPP ready, Consent Mode, visit, cookies, in that order', () => {
    const ctx = context(FRANCE);
    const { state, last } = run(ctx, [
      ...loaded(),
      { type: 'acceptAll', screen: 1 },
      { type: 'settle', now: NOW, id: ID },
    ]);
    expect(types(last)).toEqual(['tcf', 'gpp', 'consentMode', 'visit', 'store', 'consent', 'mark']);
    if (state.phase !== 'closed') throw new Error(`closed expected, got ${state.phase}`);
    expect(state.pending).toBeUndefined();
    const tc = TCString.decode(state.consent.tcString!);
    expect(tc.purposeConsents.size).toBeGreaterThan(0);
    expect(tc.consentScreen).toBe(1);
    expect(last[0]).toMatchObject({
      type: 'tcf',
      update: { eventStatus: 'useractioncomplete', tcString: state.consent.tcString },
    });
    expect(last[1]).toMatchObject({ type: 'gpp', update: { signalStatus: 'ready' } });
    expect(last[3]).toEqual({ type: 'visit', event: 'choice', outcome: 'a' });
    expect(last[4]).toMatchObject({
      type: 'store',
      values: { tcString: state.consent.tcString, meta: expect.stringMatching(/\|a\|/) },
    });
    // Settling twice commits once.
    expect(reduce(ctx, state, { type: 'settle', now: NOW, id: ID })[1]).toEqual([]);
  });

  it('a second choice before the paint replaces the first and books no second settle', () => {
    const ctx = context(FRANCE);
    const { state, last } = run(ctx, [
      ...loaded(),
      { type: 'acceptAll', screen: 1 },
      { type: 'rejectAll', screen: 1 },
    ]);
    expect(state).toMatchObject({ pending: { kind: 'rejectAll' } });
    expect(types(last)).not.toContain('settleAfterPaint');
  });

  it('a partial save from the second layer is screen 2', () => {
    const ctx = context(FRANCE);
    const choices = { ...rejectAllChoices(), purposes: new Set([1, 7]) };
    const { state } = run(ctx, [
      ...loaded(),
      { type: 'secondLayerOpened', tab: 'purposes' },
      { type: 'save', choices },
      { type: 'settle', now: NOW, id: ID },
    ]);
    const tc = TCString.decode(state.phase === 'closed' ? state.consent.tcString! : '');
    expect(tc.consentScreen).toBe(2);
    expect([...tc.purposeConsents.values()].length).toBeGreaterThan(0);
  });

  it('a choice is proved by a consent record: its id, strings and choices, the id kept in the meta and restored', () => {
    const ctx = context(FRANCE);
    const choices = { ...rejectAllChoices(), purposes: new Set([7, 1]), vendors: new Set([8, 2]) };
    const { state, last } = run(ctx, [
      ...loaded(),
      { type: 'secondLayerOpened', tab: 'purposes' },
      { type: 'save', choices },
      { type: 'settle', now: NOW, id: ID },
    ]);
    if (state.phase !== 'closed') throw new Error(`closed expected, got ${state.phase}`);
    const record = last.find((e) => e.type === 'consent');
    if (record?.type !== 'consent') throw new Error('no consent effect');
    const gpp = last.find((e) => e.type === 'gpp');
    expect(record.record).toEqual({
      id: ID,
      property: ctx.config.propertyId,
      configVersion: ctx.config.configVersion,
      vendorListVersion: ctx.config.gdpr!.vendorListVersion,
      tcString: state.consent.tcString,
      gppString: gpp?.type === 'gpp' ? gpp.update.gppString : 'no gpp',
      choices: {
        outcome: 'p',
        purposes: [1, 7],
        legitimateInterests: [],
        specialFeatures: [],
        vendors: [2, 8],
        vendorLegitimateInterests: [],
        googleVendors: [],
        customVendors: [],
        // The fixture's Google basic consent sends these signals: what Google tags got.
        ...(ctx.config.gbc?.enabled ? { consentMode: expect.any(Object) } : {}),
      },
    });
    // The TC string says what the record says.
    const tc = TCString.decode(state.consent.tcString!);
    expect([...tc.purposeConsents.values()].sort()).toEqual([1, 7]);
    expect(state.consent.id).toBe(ID);
    const store = last.find((e) => e.type === 'store');
    if (store?.type !== 'store') throw new Error('no store effect');
    expect(store.values.meta).toMatch(new RegExp(`\\|p\\|\\d+\\|${ID}$`));
    // The next page restores the choice with its id (the settings show it); no new record.
    const next = run(ctx, loaded(store.values));
    expect(next.state).toMatchObject({ phase: 'closed', consent: { id: ID } });
    expect(types(next.effects.flat())).not.toContain('consent');
  });

  it('a fresh stored choice is restored without asking: tcloaded, existing visit, the link', () => {
    const ctx = context(FRANCE);
    const first = run(ctx, [
      ...loaded(),
      { type: 'rejectAll', screen: 1 },
      { type: 'settle', now: NOW, id: ID },
    ]);
    const store = first.last.find((e) => e.type === 'store');
    if (store?.type !== 'store') throw new Error('no store effect');
    const next = run(ctx, loaded(store.values));
    expect(next.state.phase).toBe('closed');
    expect(next.effects[1]).toEqual([
      expect.objectContaining({
        type: 'tcf',
        update: expect.objectContaining({
          eventStatus: 'tcloaded',
          tcString: store.values.tcString,
        }),
      }),
      expect.objectContaining({ type: 'gpp' }),
      expect.objectContaining({ type: 'consentMode' }),
      { type: 'visit', event: 'existing', outcome: 'r' },
      { type: 'render', view: { view: 'link' } },
      { type: 'display', visible: false },
    ]);
  });

  it('a stored choice of another config version is discarded: the visitor is asked again', () => {
    const ctx = context(FRANCE);
    const meta = formatMeta({ configVersion: 'older', outcome: 'a', savedAt: NOW.getTime() });
    expect(run(ctx, loaded({ meta })).state).toMatchObject({ phase: 'prompting' });
  });

  it('the persistent link reopens the first layer and the second layer remembers where it came from', () => {
    const ctx = context(FRANCE);
    const closed = run(ctx, [...loaded(), { type: 'acceptAll', screen: 1 }]).state;
    const reopened = run(ctx, [{ type: 'reopen' }], closed);
    // Re-surfaced: GPP not ready first (item 10), and cmpuishown again with the string in force
    // (item 9).
    expect(reopened.last).toEqual([
      { type: 'gpp', update: { signalStatus: 'not ready' } },
      { type: 'render', view: { view: 'first' } },
      { type: 'display', visible: true },
      { type: 'tcf', update: { eventStatus: 'cmpuishown', displayStatus: 'visible' } },
    ]);
    // The choice still waiting for the paint is kept.
    expect(reopened.state).toMatchObject({ phase: 'prompting', pending: { kind: 'acceptAll' } });
    const second = run(ctx, [{ type: 'secondLayerOpened', tab: 'vendors' }], reopened.state);
    expect(viewOf(second.state)).toEqual({ view: 'second', tab: 'vendors', from: 'first' });
    // From the first layer the UI is already shown: no second cmpuishown.
    expect(types(second.last)).toEqual(['render']);
    expect(types(run(ctx, [{ type: 'secondLayerOpened', tab: 'purposes' }], closed).last)).toEqual([
      'gpp',
      'render',
      'display',
      'tcf',
    ]);
    expect(
      viewOf(run(ctx, [{ type: 'secondLayerOpened', tab: 'purposes' }], closed).state),
    ).toEqual({
      view: 'second',
      tab: 'purposes',
      from: 'link',
    });
  });

  it('ignores choices before the page is ready', () => {
    const ctx = context(FRANCE);
    const loading: RuntimeState = { phase: 'loading' };
    expect(reduce(ctx, loading, { type: 'acceptAll', screen: 1 })).toEqual([loading, []]);
    const starting = run(ctx, [{ type: 'storedRead', stored: {}, now: NOW }]).state;
    expect(reduce(ctx, starting, { type: 'reopen' })).toEqual([starting, []]);
  });
});

describe('runtime transitions: a US visitor', () => {
  it('asks on the US screen; an opt-out is applied in the click and stored', () => {
    const ctx = context(VIRGINIA);
    const asked = run(ctx, loaded());
    expect(asked.effects[0]).toEqual([{ type: 'usp', value: '1YNN' }]);
    expect(asked.state).toMatchObject({ phase: 'prompting', view: { view: 'us' } });
    expect(types(asked.last)).toEqual(['tcf', 'gpp', 'visit', 'display', 'render']);
    const { state, last } = run(
      ctx,
      [{ type: 'usChoice', optedOut: true, sensitiveConsents: [], now: NOW, id: ID }],
      asked.state,
    );
    expect(state).toMatchObject({ phase: 'closed', consent: { usOptedOut: true, usp: '1YYN' } });
    // GPP 1.1's order: not ready, the screen closes, the sections change with ready last.
    expect(types(last)).toEqual([
      'usp',
      'gpp',
      'render',
      'display',
      'gpp',
      'consentMode',
      'visit',
      'store',
      'consent',
    ]);
    expect(last.find((e) => e.type === 'consentMode')).toMatchObject({
      signals: { ad_user_data: 'denied', ad_personalization: 'denied' },
    });
    // The opt-out is a do-not-sell request, fulfilled once stored.
    expect(last.find((e) => e.type === 'visit')).toEqual({
      type: 'visit',
      event: 'choice',
      outcome: 'r',
      doNotSell: 'r',
    });
    expect(last.find((e) => e.type === 'store')).toMatchObject({
      values: { uspString: '1YYN', gppString: expect.any(String) },
    });
    expect(last.find((e) => e.type === 'consent')).toMatchObject({
      record: {
        id: ID,
        uspString: '1YYN',
        gppString: expect.stringMatching(/^D/),
        choices: { outcome: 'r', purposes: [], usOptOut: true },
      },
    });
  });

  it('sensitive data is consent: 1 until the visitor ticks a category, 2 for what they ticked; stored and restored', () => {
    const base = bannerConfigFixture();
    const config: BannerConfig = {
      ...base,
      us: { ...base.us!, mspa: { ...base.us!.mspa!, sensitiveDataCategories: [1, 3, 8] } },
    };
    const ctx = context(VIRGINIA, { config });
    const gppOf = (effects: Effect[]) => {
      // The update with the string (a change is framed by signalStatus updates: GPP 1.1).
      const update = effects.findLast((e) => e.type === 'gpp' && !!e.update.gppString);
      return new GppModel((update as { update: { gppString: string } }).update.gppString);
    };
    const asked = run(ctx, loaded());
    expect(gppOf(asked.last).getFieldValue('usva', 'SensitiveDataProcessing')).toEqual([
      1, 0, 1, 0, 0, 0, 0, 1,
    ]);
    // A partial choice: not opted out, consent for health only (and an undeclared 5, ignored).
    const { state, last } = run(
      ctx,
      [{ type: 'usChoice', optedOut: false, sensitiveConsents: [3, 5], now: NOW, id: ID }],
      asked.state,
    );
    expect(state).toMatchObject({ consent: { usOptedOut: false, usSensitiveConsents: [3] } });
    // Not an opt-out of sale: no do-not-sell request.
    expect(last.find((e) => e.type === 'visit')).toEqual({
      type: 'visit',
      event: 'choice',
      outcome: 'p',
    });
    const chosen = gppOf(last);
    expect(chosen.getFieldValue('usva', 'SensitiveDataProcessing')).toEqual([
      1, 0, 2, 0, 0, 0, 0, 1,
    ]);
    expect(chosen.getFieldValue('usnat', 'SensitiveDataProcessing')).toEqual([
      1, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(last).toContainEqual({ type: 'visit', event: 'choice', outcome: 'p' });
    const stored = last.find((e) => e.type === 'store') as { values: StoredConsent };
    expect(stored.values.meta).toMatch(new RegExp(`\\|p\\|\\d+\\|${ID}\\|3$`));
    // The next page restores the consent: the string keeps health at 2, no prompt.
    const next = run(ctx, loaded(stored.values));
    expect(next.state).toMatchObject({ phase: 'closed', consent: { usSensitiveConsents: [3] } });
    expect(gppOf(next.last).getFieldValue('usva', 'SensitiveDataProcessing')).toEqual([
      1, 0, 2, 0, 0, 0, 0, 1,
    ]);
  });

  it('GPC is an opt-out made without the banner: no pop-up, counted as an existing reject', () => {
    const { state, last } = run(context(VIRGINIA, { gpc: true }), loaded());
    expect(state).toMatchObject({ phase: 'closed', consent: { usOptedOut: true } });
    // A do-not-sell request, fulfilled at once (its signals go out now; nothing to store).
    expect(last).toContainEqual({
      type: 'visit',
      event: 'existing',
      outcome: 'r',
      doNotSell: 'f',
    });
    expect(types(last)).toContain('consentMode');
  });

  it("autoPopUp 'link' watches the publisher's footer element and counts an unprompted accept", () => {
    const config = bannerConfigFixture();
    config.us!.mspa = { ...config.us!.mspa!, autoPopUp: 'link', footerElementId: 'dns' };
    const { state, last } = run(context(VIRGINIA, { config }), loaded());
    expect(state.phase).toBe('closed');
    expect(last).toContainEqual({ type: 'watchFooter', elementId: 'dns' });
    expect(last).toContainEqual({ type: 'visit', event: 'unprompted', outcome: 'a' });
    expect(run(context(VIRGINIA, { config }), [{ type: 'reopen' }], state).state).toMatchObject({
      phase: 'prompting',
      view: { view: 'us' },
    });
  });

  it('closing the US screen without a choice leaves the link', () => {
    const ctx = context(VIRGINIA);
    const { state, last } = run(ctx, [...loaded(), { type: 'dismiss' }]);
    expect(state.phase).toBe('closed');
    // GPP: the signal is ready again (it changes nothing when it was: no event).
    expect(last).toEqual([
      { type: 'render', view: { view: 'link' } },
      { type: 'display', visible: false },
      { type: 'gpp', update: { signalStatus: 'ready' } },
    ]);
  });
});

describe('runtime transitions: no regulation applies', () => {
  const japan = (gbc?: Partial<NonNullable<BannerConfig['gbc']>>) => {
    const config = bannerConfigFixture({ consentLocations: ['EEA'] });
    return context({ country: 'JP' }, { config: { ...config, gbc: { ...config.gbc!, ...gbc } } });
  };

  it('answers the APIs and shows nothing; choices change nothing; no visit without GBC', () => {
    const ctx = japan({ enabled: false });
    const { state, last } = run(ctx, loaded());
    expect(state.phase).toBe('silent');
    expect(viewOf(state)).toEqual({ view: 'none' });
    expect(types(last)).toEqual(['tcf', 'gpp']);
    expect(reduce(ctx, state, { type: 'acceptAll', screen: 1 })).toEqual([state, []]);
  });

  it('under Google basic consent only, reports the page view at once, not shown, with the outcome of the defaults', () => {
    // The fixture's four signals default to denied: a reject.
    expect(run(japan(), loaded()).last).toContainEqual({
      type: 'visit',
      event: 'existing',
      outcome: 'r',
    });
    const grant = (id: ConsentModeSignal) => ({ id, default: 'GRANTED' }) as const;
    const granted = japan({ purposes: [grant('ad_storage'), grant('analytics_storage')] });
    expect(run(granted, loaded()).last).toContainEqual({
      type: 'visit',
      event: 'existing',
      outcome: 'a',
    });
    const mixed = japan({
      purposes: [grant('ad_storage'), { id: 'analytics_storage', default: 'DENIED' }],
    });
    expect(run(mixed, loaded()).last).toContainEqual({
      type: 'visit',
      event: 'existing',
      outcome: 'p',
    });
    // Nothing shows, and nothing is shown twice.
    const { state, effects } = run(japan(), loaded());
    expect(viewOf(state)).toEqual({ view: 'none' });
    expect(effects.flat().filter((e) => e.type === 'visit')).toHaveLength(1);
  });

  it('outside the regions of Google basic consent, sends nothing', () => {
    const { last } = run(japan({ regions: ['CA'] }), loaded());
    expect(types(last)).toEqual(['tcf', 'gpp']);
  });

  it('a stored choice under Google basic consent only is reported as the stored outcome', () => {
    const ctx = japan();
    const meta = formatMeta({
      configVersion: ctx.config.configVersion,
      outcome: 'a',
      savedAt: NOW.getTime(),
    });
    const { last } = run(ctx, loaded({ meta }));
    expect(last).toContainEqual({ type: 'visit', event: 'existing', outcome: 'a' });
  });
});
