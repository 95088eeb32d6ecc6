// @vitest-environment happy-dom
import { GppModel } from '@iabgpp/cmpapi';
import { TCString } from '@iabtechlabtcf/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BANNER_FIXTURE_VENDORS,
  bannerConfigFixture,
  compactVendor,
  VISIT_EVENT_MAX_BYTES,
  VisitEvent,
} from '@assent/core/banner';
import { button, call, flush, resetWindow, setNavigator, start } from '../../test/harness';
import { LOCATOR_APIS } from '@assent/core/runtime';
import { installStub, LOCATOR_KEY } from '../stub';
import { acceptAllChoices } from '../tcf/consent';

type Win = Window & Record<string, unknown>;

beforeEach(() => {
  resetWindow();
  setNavigator({ languages: ['en-GB'], gpc: false });
});
afterEach(() => vi.restoreAllMocks());

describe('inline stub', () => {
  it('writes consent mode defaults before anything else, then answers ping with cmpLoaded false', async () => {
    installStub(window as unknown as Win, {
      tcf: true,
      gpp: true,
      consentMode: {
        defaults: [
          {
            ad_storage: 'denied',
            analytics_storage: 'denied',
            wait_for_update: 500,
            region: ['FR'],
          },
        ],
        urlPassThrough: true,
        adsDataRedaction: true,
      },
    });
    const dl = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a]);
    expect(dl[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', analytics_storage: 'denied', wait_for_update: 500, region: ['FR'] },
    ]);
    expect(dl.slice(1)).toEqual([
      ['set', 'url_passthrough', true],
      ['set', 'ads_data_redaction', true],
    ]);
    const [ping, ok] = await call('__tcfapi', 'ping');
    expect(ok).toBe(true);
    expect(ping).toMatchObject({ cmpLoaded: false, cmpStatus: 'stub', apiVersion: '2.2' });
    const [gppPing] = await call('__gpp', 'ping');
    expect(gppPing).toMatchObject({
      gppVersion: '1.1',
      cmpStatus: 'stub',
      signalStatus: 'not ready',
      applicableSections: [-1],
    });
  });

  it('answers every generic __gpp command at once (GPP 1.1); the CMP adopts its listeners (issue 15 item 10)', async () => {
    installStub(window as unknown as Win, { gpp: true, cmpId: 300 });
    const gpp = (window as unknown as Win).__gpp as (...a: unknown[]) => unknown;
    const answers: unknown[][] = [];
    const answer = (...a: unknown[]) => answers.push(a);
    const events: Array<[string, unknown, string]> = [];
    const listen =
      (name: string) =>
      (e: { eventName: string; data: unknown; pingData: { signalStatus: string } }) =>
        events.push([`${name}:${e.eventName}`, e.data, e.pingData.signalStatus]);
    gpp('addEventListener', listen('kept'));
    gpp('addEventListener', listen('removed'));
    gpp('removeEventListener', answer, 2);
    gpp('removeEventListener', answer, 9);
    gpp('hasSection', answer, 'tcfeuv2');
    gpp('getSection', answer, 'tcfeuv2');
    gpp('getField', answer, 'tcfeuv2.CmpId');
    // Synchronously, before any CMP: both listeners registered with their ids, the rest answered.
    expect(events).toEqual([
      ['kept:listenerRegistered', true, 'not ready'],
      ['removed:listenerRegistered', true, 'not ready'],
    ]);
    expect(answers).toEqual([
      [true, true],
      [false, true],
      [false, true],
      [null, true],
      [null, true],
    ]);
    await start({ stub: false });
    // The kept listener is the CMP's now (no second listenerRegistered); the removed one hears nothing.
    expect(events.slice(2).map((e) => e[0])).toEqual(['kept:cmpStatus', 'kept:cmpDisplayStatus']);
    expect(events.slice(2).every((e) => e[0].startsWith('kept:'))).toBe(true);
    // A new listener gets an id after the stub's.
    const [registered] = (await call('__gpp', 'addEventListener')) as [
      { listenerId: number },
      boolean,
    ];
    expect(registered.listenerId).toBe(3);
  });

  it('queues other calls and creates the locator iframes', () => {
    installStub(window as unknown as Win, { tcf: true, gpp: true, usp: true });
    const tcfapi = (window as unknown as Win).__tcfapi as (...a: unknown[]) => unknown;
    tcfapi('getTCData', 2, () => undefined);
    expect((tcfapi() as unknown[][]).map((a) => a[0])).toEqual(['getTCData']);
    const names = [...document.querySelectorAll('iframe')].map((f) => f.name);
    expect(names).toEqual(['__tcfapiLocator', '__gppLocator', '__uspapiLocator']);
  });

  it('creates only the locator frames of the visitor’s regulation once the runtime said which', () => {
    localStorage.setItem(LOCATOR_KEY, LOCATOR_APIS.GDPR.join());
    try {
      installStub(window as unknown as Win, { tcf: true, gpp: true, usp: true });
      const names = [...document.querySelectorAll('iframe')].map((f) => f.name);
      expect(names).toEqual(['__tcfapiLocator', '__gppLocator']);
      // Every API still answers in the page itself.
      expect(typeof (window as unknown as Win).__uspapi).toBe('function');
    } finally {
      localStorage.removeItem(LOCATOR_KEY);
    }
  });
});

