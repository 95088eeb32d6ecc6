import {
  AB_VARIANT_COOKIE,
  abTestVariant,
  gbcAppliesTo,
  gbcVisitCode,
  LOCATOR_APIS,
  pickLanguage,
  regulationForConfig,
  textsFor,
  vendorSets,
  visitBase,
} from '@assent/core/runtime';
import type { BannerConfig, GoogleVendorNames, VisitorRegion } from '@assent/core/runtime';
import type { GppApi } from './api/gppapi';
import { createGppApi } from './api/gppapi';
import type { TcfApi } from './api/tcfapi';
import { createTcfApi } from './api/tcfapi';
import type { UspApi } from './api/uspapi';
import { createUspApi } from './api/uspapi';
import { NEWEST_TCF_POLICY_VERSION } from './constants';
import { updateConsentMode } from './consent-mode';
import { encodeGppString } from './gpp/gpp';
import type {
  BannerView,
  Effect,
  RuntimeAction,
  RuntimeContext,
  RuntimeState,
  SecondLayerTab,
} from './runtime/state';
import { hasGpp, reduce, supportedGppSections, viewOf } from './runtime/state';
import { documentCookies, registrableDomain } from './storage/cookies';
import { LOCATOR_KEY } from './stub';
import type { StoredConsent } from './storage/storage';
import { cookieStorage, storageFor } from './storage/storage';
import type { Choices } from './tcf/consent';
import { cloneChoices, notObjectedChoices } from './tcf/consent';
import { renderConsentOrPay, renderFirstLayer } from './ui/first-layer';
import { createHost } from './ui/host';
import type { SecondLayerContext, VendorListJson } from './ui/second-layer';
import { bannerCss } from './ui/styles';
import { renderUsScreen } from './ui/us-screen';
import { newConsentId } from './consent-id';
import { createVisitTracker } from './visit';

/** Where the runtime fetches and posts; the server fills these in (phase 2). */
export interface Endpoints {
  /** Vendor list JSON (GVL v3 shape) for the second layer and `getVendorList`; `{version}` and `{lang}` are replaced. */
  vendorList: string;
  /** Names of Google's ad-technology providers (GoogleVendorNames), for the second layer. */
  googleVendors?: string;
  /** Visit beacon (VisitEvent JSON, one per page view). */
  visit?: string;
  /** Consent beacon (ConsentRecordBeacon JSON, one per visitor choice: the proof of consent). */
  consent?: string;
}

export interface InitOptions {
  config: BannerConfig;
  /** Resolved server-side from the request and inlined with the script. */
  region: VisitorRegion;
  endpoints: Endpoints;
  /** @default 'HTTP' */
  pageFormat?: 'HTTP' | 'AMP';
}

/** The lazily loaded second-layer chunk (dist/second-layer.js). */
export interface SecondLayerModule {
  renderSecondLayer(ctx: SecondLayerContext): HTMLElement;
}

/** Platform services, injected so tests (and other hosts) can plug in their own. */
export interface RuntimeDeps {
  win: Window;
  now(): Date;
  fetch: typeof fetch;
  loadSecondLayer(): Promise<SecondLayerModule>;
  /** Consent or Pay redirects. */
  navigate(url: string, newTab: boolean): void;
  sendBeacon(url: string, body: string): void;
  /** A new consent id (random UUID) for a choice's consent record. */
  newId?(): string;
  onError(error: unknown): void;
  /** A number in [0, 1) for the A/B test draw. @default Math.random */
  random?(): number;
  /** Runs work that can wait until the next frame has painted (default: at once). */
  afterPaint?(fn: () => void): void;
}

