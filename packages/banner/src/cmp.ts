import type { BannerConfig, GoogleVendorNames, VisitorRegion } from '@assent/core';
import {
  pickLanguage,
  regulationForConfig,
  textsFor,
  usSectionNames,
  visitBase,
} from '@assent/core';
import type { GppApi, GppSection } from './api/gppapi';
import { createGppApi } from './api/gppapi';
import type { TcfApi } from './api/tcfapi';
import { createTcfApi } from './api/tcfapi';
import type { UspApi } from './api/uspapi';
import { createUspApi } from './api/uspapi';
import { signalsFromChoices, signalsFromUsChoice, updateConsentMode } from './consent-mode';
import { encodeGppString, encodeUsSection, parseUsSection } from './gpp/gpp';
import type { GppSectionName } from './gpp/sections';
import { GPP_SECTION_IDS, US_SECTIONS } from './gpp/sections';
import { USP_NOT_APPLICABLE, usSignal, uspString } from './gpp/us';
import { documentCookies, registrableDomain } from './storage/cookies';
import { formatMeta, freshness } from './storage/freshness';
import type { StoredConsent } from './storage/storage';
import { cookieStorage, storageFor } from './storage/storage';
import type { Choices, Outcome } from './tcf/consent';
import {
  acStringOf,
  acceptAllChoices,
  choicesFromStored,
  cloneChoices,
  outcomeOf,
  rejectAllChoices,
  restoredAcString,
  toTCModel,
  vendorConsentsOf,
} from './tcf/consent';
import type { TCModel } from './tcf/tcstring';
import { encodeTCString } from './tcf/tcstring';
import { renderConsentOrPay, renderFirstLayer } from './ui/first-layer';
import { createHost } from './ui/host';
import type { SecondLayerContext, VendorListJson } from './ui/second-layer';
import type { BannerEvent, BannerView } from './ui/state';
import { bannerReducer } from './ui/state';
import { bannerCss } from './ui/styles';
import { renderUsScreen } from './ui/us-screen';
import { createVisitTracker } from './visit';

/** Where the runtime fetches and posts; the server fills these in (phase 2). */
export interface Endpoints {
  /** Vendor list JSON (GVL v3 shape) for the second layer and `getVendorList`; `{version}` and `{lang}` are replaced. */
  vendorList: string;
  /** Names of Google's ad-technology providers (GoogleVendorNames), for the second layer. */
  googleVendors?: string;
  /** Visit beacon (VisitEvent JSON, one per page view). */
  visit?: string;
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
  onError(error: unknown): void;
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
    onError: (error) => console.warn('[assent]', error),
    // A task queued from the next animation frame runs once that frame has painted.
    afterPaint: (fn) => void win.requestAnimationFrame(() => void win.setTimeout(fn, 0)),
  };
}