describe('__tcfapi', () => {
  it('drains the stub queue: a getTCData queued before load is answered with cmpuishown', async () => {
    installStub(window as unknown as Win, { tcf: true, gpp: true });
    const queued = new Promise<Record<string, unknown>>((resolve) =>
      ((window as unknown as Win).__tcfapi as (...a: unknown[]) => void)(
        'getTCData',
        2,
        (d: Record<string, unknown>) => resolve(d),
      ),
    );
    await start({ stub: false });
    const data = await queued;
    expect(data).toMatchObject({
      gdprApplies: true,
      eventStatus: 'cmpuishown',
      cmpStatus: 'loaded',
    });
    // TCF 2.2 (issue 15 item 2): the shown UI's TC string signals every surfaced vendor's and
    // purpose's legitimate interest and no consent, and TCData says the same.
    const decoded = TCString.decode(data.tcString as string);
    const vendorsLI = BANNER_FIXTURE_VENDORS.map(compactVendor)
      .filter(([, , li]) => li & 0b1111000010)
      .map((v) => v[0]);
    expect([...decoded.purposeConsents.values()]).toEqual([]);
    expect([...decoded.vendorConsents.values()]).toEqual([]);
    expect([...decoded.specialFeatureOptins.values()]).toEqual([]);
    expect([...decoded.purposeLegitimateInterests.values()]).toEqual([2, 7, 8, 9, 10]);
    expect([...decoded.vendorLegitimateInterests.values()]).toEqual(vendorsLI);
    expect(vendorsLI.length).toBeGreaterThan(0);
    expect(decoded.consentScreen).toBe(1);
    expect(data).toMatchObject({
      purpose: { consents: { 1: false }, legitimateInterests: { 2: true, 7: true, 3: false } },
    });
  });

  it('answers ping after load with cmpLoaded, versions and display status', async () => {
    await start();
    const [ping] = await call('__tcfapi', 'ping');
    expect(ping).toEqual({
      gdprApplies: true,
      cmpLoaded: true,
      cmpStatus: 'loaded',
      displayStatus: 'visible',
      apiVersion: '2.2',
      cmpVersion: 1,
      cmpId: 300,
      gvlVersion: 17,
      tcfPolicyVersion: 4,
    });
  });

  it('version 0, undefined and 2 are the latest; any other version fails', async () => {
    await start();
    for (const v of [0, undefined, 2]) expect((await call('__tcfapi', 'ping', v))[1]).toBe(true);
    for (const v of [1, 3, '2']) expect((await call('__tcfapi', 'ping', v))[1]).toBe(false);
    expect((await call('__tcfapi', 'noSuchCommand'))[1]).toBe(false);
  });

  it('addEventListener gives distinct listener ids, reports each change, and removeEventListener stops it', async () => {
    const { cmp } = await start();
    const events: Array<{ id: unknown; status: unknown }> = [];
    const api = (window as unknown as Win).__tcfapi as (...a: unknown[]) => void;
    api('addEventListener', 2, (d: Record<string, unknown>) =>
      events.push({ id: d.listenerId, status: d.eventStatus }),
    );
    api('addEventListener', 2, (d: Record<string, unknown>) =>
      events.push({ id: d.listenerId, status: d.eventStatus }),
    );
    expect(events).toEqual([
      { id: 1, status: 'cmpuishown' },
      { id: 2, status: 'cmpuishown' },
    ]);
    expect(await call('__tcfapi', 'removeEventListener', 2, 2)).toEqual([true, true]);
    await cmp.acceptAll();
    expect(events.slice(2)).toEqual([{ id: 1, status: 'useractioncomplete' }]);
    expect(await call('__tcfapi', 'removeEventListener', 2, 99)).toEqual([false, false]);
  });

  it("getTCData carries the TCData shape, and the string decodes with IAB's library", async () => {
    const { cmp } = await start();
    await cmp.acceptAll();
    const [data] = (await call('__tcfapi', 'getTCData')) as [Record<string, unknown>, boolean];
    expect(Object.keys(data).sort()).toEqual(
      [
        'tcString',
        'tcfPolicyVersion',
        'cmpId',
        'cmpVersion',
        'gdprApplies',
        'eventStatus',
        'cmpStatus',
        'isServiceSpecific',
        'useNonStandardTexts',
        'publisherCC',
        'purposeOneTreatment',
        'purpose',
        'vendor',
        'specialFeatureOptins',
        'publisher',
      ].sort(),
    );
    const decoded = TCString.decode(data.tcString as string);
    expect(decoded.purposeConsents.has(1)).toBe(true);
    expect(data.purpose).toMatchObject({
      consents: { 1: true, 5: false },
      legitimateInterests: { 2: true, 3: false },
    });
    expect(data.vendor).toMatchObject({ consents: { 1: true, 755: true } });
    expect(data.publisher).toMatchObject({
      customPurpose: { consents: {}, legitimateInterests: {} },
      restrictions: {},
    });
    const [only] = (await call('__tcfapi', 'getTCData', 2, [1, 9999])) as [
      Record<string, { consents: object }>,
      boolean,
    ];
    expect(only.vendor!.consents).toEqual({ 1: true, 9999: false });
  });

  it('has the minimal shape when GDPR does not apply', async () => {
    await start({
      config: bannerConfigFixture({ consentLocations: ['EEA'] }),
      region: { country: 'BR' },
    });
    const [data, ok] = await call('__tcfapi', 'getTCData');
    expect(ok).toBe(true);
    expect(data).toEqual({ gdprApplies: false, tcfPolicyVersion: 4, cmpId: 300, cmpVersion: 1 });
  });

  it('getVendorList loads the vendor list lazily, once', async () => {
    const h = await start();
    expect(h.fetches).toEqual([]);
    const [gvl, ok] = await call('__tcfapi', 'getVendorList');
    expect(ok).toBe(true);
    expect(gvl).toMatchObject({ vendorListVersion: 17 });
    await call('__tcfapi', 'getVendorList');
    expect(h.fetches).toEqual(['https://cdn.example/gvl/v17/en.json']);
  });

  it('answers cross-frame calls through the postMessage bridge (object and JSON string)', async () => {
    await start();
    const replies: unknown[] = [];
    const source = { postMessage: (m: unknown) => replies.push(m) };
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { __tcfapiCall: { command: 'ping', version: 2, callId: 'a1' } },
        source: source as never,
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ __gppCall: { command: 'ping', callId: 7 } }),
        source: source as never,
      }),
    );
    await flush();
    // Earlier tests' stubs also listen on this shared window: look at the first reply of each kind.
    const tcfReply = replies.find((r) => typeof r === 'object');
    const gppReply = replies.find((r) => typeof r === 'string');
    expect(tcfReply).toMatchObject({
      __tcfapiReturn: { success: true, callId: 'a1', returnValue: { cmpLoaded: true } },
    });
    expect(JSON.parse(gppReply as string)).toMatchObject({
      __gppReturn: { success: true, callId: 7, returnValue: { gppVersion: '1.1' } },
    });
  });
});