export function browserDeps(
  win: Window,
  loadSecondLayer: () => Promise<SecondLayerModule>,
): RuntimeDeps {
  return {
    win,
    now: () => new Date(),
    fetch: win.fetch.bind(win),
    loadSecondLayer,
    navigate: (url, newTab) =>
      newTab ? void win.open(url, '_blank', 'noopener') : win.location.assign(url),
    sendBeacon: (url, body) => void win.navigator.sendBeacon?.(url, body),
    newId: () => newConsentId(win.crypto),
    onError: (error) => console.warn('[assent]', error),
    // A task queued from the next animation frame runs once that frame has painted.
    afterPaint: (fn) => void win.requestAnimationFrame(() => void win.setTimeout(fn, 0)),
  };
}

type Api = (...args: unknown[]) => unknown;

/** A load kept once it succeeds; a failed one is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}

/** Whether `name` is Assent's stub (called without arguments, it returns its queue). */
const stubbed = (win: Window, name: string) => {
  const stub = (win as unknown as Record<string, unknown>)[name];
  return typeof stub === 'function' && Array.isArray((stub as Api)());
};

/** Replaces a stub API with the real one and replays what the stub queued. */
function install(win: Window, name: string, api: Api, replay: (args: unknown[]) => void) {
  const w = win as unknown as Record<string, unknown>;
  const stub = w[name];
  const queued = typeof stub === 'function' ? (stub as Api)() : undefined;
  w[name] = api;
  if (Array.isArray(queued)) for (const args of queued.splice(0)) replay(args as unknown[]);
}