const OUTCOME_CODE: Record<Outcome, 'a' | 'r' | 'p'> = {
  acceptAll: 'a',
  rejectAll: 'r',
  partial: 'p',
};

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
  const { config, region, endpoints } = options;
  const { win } = deps;
  const doc = win.document;
  const gdpr = config.gdpr;
  const us = config.us;
  const theme = config.theme;
  const regulation = regulationForConfig(config, region);
  const nav = win.navigator;
  const language = pickLanguage(
    nav.languages?.length ? nav.languages : [nav.language ?? ''],
    Object.keys(theme.texts),
    theme.defaultLanguage,
  );
  const texts = textsFor(theme.texts, language, theme.defaultLanguage);
  if (!texts) throw new Error('The banner config has no texts');
  const gpc = (nav as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  const gppInTcf = !!gdpr && gdpr.encodingMode !== 'TCF';

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
          vendorIds: gdpr.vendors.map((v) => v[0]),
          otherVendorIds: gdpr.customVendors.map((v) => v.id),
          loadVendorList,
        },
        { gdprApplies: regulation === 'GDPR', cmpStatus: 'loading', displayStatus: 'hidden' },
      )
    : undefined;
  const supported: GppSectionName[] = [
    ...(gppInTcf ? (['tcfeuv2'] as const) : []),
    ...(us?.uspEnabled ? (['uspv1'] as const) : []),
    ...(us?.mspa ? (Object.keys(US_SECTIONS) as GppSectionName[]) : []),
  ];
  const gpp: GppApi | undefined =
    gppInTcf || us
      ? createGppApi(
          { cmpId: config.cmpId, supported },
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
  let usp = USP_NOT_APPLICABLE;
  const uspapi: UspApi | undefined = us?.uspEnabled ? createUspApi() : undefined;

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
  if (gpp) install(win, '__gpp', settled(gpp.handle), (a) => gpp.handle(a[0], a[1], a[2], a[3]));
  if (uspapi)
    install(win, '__uspapi', settled(uspapi.handle), (a) => uspapi.handle(a[0], a[1], a[2]));

  const stateSection = regulation === 'US' ? usSectionNames(us?.mspa, region.state)[1] : undefined;

  // --- Visit event: one per page view.
  const visits = createVisitTracker(
    visitBase(config, region, options.pageFormat ?? 'HTTP', nav.userAgent ?? ''),
    (body) => endpoints.visit && deps.sendBeacon(endpoints.visit, body),
    () => deps.now().getTime(),
    settle,
  );
  win.addEventListener('pagehide', () => {
    settleNow();
    visits.leave();
  });
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') settleNow();
  });

  // --- Storage.
  const storage = storageFor(
    config.consentScope,
    cookieStorage(documentCookies(doc), config.cookieDomain ?? registrableDomain(doc)),
    deps,
  );
  const stored: StoredConsent = await storage.read().catch((e: unknown) => {
    deps.onError(e);
    return {};
  });
  const fresh = freshness(stored, config, deps.now());

  // --- UI.
  const host = createHost(doc, bannerCss(theme.colors), theme.customCss);
  let view: BannerView = { view: 'none' };
  let model: TCModel | undefined = fresh.use ? fresh.model : undefined;
  /** The visitor's choices in force: restored from storage, then each decision's. */
  let chosen: Choices | undefined = model ? choicesFromStored(model, stored) : undefined;
  let usOptedOut = gpc || (fresh.use && fresh.meta.outcome === 'r');
  const setUsp = (value: string) => {
    usp = value;
    uspapi?.update(value);
  };
  // Known from here on: getUSPData calls that waited for it are answered.
  setUsp(regulation === 'US' && us ? uspString(us, region.state, usOptedOut) : USP_NOT_APPLICABLE);

  const copTexts =
    config.consentOrPay?.enabled &&
    config.consentOrPay.countries.includes(region.country.toUpperCase())
      ? (config.consentOrPay.texts[language] ?? config.consentOrPay.texts[theme.defaultLanguage])
      : undefined;

  const setVisible = (visible: boolean) => {
    const displayStatus = visible ? 'visible' : 'hidden';
    tcf?.update({ displayStatus });
    gpp?.update({ cmpDisplayStatus: displayStatus });
  };

  const dispatch = (event: BannerEvent) => {
    view = bannerReducer(view, event);
    render();
  };

  function render() {
    const banner = theme.displayUi === 'banner';
    switch (view.view) {
      case 'first':
        win.performance?.mark?.('assent:first-layer');
        host.hideLink();
        host.showDialog(
          renderFirstLayer(doc, config, texts!, {
            acceptAll: () => decideGdpr(() => acceptAllChoices(gdpr!), 1),
            rejectAll: () => decideGdpr(rejectAllChoices, 1),
            moreOptions: (tab) => openSecondLayer(tab),
          }),
          banner,
        );
        return;
      case 'cop':
        host.hideLink();
        host.showDialog(
          renderConsentOrPay(doc, config, copTexts!, texts!, {
            acceptAll: () => decideGdpr(() => acceptAllChoices(gdpr!), 1),
            moreOptions: (tab) => openSecondLayer(tab),
            go: (url) => deps.navigate(url, config.consentOrPay?.redirect === 'NEW_TAB'),
          }),
          banner,
        );
        return;
      case 'us':
        host.hideLink();
        host.showDialog(
          renderUsScreen(doc, texts!.us!, texts!.labels.close, usOptedOut, {
            confirm: (optedOut) => decideUs(optedOut),
            close: () => dispatch({ type: 'dismissed' }),
          }),
          false,
        );
        return;
      case 'second':
        return; // rendered by openSecondLayer once the chunk has loaded
      case 'link':
        host.hideDialog();
        setVisible(false);
        showPersistentLink();
        return;
      case 'none':
        host.hideDialog();
    }
  }

  function showPersistentLink() {
    if (regulation === 'GDPR' && theme.persistentLink.enabled)
      host.showLink(texts!.consentLinkLabel, theme.persistentLink.location, () => reopen());
    else if (regulation === 'US' && texts!.us && us?.mspa?.autoPopUp !== 'link')
      host.showLink(texts!.us.linkLabel, theme.persistentLink.location, () => reopen());
  }

  function reopen() {
    dispatch({ type: 'prompt', screen: regulation === 'US' ? 'us' : copTexts ? 'cop' : 'first' });
    setVisible(true);
  }

  async function openSecondLayer(tab: 'purposes' | 'vendors') {
    const mod = await deps.loadSecondLayer();
    dispatch({ type: 'moreOptions', tab });
    const draft = chosen ? cloneChoices(chosen) : rejectAllChoices();
    host.showDialog(
      mod.renderSecondLayer({
        doc,
        config,
        texts: texts!,
        choices: draft,
        tab,
        loadVendorList: () => loadVendorList(),
        loadGoogleVendors,
        acceptAll: () => decideGdpr(() => acceptAllChoices(gdpr!), 2),
        rejectAll: () => decideGdpr(rejectAllChoices, 2),
        save: (choices) => decideGdpr(() => choices, 2),
        onError: deps.onError,
      }),
      theme.displayUi === 'banner',
    );
  }

  function gppSections(): Partial<Record<GppSectionName, GppSection>> {
    const sections: Partial<Record<GppSectionName, GppSection>> = {};
    if (regulation === 'GDPR' && gppInTcf && tcf?.state().tcString) {
      const m = model!;
      sections.tcfeuv2 = {
        encoded: tcf.state().tcString!,
        parsed: {
          Version: 2,
          CmpId: m.cmpId,
          CmpVersion: m.cmpVersion,
          ConsentLanguage: m.consentLanguage,
          VendorListVersion: m.vendorListVersion,
          PolicyVersion: m.tcfPolicyVersion,
          PurposeConsents: m.purposeConsents,
          PurposeLegitimateInterests: m.purposeLegitimateInterests,
          SpecialFeatureOptins: m.specialFeatureOptins,
          VendorConsents: m.vendorConsents,
          VendorLegitimateInterests: m.vendorLegitimateInterests,
        },
      };
    }
    if (regulation === 'US') {
      if (us?.uspEnabled && usp !== USP_NOT_APPLICABLE)
        sections.uspv1 = {
          encoded: usp,
          parsed: { Version: 1, Notice: usp[1], OptOutSale: usp[2], LspaCovered: usp[3] },
        };
      if (us?.mspa) {
        const signal = usSignal(us.mspa, { optedOut: usOptedOut }, gpc);
        for (const name of usSectionNames(us.mspa, region.state) as Array<keyof typeof US_SECTIONS>)
          sections[name] = {
            encoded: encodeUsSection(name, signal),
            parsed: parseUsSection(name, signal),
          };
      }
    }
    return sections;
  }

  function publishGpp(ready: boolean) {
    if (!gpp) return;
    const sections = gppSections();
    const names = Object.keys(sections) as GppSectionName[];
    const applicable =
      regulation === 'GDPR' && gppInTcf
        ? [GPP_SECTION_IDS.tcfeuv2]
        : regulation === 'US'
          ? [GPP_SECTION_IDS[(stateSection ?? (us?.mspa ? 'usnat' : 'uspv1')) as GppSectionName]]
          : [];
    gpp.update({
      cmpStatus: 'loaded',
      gppString: encodeGppString(Object.fromEntries(names.map((n) => [n, sections[n]!.encoded]))),
      sections,
      applicableSections: names.length ? applicable : [],
      signalStatus: ready ? 'ready' : 'not ready',
    });
  }

  /**
   * A GDPR choice. The click's task only closes the banner; the TC string, the CMP APIs, Consent
   * Mode and the cookie follow in a task after that frame has painted (or at once when the page
   * is hidden or left first), so the visitor sees the answer to their click without waiting.
   */
  function decideGdpr(choose: () => Choices, screen: 1 | 2): Promise<void> {
    dispatch({ type: 'decided' });
    return new Promise((resolve) => settle(() => resolve(commitGdpr(choose(), screen))));
  }

  async function commitGdpr(choices: Choices, screen: 1 | 2) {
    const now = deps.now();
    model = toTCModel(gdpr!, choices, {
      cmpId: config.cmpId,
      cmpVersion: config.cmpVersion,
      language,
      screen,
      now,
      ...(model ? { created: model.created } : {}),
    });
    const tcString = encodeTCString(model);
    const acString = acStringOf(gdpr!, choices);
    const vendorConsents = vendorConsentsOf(gdpr!, choices);
    chosen = choices;
    const outcome = OUTCOME_CODE[outcomeOf(gdpr!, choices)];
    tcf?.update({
      tcString,
      model,
      acString,
      others: choices.others,
      eventStatus: 'useractioncomplete',
      cmpStatus: 'loaded',
    });
    publishGpp(true);
    updateConsentMode(win, config.gbc, signalsFromChoices(choices));
    visits.choice(outcome);
    const written = storage
      .write({
        tcString,
        ...(acString ? { acString } : {}),
        ...(vendorConsents ? { vendorConsents } : {}),
        ...(gppInTcf ? { gppString: gpp?.state().gppString } : {}),
        meta: formatMeta({ configVersion: config.configVersion, outcome, savedAt: now.getTime() }),
      })
      .catch(deps.onError);
    win.performance?.mark?.('assent:choice-settled');
    await written;
  }

  async function decideUs(optedOut: boolean) {
    usOptedOut = optedOut || gpc;
    setUsp(us ? uspString(us, region.state, usOptedOut) : USP_NOT_APPLICABLE);
    publishGpp(true);
    updateConsentMode(win, config.gbc, signalsFromUsChoice(usOptedOut));
    dispatch({ type: 'decided' });
    const outcome = usOptedOut ? 'r' : 'a';
    visits.choice(outcome);
    await storage
      .write({
        uspString: usp,
        gppString: gpp?.state().gppString,
        meta: formatMeta({
          configVersion: config.configVersion,
          outcome,
          savedAt: deps.now().getTime(),
        }),
      })
      .catch(deps.onError);
  }

  // --- Start.
  if (!doc.body)
    await new Promise((r) => doc.addEventListener('DOMContentLoaded', r, { once: true }));
  if (regulation === 'GDPR' && gdpr) {
    if (fresh.use && model) {
      tcf?.update({
        tcString: stored.tcString,
        model,
        acString: restoredAcString(gdpr, stored.acString),
        others: chosen!.others,
        eventStatus: 'tcloaded',
        cmpStatus: 'loaded',
      });
      publishGpp(true);
      updateConsentMode(win, config.gbc, signalsFromChoices(chosen!));
      visits.existing(fresh.meta.outcome);
      dispatch({ type: 'decided' });
    } else {
      tcf?.update({ eventStatus: 'cmpuishown', cmpStatus: 'loaded', displayStatus: 'visible' });
      publishGpp(false);
      gpp?.update({ cmpDisplayStatus: 'visible' });
      visits.shown();
      dispatch({ type: 'prompt', screen: copTexts ? 'cop' : 'first' });
    }
  } else if (regulation === 'US' && us) {
    tcf?.update({ cmpStatus: 'loaded' });
    const decided = fresh.use || gpc;
    publishGpp(true);
    if (decided) updateConsentMode(win, config.gbc, signalsFromUsChoice(usOptedOut));
    const auto = us.mspa?.autoPopUp ?? true;
    if (auto === 'link' && us.mspa?.footerElementId) {
      doc.getElementById(us.mspa.footerElementId)?.addEventListener('click', (e) => {
        e.preventDefault();
        reopen();
      });
    }
    if (!decided && auto === true && texts.us) {
      visits.shown();
      setVisible(true);
      dispatch({ type: 'prompt', screen: 'us' });
    } else {
      // GPC is the visitor's opt-out, made without the banner: counted as a reject not shown.
      // Without either, nothing was asked: the visitor has not opted out (unless they do through
      // the link before leaving).
      if (fresh.use) visits.existing(fresh.meta.outcome);
      else if (gpc) visits.existing('r');
      else visits.unprompted('a');
      dispatch({ type: 'decided' });
    }
  } else {
    tcf?.update({ cmpStatus: 'loaded' });
    publishGpp(true);
    if (fresh.use) visits.existing(fresh.meta.outcome);
  }

  return {
    regulation,
    language,
    tcf,
    gpp,
    root: host.root,
    view: () => view,
    visits,
    acceptAll: () => decideGdpr(() => acceptAllChoices(gdpr!), 1),
    rejectAll: () => decideGdpr(rejectAllChoices, 1),
    save: (choices: Choices) => decideGdpr(() => choices, 2),
    openSecondLayer,
    decideUs,
    reopen,
  };
}
export type Cmp = Awaited<ReturnType<typeof init>>;