describe('__gpp and __uspapi', () => {
  it('for a GDPR visitor: tcfeuv2 section after the choice, signal ready', async () => {
    const { cmp } = await start();
    let [ping] = (await call('__gpp', 'ping')) as [Record<string, unknown>, boolean];
    expect(ping).toMatchObject({
      signalStatus: 'not ready',
      cmpDisplayStatus: 'visible',
      applicableSections: [-1],
    });
    await cmp.acceptAll();
    [ping] = (await call('__gpp', 'ping')) as [Record<string, unknown>, boolean];
    expect(ping).toMatchObject({
      signalStatus: 'ready',
      applicableSections: [2],
      sectionList: [2],
    });
    expect(await call('__gpp', 'hasSection', 'tcfeuv2')).toEqual([true, true]);
    expect((await call('__gpp', 'getField', 'tcfeuv2.CmpId'))[0]).toBe(300);
  });

  it('GPP 1.1 event order: not ready before a change, one sectionChange per section by its API prefix, ready last (issue 15 item 10)', async () => {
    const { cmp } = await start();
    const events: string[] = [];
    ((window as unknown as Win).__gpp as (...a: unknown[]) => void)(
      'addEventListener',
      (e: { eventName: string; data: unknown }) => events.push(`${e.eventName} ${String(e.data)}`),
    );
    await cmp.acceptAll();
    expect(events).toEqual([
      'listenerRegistered true',
      'cmpDisplayStatus hidden',
      'sectionChange tcfeuv2',
      'signalStatus ready',
    ]);
    events.length = 0;
    // Re-surfaced (the persistent link): not ready until the new choice is in.
    await cmp.reopen();
    await cmp.rejectAll();
    expect(events).toEqual([
      'signalStatus not ready',
      'cmpDisplayStatus visible',
      'cmpDisplayStatus hidden',
      'sectionChange tcfeuv2',
      'signalStatus ready',
    ]);
  });

  it('a Californian’s opt-out: not ready first, then uspv1, usnat and usca each announced, ready last', async () => {
    const { cmp } = await start({ region: { country: 'US', state: 'CA' } });
    const events: string[] = [];
    ((window as unknown as Win).__gpp as (...a: unknown[]) => void)(
      'addEventListener',
      (e: { eventName: string; data: unknown }) => events.push(`${e.eventName} ${String(e.data)}`),
    );
    await cmp.decideUs(true);
    expect(events).toEqual([
      'listenerRegistered true',
      'signalStatus not ready',
      'cmpDisplayStatus hidden',
      'sectionChange uspv1',
      'sectionChange usnat',
      'sectionChange usca',
      'signalStatus ready',
    ]);
  });

  for (const [who, region] of [
    ['an EU visitor', { country: 'FR' }],
    ['a Californian', { country: 'US', state: 'CA' }],
    ['a Virginian', { country: 'US', state: 'VA' }],
  ] as const)
    it(`parsedSections and getSection are what @iabgpp/cmpapi parses from the GPP string: ${who} (issue 15 item 10)`, async () => {
      const { cmp } = await start({ region });
      if (cmp.regulation === 'GDPR')
        await cmp.save({
          ...acceptAllChoices(bannerConfigFixture().gdpr!),
          purposes: new Set([1, 4]),
        });
      else await cmp.decideUs(true);
      const [ping] = (await call('__gpp', 'ping')) as [
        { gppString: string; parsedSections: Record<string, Record<string, unknown>> },
        boolean,
      ];
      const oracle = new GppModel(ping.gppString).toObject() as Record<string, unknown>;
      expect(Object.keys(ping.parsedSections).length).toBeGreaterThan(0);
      expect(ping.parsedSections).toEqual(oracle);
      for (const name of Object.keys(oracle))
        expect((await call('__gpp', 'getSection', name))[0]).toEqual(oracle[name]);
    });

  it('for a Californian: usnat and usca, opt-out through the US screen, USP string', async () => {
    const { cmp } = await start({ region: { country: 'US', state: 'CA' } });
    expect(cmp.regulation).toBe('US');
    expect((await call('__gpp', 'getField', 'usnat.SaleOptOut'))[0]).toBe(2);
    const [ping] = (await call('__gpp', 'ping')) as [Record<string, unknown>, boolean];
    expect(ping).toMatchObject({ applicableSections: [8], sectionList: [6, 7, 8] });
    expect((await call('__uspapi', 'getUSPData', 1))[0]).toEqual({ version: 1, uspString: '1YNN' });
    await cmp.decideUs(true);
    expect((await call('__gpp', 'getField', 'usca.SaleOptOut'))[0]).toBe(1);
    expect((await call('__uspapi', 'getUSPData', 1))[0]).toEqual({ version: 1, uspString: '1YYN' });
    expect((await call('__gpp', 'getSection', 'usnat'))[0]).toMatchObject({
      Version: 2,
      SharingOptOut: 1,
      Gpc: false,
    });
    expect(await call('__gpp', 'hasSection', 'usva')).toEqual([false, true]);
  });

  it('answers a getUSPData queued in the stub with the visitor’s string, not 1--- (regression: replayed before the string was known)', async () => {
    setNavigator({ gpc: true });
    installStub(window as unknown as Win, { tcf: true, gpp: true, usp: true });
    const queued = new Promise<unknown>((resolve) =>
      ((window as unknown as Win).__uspapi as (...a: unknown[]) => void)(
        'getUSPData',
        1,
        (d: unknown) => resolve(d),
      ),
    );
    await start({ stub: false, region: { country: 'US', state: 'CA' } });
    expect(await queued).toEqual({ version: 1, uspString: '1YYN' });
    expect(await call('__uspapi', 'getUSPData', 2)).toEqual([null, false]);
  });

  it('honours GPC: US opt-outs are set and no pop-up is shown', async () => {
    setNavigator({ gpc: true });
    const { cmp, beacons } = await start({ region: { country: 'US', state: 'TX' } });
    expect(cmp.view()).toEqual({ view: 'link' });
    // The page view still counts: a reject, without the banner.
    expect(beacons.map((b) => JSON.parse(b.body))).toMatchObject([{ o: 'r', x: 1, r: 3 }]);
    expect((await call('__gpp', 'getField', 'usnat.Gpc'))[0]).toBe(true);
    expect((await call('__gpp', 'getField', 'ustx.SaleOptOut'))[0]).toBe(1);
    expect((await call('__uspapi', 'getUSPData', 1))[0]).toEqual({ version: 1, uspString: '1YYN' });
  });

  it('applicableSections is [-1] when no regulation applies', async () => {
    await start({
      config: bannerConfigFixture({ consentLocations: ['EEA'] }),
      region: { country: 'JP' },
    });
    const [ping] = (await call('__gpp', 'ping')) as [Record<string, unknown>, boolean];
    expect(ping).toMatchObject({ applicableSections: [-1], signalStatus: 'ready' });
    expect((await call('__uspapi', 'getUSPData', 1))[0]).toEqual({ version: 1, uspString: '1---' });
  });
});