/** The runtime: installs the CMP APIs, reads stored consent, and shows the banner when needed. */
export async function init(options: InitOptions, deps: RuntimeDeps) {
  const { region, endpoints } = options;
  const { win } = deps;
  const doc = win.document;
  const jar = documentCookies(doc);
  const cookieDomain = options.config.cookieDomain ?? registrableDomain(doc);
  // A site's A/B test of themes: this visitor's variant, kept in a first-party cookie.
  const drawn = abTestVariant(
    options.config,
    jar.get(AB_VARIANT_COOKIE),
    (deps.random ?? Math.random)(),
  );
  if (drawn) jar.set(AB_VARIANT_COOKIE, drawn[0], cookieDomain);
  const config = drawn?.[1] ?? options.config;
  const newId = deps.newId ?? (() => newConsentId(win.crypto));
  const gdpr = config.gdpr;
  const theme = config.theme;
  const nav = win.navigator;
  const language = pickLanguage(
    nav.languages?.length ? nav.languages : [nav.language ?? ''],
    Object.keys(theme.texts),
    theme.defaultLanguage,
  );
  const texts = textsFor(theme.texts, language, theme.defaultLanguage);
  if (!texts) throw new Error('The banner config has no texts');
  const copTexts =
    config.consentOrPay?.enabled &&
    config.consentOrPay.countries.includes(region.country.toUpperCase())
      ? (config.consentOrPay.texts[language] ?? config.consentOrPay.texts[theme.defaultLanguage])
      : undefined;
  const ctx: RuntimeContext = {
    config,
    region,
    regulation: regulationForConfig(config, region),
    language,
    gpc: (nav as { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
    consentOrPay: !!copTexts,
    usScreen: !!texts.us,
  };
  const { regulation } = ctx;
  // The next page view's stub creates only the locator frames of this visitor's regulation, from
  // the first page view on (a visitor who browses without choosing: 2 frames, not 3).
  try {
    win.localStorage.setItem(LOCATOR_KEY, LOCATOR_APIS[regulation].join());
  } catch {
    // blocked storage: the stub creates every API's frame
  }

  // --- APIs, installed at once so queued calls are answered as soon as the state is known.
  const getJson = <T>(url: string, what: string): Promise<T> =>
    deps
      .fetch(url)
      .then((r) =>
        r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(`${what}: ${r.status}`)),
      );
  const vendorListUrl = (version: unknown) =>
    endpoints.vendorList.replace('{version}', String(version)).replace('{lang}', language);
  const currentVendorList = once(() =>
    getJson<VendorListJson>(vendorListUrl(gdpr?.vendorListVersion ?? 'LATEST'), 'Vendor list'),
  );
  const loadVendorList = (version?: unknown): Promise<VendorListJson> =>
    version === undefined || version === gdpr?.vendorListVersion
      ? currentVendorList()
      : getJson(vendorListUrl(version), 'Vendor list');
  const loadGoogleVendors = once((): Promise<GoogleVendorNames> =>
    endpoints.googleVendors && gdpr?.googleVendors.length
      ? getJson(endpoints.googleVendors, 'Google providers')
      : Promise.resolve({}),
  );

  const tcf: TcfApi | undefined = gdpr
    ? createTcfApi(
        {
          cmpId: config.cmpId,
          cmpVersion: config.cmpVersion,
          tcfPolicyVersion: gdpr.tcfPolicyVersion,
          gvlVersion: gdpr.vendorListVersion,
          vendorIds: vendorSets(gdpr).ids,
          otherVendorIds: gdpr.customVendors.map((v) => v.id),
          loadVendorList,
        },
        { gdprApplies: regulation === 'GDPR', cmpStatus: 'loading', displayStatus: 'hidden' },
      )
    : undefined;
  const gpp: GppApi | undefined = hasGpp(ctx)
    ? createGppApi(
        { cmpId: config.cmpId, supported: supportedGppSections(ctx) },
        {
          cmpStatus: 'loading',
          cmpDisplayStatus: 'hidden',
          signalStatus: 'not ready',
          gppString: encodeGppString({}),
          sections: {},
          applicableSections: [],
        },
      )
    : undefined;
  const uspapi: UspApi | undefined = config.us?.uspEnabled ? createUspApi() : undefined;

  // Work left for after the paint (a decision's signals and storage, the visit event) runs in
  // order, at the latest when the page is hidden or left, or when a script calls a CMP API (so it
  // gets the choice).
  const settling: Array<() => void> = [];
  const settleNow = () => {
    // Work may queue more (a choice queues its visit event): all of it runs now.
    while (settling.length) for (const work of settling.splice(0)) work();
  };
  let frameBooked = false;
  const settle = (work: () => void) => {
    settling.push(work);
    if (frameBooked) return;
    frameBooked = true;
    (deps.afterPaint ?? ((fn) => fn()))(() => {
      try {
        settleNow(); // what this queues runs in it
      } finally {
        frameBooked = false;
      }
    });
  };
  const settled =
    <A extends unknown[]>(handle: (...args: A) => void) =>
    (...args: A) => {
      settleNow();
      handle(...args);
    };

  if (tcf) install(win, '__tcfapi', settled(tcf.handle), (a) => tcf.handle(a[0], a[1], a[2], a[3]));
  // The stub's listeners (queued with their id, already answered) are adopted, not registered again.
  const replayGpp = (api: GppApi) => (a: unknown[]) =>
    typeof a[4] === 'number' ? api.adopt(a[1], a[4]) : api.handle(a[0], a[1], a[2], a[3]);
  if (gpp) install(win, '__gpp', settled(gpp.handle), replayGpp(gpp));
  if (uspapi)
    install(win, '__uspapi', settled(uspapi.handle), (a) => uspapi.handle(a[0], a[1], a[2]));
  else if (stubbed(win, '__uspapi')) {
    const na = createUspApi();
    install(win, '__uspapi', na.handle, (a) => na.handle(a[0], a[1], a[2]));
    na.update('1---');
  }
  // The universal tag stubs every API: one this property does not use answers "not applicable"
  // at once (a stub that never answers holds a page's ad auctions until their timeout).
  if (!tcf && stubbed(win, '__tcfapi')) {
    const na = createTcfApi(
      {
        cmpId: config.cmpId,
        cmpVersion: config.cmpVersion,
        tcfPolicyVersion: NEWEST_TCF_POLICY_VERSION,
        gvlVersion: undefined,
        vendorIds: [],
        loadVendorList: () => Promise.reject(),
      },
      { gdprApplies: false, cmpStatus: 'loaded', displayStatus: 'disabled' },
    );
    install(win, '__tcfapi', na.handle, (a) => na.handle(a[0], a[1], a[2], a[3]));
  }
  if (!gpp && stubbed(win, '__gpp')) {
    const na = createGppApi(
      { cmpId: config.cmpId, supported: [] },
      {
        cmpStatus: 'loaded',
        cmpDisplayStatus: 'disabled',
        signalStatus: 'not ready',
        gppString: encodeGppString({}),
        sections: {},
        applicableSections: [],
      },
    );
    install(win, '__gpp', na.handle, replayGpp(na));
    na.update({ signalStatus: 'ready' });
  }

  // --- Visit event: one per page view.
  const visits = createVisitTracker(
    {
      ...visitBase(config, region, options.pageFormat ?? 'HTTP', nav.userAgent ?? ''),
      // Google basic consent's defaults, replaced by the state a choice sends.
      ...(gbcAppliesTo(config.gbc, region) ? { g: gbcVisitCode(config.gbc!) } : {}),
    },
    (body) => endpoints.visit && deps.sendBeacon(endpoints.visit, body),
    () => deps.now().getTime(),
    settle,
  );

  // --- Storage and UI.
  const storage = storageFor(config.consentScope, cookieStorage(jar, cookieDomain), deps);
  const host = createHost(doc, bannerCss(theme.colors), theme.customCss);
  let secondLayer: SecondLayerModule | undefined;

  // --- The state and the driver: `reduce` decides, `run` does.
  let state: RuntimeState = { phase: 'loading' };
  /** Resolves once the action's effects have finished (a choice: once it is stored). */
  const dispatch = (action: RuntimeAction): Promise<void> => {
    const [next, effects] = reduce(ctx, state, action);
    state = next;
    const waits: Array<Promise<unknown>> = [];
    for (const effect of effects) {
      const wait = run(effect);
      if (wait) waits.push(wait);
    }
    return Promise.all(waits).then(() => undefined);
  };
  const gdprActions = (screen: 1 | 2) => ({
    acceptAll: () => dispatch({ type: 'acceptAll', screen }),
    rejectAll: () => dispatch({ type: 'rejectAll', screen }),
  });
  const moreOptions = (tab: SecondLayerTab) =>
    deps.loadSecondLayer().then((mod) => {
      secondLayer = mod;
      return dispatch({ type: 'secondLayerOpened', tab });
    });
  const reopen = () => dispatch({ type: 'reopen' });

  function run(effect: Effect): Promise<unknown> | void {
    switch (effect.type) {
      case 'tcf':
        return tcf?.update(effect.update);
      case 'gpp':
        return gpp?.update(effect.update);
      case 'usp':
        return uspapi?.update(effect.value);
      case 'render':
        return render(effect.view);
      case 'display': {
        const status = effect.visible ? 'visible' : 'hidden';
        tcf?.update({ displayStatus: status });
        return gpp?.update({ cmpDisplayStatus: status });
      }
      case 'consentMode':
        if (config.gbc) visits.consentMode(gbcVisitCode(config.gbc, effect.signals));
        return void updateConsentMode(win, config.gbc, effect.signals);
      case 'visit':
        return effect.event === 'shown'
          ? visits.shown()
          : visits[effect.event](effect.outcome, effect.doNotSell);
      case 'store':
        return storage.write(effect.values).then(visits.stored, deps.onError);
      case 'consent':
        return settle(
          () =>
            endpoints.consent && deps.sendBeacon(endpoints.consent, JSON.stringify(effect.record)),
        );
      case 'settleAfterPaint':
        return new Promise((resolve) =>
          settle(() => resolve(dispatch({ type: 'settle', now: deps.now(), id: newId() }))),
        );
      case 'settleNow':
        return settleNow();
      case 'leave':
        return visits.leave();
      case 'watchFooter':
        return doc.getElementById(effect.elementId)?.addEventListener('click', (e) => {
          e.preventDefault();
          void reopen();
        });
      case 'mark':
        return void win.performance?.mark?.(effect.name);
    }
  }

  function render(view: BannerView) {
    const banner = theme.displayUi === 'banner';
    switch (view.view) {
      case 'first':
        win.performance?.mark?.('assent:first-layer');
        host.hideLink();
        host.showDialog(
          renderFirstLayer(doc, config, texts!, { ...gdprActions(1), moreOptions }),
          banner,
        );
        return;
      case 'cop':
        visits.cop('y');
        host.hideLink();
        host.showDialog(
          renderConsentOrPay(doc, config, copTexts!, texts!, {
            acceptAll: gdprActions(1).acceptAll,
            moreOptions,
            go: (url, action) => {
              visits.cop(action);
              deps.navigate(url, config.consentOrPay?.redirect === 'NEW_TAB');
            },
          }),
          banner,
        );
        return;
      case 'us':
        // A block, not an early return: esbuild then drops the US screen from cmp-gdpr.js.
        if (__ASSENT_US__) {
          host.hideLink();
          host.showDialog(
            renderUsScreen(
              doc,
              texts!.us!,
              texts!.labels.close,
              state.phase !== 'loading'
                ? {
                    optedOut: state.consent.usOptedOut,
                    sensitiveConsents: state.consent.usSensitiveConsents ?? [],
                  }
                : { optedOut: false },
              {
                confirm: (choice) =>
                  void dispatch({ type: 'usChoice', ...choice, now: deps.now(), id: newId() }),
                close: () => void dispatch({ type: 'dismiss' }),
              },
              state.phase !== 'loading' && state.consent.id
                ? { label: texts!.labels.consentId, id: state.consent.id }
                : undefined,
            ),
            false,
          );
        }
        return;
      case 'second': {
        const chosen = state.phase !== 'loading' ? state.consent.choices : undefined;
        host.showDialog(
          secondLayer!.renderSecondLayer({
            doc,
            config,
            texts: texts!,
            // Before a first choice, legitimate interest toggles start on (objection-based).
            choices: chosen ? cloneChoices(chosen) : notObjectedChoices(gdpr!),
            ...(state.phase !== 'loading' && state.consent.id
              ? { consentId: state.consent.id }
              : {}),
            tab: view.tab,
            loadVendorList: () => loadVendorList(),
            loadGoogleVendors,
            ...gdprActions(2),
            save: (choices) => dispatch({ type: 'save', choices }),
            onError: deps.onError,
          }),
          banner,
        );
        return;
      }
      case 'link':
        host.hideDialog();
        showPersistentLink();
        return;
      case 'none':
        host.hideDialog();
    }
  }

  function showPersistentLink() {
    const us = config.us;
    if (regulation === 'GDPR' && theme.persistentLink.enabled)
      host.showLink(texts!.consentLinkLabel, theme.persistentLink.location, reopen);
    else if (regulation === 'US' && texts!.us && us?.mspa?.autoPopUp !== 'link')
      host.showLink(texts!.us.linkLabel, theme.persistentLink.location, reopen);
  }

  win.addEventListener('pagehide', () => void dispatch({ type: 'pageLeft' }));
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') void dispatch({ type: 'pageHidden' });
  });

  // --- Start.
  const stored: StoredConsent = await storage.read().catch((e: unknown) => {
    deps.onError(e);
    return {};
  });
  await dispatch({ type: 'storedRead', stored, now: deps.now() });
  if (!doc.body)
    await new Promise((r) => doc.addEventListener('DOMContentLoaded', r, { once: true }));
  await dispatch({ type: 'pageReady' });

  return {
    regulation,
    language,
    tcf,
    gpp,
    root: host.root,
    view: () => viewOf(state),
    state: () => state,
    visits,
    ...gdprActions(1),
    save: (choices: Choices) => dispatch({ type: 'save', choices }),
    openSecondLayer: moreOptions,
    decideUs: (optedOut: boolean, sensitiveConsents: readonly number[] = []) =>
      dispatch({ type: 'usChoice', optedOut, sensitiveConsents, now: deps.now(), id: newId() }),
    reopen,
  };
}