describe('the universal tag: every API it stubbed answers (issue 15, items 1 and 12)', () => {
  const queue = (api: string, ...args: unknown[]) =>
    new Promise<[unknown, boolean]>((resolve) => {
      const cb = (d: unknown, ok: boolean) => resolve([d, ok]);
      const fn = (window as unknown as Win)[api] as (...a: unknown[]) => void;
      if (api === '__gpp') fn(args[0], cb, args[1]);
      else fn(args[0], args[1], cb, args[2]);
    });
  const everything = { tcf: true, gpp: true, usp: true, cmpId: 300 };

  it('a US-only site: the __tcfapi stub answers gdprApplies false (queued and new calls)', async () => {
    installStub(window as unknown as Win, everything);
    const listener = queue('__tcfapi', 'addEventListener', 2);
    await start({
      stub: false,
      config: bannerConfigFixture({ consentLocations: ['USA'], gdpr: undefined }),
      region: { country: 'US', state: 'CA' },
    });
    expect(await listener).toEqual([
      {
        gdprApplies: false,
        tcfPolicyVersion: 5,
        cmpId: 300,
        cmpVersion: expect.any(Number),
        listenerId: 1,
      },
      true,
    ]);
    expect((await call('__tcfapi', 'ping'))[0]).toMatchObject({
      gdprApplies: false,
      cmpLoaded: true,
      cmpStatus: 'loaded',
      displayStatus: 'disabled',
    });
  });

  it('a TCF-only site: __gpp signals ready with applicableSections [-1]; __uspapi answers 1--- and every queued call', async () => {
    installStub(window as unknown as Win, everything);
    const events: Array<{ eventName: string; pingData: { signalStatus: string } }> = [];
    ((window as unknown as Win).__gpp as (...a: unknown[]) => void)(
      'addEventListener',
      (e: (typeof events)[number]) => events.push(e),
    );
    const usp = queue('__uspapi', 'getUSPData', 1);
    const uspPing = queue('__uspapi', 'ping', 1);
    await start({
      stub: false,
      config: bannerConfigFixture({
        consentLocations: ['EEA'],
        gdpr: { ...bannerConfigFixture().gdpr!, encodingMode: 'TCF' },
        us: undefined,
      }),
      region: { country: 'FR' },
    });
    expect(await usp).toEqual([{ version: 1, uspString: '1---' }, true]);
    // USP has no ping: the stub queued it too, and the CMP answers it (unsupported).
    expect(await uspPing).toEqual([null, false]);
    expect(events.map((e) => [e.eventName, e.pingData.signalStatus])).toContainEqual([
      'signalStatus',
      'ready',
    ]);
    const [ping] = (await call('__gpp', 'ping')) as [Record<string, unknown>, boolean];
    expect(ping).toMatchObject({
      signalStatus: 'ready',
      applicableSections: [-1],
      gppString: 'DBAA',
    });
  });
});

describe('storage and re-prompt', () => {
  it('stores euconsent-v2 and the choice; the next page loads it (tcloaded) without the banner', async () => {
    const first = await start();
    await first.cmp.acceptAll();
    expect(document.cookie).toContain('euconsent-v2=');
    resetWindowKeepCookies();
    const second = await start();
    expect(second.cmp.view()).toEqual({ view: 'link' });
    const [data] = (await call('__tcfapi', 'getTCData')) as [Record<string, unknown>, boolean];
    expect(data.eventStatus).toBe('tcloaded');
    expect(data.tcString).toBe(first.cmp.tcf!.state().tcString);
  });

  it("Google providers and non-IAB vendors: the AC string in TCData and addtl_consent, the vendors' consents, restored on the next page", async () => {
    const config = bannerConfigFixture();
    config.gdpr!.googleVendors = [89, 1051];
    config.gdpr!.customVendors = [
      { id: 'crm', name: 'CRM', policyUrl: '', purposes: [1], legIntPurposes: [] },
      { id: 'chat', name: 'Chat', policyUrl: '', purposes: [1], legIntPurposes: [] },
    ];
    const first = await start({ config });
    const [shown] = (await call('__tcfapi', 'getTCData')) as [Record<string, unknown>, boolean];
    expect(shown).not.toHaveProperty('addtlConsent');
    await first.cmp.save({
      ...acceptAllChoices(config.gdpr!),
      google: new Set([1051]),
      others: new Set(['chat']),
    });
    const [data] = (await call('__tcfapi', 'getTCData')) as [Record<string, unknown>, boolean];
    expect(data.addtlConsent).toBe('2~1051~dv.89');
    expect(await call('__tcfapi', 'getNonIABVendorConsents')).toEqual([
      { gdprApplies: true, nonIabVendorConsents: { crm: false, chat: true } },
      true,
    ]);
    expect(document.cookie).toContain(`addtl_consent=${encodeURIComponent('2~1051~dv.89')}`);
    expect(document.cookie).toContain(`assent-vendors=${encodeURIComponent('1~chat')}`);

    resetWindowKeepCookies();
    const next = await start({ config });
    expect(next.cmp.view()).toEqual({ view: 'link' });
    const [again] = (await call('__tcfapi', 'getTCData')) as [Record<string, unknown>, boolean];
    expect(again).toMatchObject({ eventStatus: 'tcloaded', addtlConsent: '2~1051~dv.89' });
    expect((await call('__tcfapi', 'getNonIABVendorConsents'))[0]).toMatchObject({
      nonIabVendorConsents: { crm: false, chat: true },
    });
  });

  it('discards the stored string when the config version changes', async () => {
    await (await start()).cmp.rejectAll();
    resetWindowKeepCookies();
    const next = await start({ config: bannerConfigFixture({ configVersion: 'cfg-2' }) });
    expect(next.cmp.view()).toEqual({ view: 'first' });
  });

  it('asks again once the reprompt days have passed after a vendor list change', async () => {
    await (await start()).cmp.acceptAll();
    const newer = bannerConfigFixture();
    newer.gdpr!.vendorListVersion = 18;
    resetWindowKeepCookies();
    expect((await start({ config: newer, now: new Date(NOW_PLUS(10)) })).cmp.view()).toEqual({
      view: 'link',
    });
    resetWindowKeepCookies();
    expect((await start({ config: newer, now: new Date(NOW_PLUS(31)) })).cmp.view()).toEqual({
      view: 'first',
    });
  });
});

describe('consent mode and visit events', () => {
  it('updates consent mode after the choice', async () => {
    const { cmp } = await start();
    await cmp.rejectAll();
    const dl = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a]);
    expect(dl).toContainEqual([
      'consent',
      'update',
      {
        ad_storage: 'denied',
        analytics_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
    await cmp.acceptAll();
    const last = [...(window as unknown as { dataLayer: IArguments[] }).dataLayer.at(-1)!];
    expect(last[2]).toEqual({
      ad_storage: 'granted',
      analytics_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  it('posts one visit event per page view, under 300 bytes, valid against the schema', async () => {
    setNavigator({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const h = await start({ config: bannerConfigFixture({ abVariant: 'B' }) });
    await h.cmp.rejectAll();
    window.dispatchEvent(new Event('pagehide'));
    expect(h.beacons).toHaveLength(1);
    const body = h.beacons[0]!.body;
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(VISIT_EVENT_MAX_BYTES);
    expect(VisitEvent.parse(JSON.parse(body))).toMatchObject({
      p: 'site-1',
      o: 'r',
      r: 1,
      f: 'H',
      d: 'm',
      os: 'iOS',
      b: 'Safari',
      v: 'B',
    });
  });

  it('closes the banner in the click; signals, stores and sends the choice after the next paint', async () => {
    const frames: Array<() => void> = [];
    const h = await start({ afterPaint: (fn) => frames.push(fn) });
    const events: unknown[] = [];
    (window as unknown as Record<string, (...a: unknown[]) => void>).__tcfapi!(
      'addEventListener',
      2,
      (d: { eventStatus: string }) => events.push(d.eventStatus),
    );
    button(h.cmp, 'accept')!.click();
    // The visitor's answer is on screen in the click's frame ...
    expect(button(h.cmp, 'accept')).toBeNull();
    expect(h.cmp.view().view).not.toBe('first');
    // ... and the consent work waits for the next task after the paint.
    expect(events).toEqual(['cmpuishown']);
    expect(document.cookie).not.toContain('euconsent-v2=');
    expect(h.beacons).toEqual([]);
    frames.shift()!();
    expect(events).toEqual(['cmpuishown', 'useractioncomplete']);
    expect(h.beacons.map((b) => JSON.parse(b.body).o)).toEqual(['a']);
    await flush();
    expect(document.cookie).toContain('euconsent-v2=');
    expect(frames).toEqual([]);
  });

  it('answers a script that asks right after the click with the choice', async () => {
    const h = await start({ afterPaint: () => {} });
    button(h.cmp, 'reject')!.click();
    const [data] = await call('__tcfapi', 'getTCData');
    const { eventStatus, tcString } = data as { eventStatus: string; tcString: string };
    expect(eventStatus).toBe('useractioncomplete');
    expect(TCString.decode(tcString).purposeConsents.size).toBe(0);
    expect(document.cookie).toContain('euconsent-v2=');
  });

  it('settles a choice at once when the page is hidden or left before the paint', async () => {
    for (const leave of [
      () => window.dispatchEvent(new Event('pagehide')),
      () => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ]) {
      resetWindow();
      const frames: Array<() => void> = [];
      const left = await start({ afterPaint: (fn) => frames.push(fn) });
      const decided = left.cmp.rejectAll();
      expect(document.cookie).not.toContain('euconsent-v2=');
      leave();
      await decided;
      expect(document.cookie).toContain('euconsent-v2=');
      // The visit event went with it (a hidden page paints no frame to wait for).
      expect(left.beacons.map((b) => JSON.parse(b.body).o)).toEqual(['r']);
      window.dispatchEvent(new Event('pagehide'));
      frames.forEach((fn) => fn());
      expect(left.beacons).toHaveLength(1);
      delete (document as unknown as Record<string, unknown>).visibilityState;
    }
  });

  it('a US property that does not pop up: a page left without a choice is an unprompted accept; an opt-out through the link is the choice', async () => {
    const config = bannerConfigFixture();
    config.us!.mspa!.autoPopUp = false;
    const ca = { country: 'US', state: 'CA' };
    const idle = await start({ config, region: ca });
    expect(idle.cmp.view()).toEqual({ view: 'link' });
    window.dispatchEvent(new Event('pagehide'));
    expect(idle.beacons.map((b) => JSON.parse(b.body))).toMatchObject([{ o: 'a', x: 1, r: 3 }]);

    resetWindow();
    const chooser = await start({ config, region: ca });
    chooser.cmp.reopen();
    await chooser.cmp.decideUs(true);
    await flush();
    window.dispatchEvent(new Event('pagehide'));
    const sent = chooser.beacons.map((b) => JSON.parse(b.body) as Record<string, unknown>);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ o: 'r' });
    expect(sent[0]).not.toHaveProperty('x');
  });

  it('reports a bounce when the visitor leaves without choosing', async () => {
    const h = await start();
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(h.beacons.map((b) => JSON.parse(b.body).o)).toEqual(['b']);
  });
});

function resetWindowKeepCookies() {
  const w = window as unknown as Win;
  for (const name of ['__tcfapi', '__gpp', '__uspapi', 'dataLayer']) delete w[name];
  document.body.replaceChildren();
}

function NOW_PLUS(days: number) {
  return Date.UTC(2025, 5, 1, 12, 0, 0) + days * 24 * 3600 * 1000;
}
