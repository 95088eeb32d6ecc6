import { gbcDefaultOutcome, usSectionNames, usSignal } from '@assent/core/runtime';
import type {
  BannerConfig,
  ConsentChoices,
  ConsentModeSignal,
  ConsentRecordBeacon,
  VisitorRegion,
  VisitorRegulation,
} from '@assent/core/runtime';
import type { GppSection, GppState } from '../api/gppapi';
import type { TcfState } from '../api/tcfapi';
import { signalsFromChoices, signalsFromUsChoice } from '../consent-mode';
import { encodeGppString, encodeUsSection, parseUsSection } from '../gpp/gpp';
import type { GppSectionName, US_SECTIONS } from '../gpp/sections';
import { GPP_SECTION_IDS } from '../gpp/sections';
import { tcfEuV2Fields } from '../gpp/tcfeuv2';
import { USP_NOT_APPLICABLE, uspString } from '../gpp/us';
import type { Freshness } from '../storage/freshness';
import { formatMeta, freshness } from '../storage/freshness';
import type { StoredConsent } from '../storage/storage';
import type { Choices, Outcome } from '../tcf/consent';
import {
  acStringOf,
  acceptAllChoices,
  choicesFromStored,
  notObjectedChoices,
  outcomeOf,
  recordedChoices,
  rejectAllChoices,
  restoredAcString,
  toTCModel,
  vendorConsentsOf,
} from '../tcf/consent';
import type { TCModel } from '../tcf/tcstring';
import { encodeTCString } from '../tcf/tcstring';
import type { VisitOutcome } from '../visit';

/** What one page's runtime knows from the start and never changes. */
export interface RuntimeContext {
  config: BannerConfig;
  region: VisitorRegion;
  regulation: VisitorRegulation;
  /** The language the banner speaks (and the TC string records). */
  language: string;
  /** The browser sends Global Privacy Control: a US opt-out made without the banner. */
  gpc: boolean;
  /** Consent or Pay applies to this visitor: its screen shows instead of the first layer. */
  consentOrPay: boolean;
  /** The theme has US texts: the US screen can show. */
  usScreen: boolean;
}

/** The screens the banner asks on. */
export type PromptScreen = 'first' | 'cop' | 'us';
export type SecondLayerTab = 'purposes' | 'vendors';

/** What the banner shows: one view at a time. */
export type BannerView =
  | { view: 'none' }
  | { view: PromptScreen }
  | { view: 'second'; tab: SecondLayerTab; from: 'first' | 'cop' | 'link' }
  /** Decided (or nothing to ask): only the persistent link shows. */
  | { view: 'link' };

/** What is in force for the visitor: restored from storage, then each decision's. */
export interface Consent {
  /** GDPR: the choices, their TC model and string. */
  choices?: Choices;
  model?: TCModel;
  tcString?: string;
  /** US: opted out through the US screen, by a stored reject, or by GPC. */
  usOptedOut: boolean;
  /** US: the sensitive-data categories (usnat ids) the visitor consented to on the US screen. */
  usSensitiveConsents?: readonly number[];
  /** The US privacy string (`1---` when it does not apply). */
  usp: string;
  /** The consent id of the choice in force (its consent record), shown in the second layer. */
  id?: string;
}

/** A GDPR choice made whose signals and storage wait for the paint (see `settle`). */
export type PendingChoice =
  | { kind: 'acceptAll' | 'rejectAll'; screen: 1 | 2 }
  | { kind: 'save'; choices: Choices; screen: 2 };

interface Known {
  consent: Consent;
  pending?: PendingChoice;
}

export type RuntimeState =
  /** Reading the stored choice. */
  | { phase: 'loading' }
  /** The stored choice is read; the page's body is not there yet. */
  | (Known & { phase: 'starting'; stored: StoredConsent; fresh: Freshness; now: Date })
  /** The banner asks: first layer, Consent or Pay, US screen, or the second layer. */
  | (Known & { phase: 'prompting'; view: Exclude<BannerView, { view: 'none' | 'link' }> })
  /** No dialog: the visitor decided (or was not asked); the persistent link may show. */
  | (Known & { phase: 'closed' })
  /** No regulation applies to this visitor: the APIs answer, nothing shows. */
  | (Known & { phase: 'silent' });

export type RuntimeAction =
  | { type: 'storedRead'; stored: StoredConsent; now: Date }
  | { type: 'pageReady' }
  | { type: 'acceptAll' | 'rejectAll'; screen: 1 | 2 }
  | { type: 'save'; choices: Choices }
  /** After the paint (or at once when the page is hidden or a script asks): commit the choice. */
  | { type: 'settle'; now: Date; id: string }
  /** `id`: the consent id the choice's record gets (random, so the driver makes it). */
  | {
      type: 'usChoice';
      optedOut: boolean;
      /** The sensitive-data categories ticked on the US screen (none when it did not ask). */
      sensitiveConsents: readonly number[];
      now: Date;
      id: string;
    }
  /** The US screen closed without a choice. */
  | { type: 'dismiss' }
  /** The persistent link or the publisher's footer element. */
  | { type: 'reopen' }
  /** More options: the second layer's chunk has loaded. */
  | { type: 'secondLayerOpened'; tab: SecondLayerTab }
  | { type: 'pageHidden' }
  | { type: 'pageLeft' };

type ConsentModeValues = Record<ConsentModeSignal, 'granted' | 'denied'>;

/** What the driver does for a transition, in order. The reducer only describes them. */
export type Effect =
  | { type: 'tcf'; update: Partial<TcfState> }
  | { type: 'gpp'; update: Partial<GppState> }
  | { type: 'usp'; value: string }
  | { type: 'render'; view: BannerView }
  /** `displayStatus` in `__tcfapi` and `__gpp`. */
  | { type: 'display'; visible: boolean }
  | { type: 'consentMode'; signals: ConsentModeValues }
  | { type: 'visit'; event: 'shown' }
  | {
      type: 'visit';
      event: 'choice' | 'existing' | 'unprompted';
      outcome: Exclude<VisitOutcome, 'b'>;
      /**
       * The page view carried a US do-not-sell (opt-out) request: `r` once it is stored (the visit
       * event then says fulfilled), `f` when it is applied at once (GPC: nothing to store).
       */
      doNotSell?: 'r' | 'f';
    }
  | { type: 'store'; values: StoredConsent }
  /** Post the choice's consent record (proof of consent) after the paint. */
  | { type: 'consent'; record: ConsentRecordBeacon }
  /** Dispatch `settle` in a task after the next paint. */
  | { type: 'settleAfterPaint' }
  /** Run at once what waits for the paint. */
  | { type: 'settleNow' }
  /** The page is left: the visit beacon's last chance. */
  | { type: 'leave' }
  /** The publisher's footer element opens the US screen (autoPopUp 'link'). */
  | { type: 'watchFooter'; elementId: string }
  | { type: 'mark'; name: string };

export type Transition = [RuntimeState, Effect[]];

const OUTCOME_CODE: Record<Outcome, 'a' | 'r' | 'p'> = {
  acceptAll: 'a',
  rejectAll: 'r',
  partial: 'p',
};

/** GDPR signals travel in GPP too unless the property encodes TCF only. */
const gppInTcf = (ctx: RuntimeContext) =>
  !!ctx.config.gdpr && ctx.config.gdpr.encodingMode !== 'TCF';
/** The page has a `__gpp`. */
export const hasGpp = (ctx: RuntimeContext) => gppInTcf(ctx) || !!ctx.config.us;

/** The GPP sections supported on this page (`supportedAPIs`). */
export function supportedGppSections(ctx: RuntimeContext): GppSectionName[] {
  const us = ctx.config.us;
  return [
    ...(gppInTcf(ctx) ? (['tcfeuv2'] as const) : []),
    ...(us?.uspEnabled ? (['uspv1'] as const) : []),
    // The US section names, from the ids table (the section layouts are US-only code).
    ...(us?.mspa
      ? (Object.keys(GPP_SECTION_IDS) as GppSectionName[]).filter((n) => GPP_SECTION_IDS[n] > 6)
      : []),
  ];
}

/** The GPP sections the visitor's consent gives. */
function gppSections(ctx: RuntimeContext, c: Consent): Partial<Record<GppSectionName, GppSection>> {
  const { regulation, config, region } = ctx;
  const us = config.us;
  const sections: Partial<Record<GppSectionName, GppSection>> = {};
  const m = c.model;
  if (regulation === 'GDPR' && gppInTcf(ctx) && c.tcString && m)
    sections.tcfeuv2 = { encoded: c.tcString, parsed: tcfEuV2Fields(m) };
  if (__ASSENT_US__ && regulation === 'US') {
    const usp = c.usp;
    if (us?.uspEnabled && usp !== USP_NOT_APPLICABLE)
      sections.uspv1 = {
        encoded: usp,
        parsed: { Version: 1, Notice: usp[1], OptOutSale: usp[2], LspaCovered: usp[3] },
      };
    if (us?.mspa) {
      const signal = usSignal(
        us.mspa,
        { optedOut: c.usOptedOut, sensitiveConsents: c.usSensitiveConsents ?? [] },
        ctx.gpc,
      );
      for (const name of usSectionNames(us.mspa, region.state) as Array<keyof typeof US_SECTIONS>)
        sections[name] = {
          encoded: encodeUsSection(name, signal),
          parsed: parseUsSection(name, signal),
        };
    }
  }
  return sections;
}

/** `__gpp`'s state for the consent in force; `ready` once the visitor's signal is known. */
export function gppUpdate(ctx: RuntimeContext, c: Consent, ready: boolean): Partial<GppState> {
  const { regulation, config, region } = ctx;
  const sections = gppSections(ctx, c);
  const names = Object.keys(sections) as GppSectionName[];
  const stateSection =
    __ASSENT_US__ && regulation === 'US'
      ? usSectionNames(config.us?.mspa, region.state)[1]
      : undefined;
  const applicable =
    regulation === 'GDPR' && gppInTcf(ctx)
      ? [GPP_SECTION_IDS.tcfeuv2]
      : regulation === 'US'
        ? [
            GPP_SECTION_IDS[
              (stateSection ?? (config.us?.mspa ? 'usnat' : 'uspv1')) as GppSectionName
            ],
          ]
        : [];
  return {
    cmpStatus: 'loaded',
    gppString: encodeGppString(Object.fromEntries(names.map((n) => [n, sections[n]!.encoded]))),
    sections,
    applicableSections: names.length ? applicable : [],
    signalStatus: ready ? 'ready' : 'not ready',
  };
}

/** The view a state shows. */
export function viewOf(state: RuntimeState): BannerView {
  switch (state.phase) {
    case 'prompting':
      return state.view;
    case 'closed':
      return { view: 'link' };
    default:
      return { view: 'none' };
  }
}

/** The screen that asks this visitor. */
const promptScreen = (ctx: RuntimeContext): PromptScreen =>
  ctx.regulation === 'US' ? 'us' : ctx.consentOrPay ? 'cop' : 'first';

const LINK: Effect = { type: 'render', view: { view: 'link' } };
const HIDDEN: Effect = { type: 'display', visible: false };
const VISIBLE: Effect = { type: 'display', visible: true };

/** The stored choice read: what is in force until the visitor decides again. */
function restore(ctx: RuntimeContext, stored: StoredConsent, now: Date): Transition {
  const { config, region } = ctx;
  const fresh = freshness(stored, config, now);
  const model = fresh.use ? fresh.model : undefined;
  const usOptedOut = ctx.gpc || (fresh.use && fresh.meta.outcome === 'r');
  const usp =
    ctx.regulation === 'US' && config.us
      ? uspString(config.us, region.state, usOptedOut)
      : USP_NOT_APPLICABLE;
  const consent: Consent = {
    ...(model
      ? { model, tcString: stored.tcString, choices: choicesFromStored(model, stored) }
      : {}),
    usOptedOut,
    usp,
    ...(fresh.use && fresh.meta.sensitiveConsents
      ? { usSensitiveConsents: fresh.meta.sensitiveConsents }
      : {}),
    ...(fresh.use && fresh.meta.consentId ? { id: fresh.meta.consentId } : {}),
  };
  // Known from here on: getUSPData calls that waited for it are answered.
  return [{ phase: 'starting', consent, stored, fresh, now }, [{ type: 'usp', value: usp }]];
}

/** The TC model and string of GDPR choices under the publisher's settings. */
function encode(
  ctx: RuntimeContext,
  choices: Choices,
  screen: 1 | 2,
  now: Date,
  created?: Date,
): Pick<TcfState, 'model' | 'tcString'> & { model: TCModel; tcString: string } {
  const { config } = ctx;
  const model = toTCModel(config.gdpr!, choices, {
    cmpId: config.cmpId,
    cmpVersion: config.cmpVersion,
    language: ctx.language,
    screen,
    now,
    ...(created ? { created } : {}),
  });
  return { model, tcString: encodeTCString(model) };
}

/**
 * TCF 2.2: while the UI is shown (no choice yet) listeners and getTCData get a TC string with
 * every surfaced vendor's and purpose's legitimate interest signalled and no consent. Not stored.
 */
function shownModel(ctx: RuntimeContext, now: Date) {
  return encode(ctx, notObjectedChoices(ctx.config.gdpr!), 1, now);
}

/** The page is ready: restore the stored choice into the APIs, or ask. */
function start(ctx: RuntimeContext, s: Extract<RuntimeState, { phase: 'starting' }>): Transition {
  const { config, regulation } = ctx;
  const { consent, fresh, stored } = s;
  const gdpr = config.gdpr;
  const us = config.us;
  const gpp = hasGpp(ctx);
  const publish = (ready: boolean): Effect[] =>
    gpp ? [{ type: 'gpp', update: gppUpdate(ctx, consent, ready) }] : [];
  if (regulation === 'GDPR' && gdpr) {
    if (fresh.use && consent.model)
      return [
        { phase: 'closed', consent },
        [
          {
            type: 'tcf',
            update: {
              tcString: consent.tcString,
              model: consent.model,
              acString: restoredAcString(gdpr, stored.acString),
              others: consent.choices!.others,
              eventStatus: 'tcloaded',
              cmpStatus: 'loaded',
            },
          },
          ...publish(true),
          { type: 'consentMode', signals: signalsFromChoices(consent.choices!) },
          { type: 'visit', event: 'existing', outcome: fresh.meta.outcome },
          LINK,
          HIDDEN,
        ],
      ];
    const view = { view: promptScreen(ctx) } as const;
    return [
      { phase: 'prompting', consent, view },
      [
        {
          type: 'tcf',
          update: {
            ...shownModel(ctx, s.now),
            eventStatus: 'cmpuishown',
            cmpStatus: 'loaded',
            displayStatus: 'visible',
          },
        },
        ...publish(false),
        { type: 'gpp', update: { cmpDisplayStatus: 'visible' } },
        { type: 'visit', event: 'shown' },
        { type: 'render', view },
      ],
    ];
  }
  if (__ASSENT_US__ && regulation === 'US' && us) {
    const decided = fresh.use || ctx.gpc;
    const auto = us.mspa?.autoPopUp ?? true;
    const effects: Effect[] = [{ type: 'tcf', update: { cmpStatus: 'loaded' } }, ...publish(true)];
    if (decided)
      effects.push({ type: 'consentMode', signals: signalsFromUsChoice(consent.usOptedOut) });
    if (auto === 'link' && us.mspa?.footerElementId)
      effects.push({ type: 'watchFooter', elementId: us.mspa.footerElementId });
    if (!decided && auto === true && ctx.usScreen) {
      const view = { view: 'us' } as const;
      effects.push({ type: 'visit', event: 'shown' }, VISIBLE, { type: 'render', view });
      return [{ phase: 'prompting', consent, view }, effects];
    }
    // GPC is the visitor's opt-out, made without the banner: counted as a reject not shown.
    // Without either, nothing was asked: the visitor has not opted out (unless they do through
    // the link before leaving).
    effects.push(
      fresh.use
        ? { type: 'visit', event: 'existing', outcome: fresh.meta.outcome }
        : ctx.gpc
          ? { type: 'visit', event: 'existing', outcome: 'r', doNotSell: 'f' }
          : { type: 'visit', event: 'unprompted', outcome: 'a' },
      LINK,
      HIDDEN,
    );
    return [{ phase: 'closed', consent }, effects];
  }
  // No regulation: a stored choice is reported as such; without one, a visitor under Google basic
  // consent only is a page view (regulation 10) with its Consent Mode defaults, not shown (nothing
  // is asked), its outcome the defaults'.
  const outcome = fresh.use ? fresh.meta.outcome : gbcDefaultOutcome(config.gbc, ctx.region);
  return [
    { phase: 'silent', consent },
    [
      { type: 'tcf', update: { cmpStatus: 'loaded' } },
      ...publish(true),
      ...(outcome ? [{ type: 'visit', event: 'existing', outcome } as const] : []),
    ],
  ];
}

/**
 * A GDPR choice committed: the TC string, the CMP APIs, Consent Mode, the visit and the cookies.
 * Runs in the task after the click's paint (see `settle`).
 */
function commit(
  ctx: RuntimeContext,
  s: Known,
  choice: PendingChoice,
  now: Date,
  id: string,
): [Consent, Effect[]] {
  const { config } = ctx;
  const gdpr = config.gdpr!;
  const choices =
    choice.kind === 'save'
      ? choice.choices
      : choice.kind === 'acceptAll'
        ? acceptAllChoices(gdpr)
        : rejectAllChoices();
  const { model, tcString } = encode(ctx, choices, choice.screen, now, s.consent.model?.created);
  const acString = acStringOf(gdpr, choices);
  const vendorConsents = vendorConsentsOf(gdpr, choices);
  const outcome = OUTCOME_CODE[outcomeOf(gdpr, choices)];
  const consent: Consent = { ...s.consent, choices, model, tcString, id };
  const gpp = hasGpp(ctx) ? gppUpdate(ctx, consent, true) : undefined;
  const signals = signalsFromChoices(choices);
  return [
    consent,
    [
      {
        type: 'tcf',
        update: {
          tcString,
          model,
          acString,
          others: choices.others,
          eventStatus: 'useractioncomplete',
          cmpStatus: 'loaded',
        },
      },
      ...(gpp ? [{ type: 'gpp', update: gpp } as const] : []),
      { type: 'consentMode', signals },
      { type: 'visit', event: 'choice', outcome },
      {
        type: 'store',
        values: {
          tcString,
          ...(acString ? { acString } : {}),
          ...(vendorConsents ? { vendorConsents } : {}),
          ...(gppInTcf(ctx) ? { gppString: gpp?.gppString } : {}),
          meta: formatMeta({
            configVersion: config.configVersion,
            outcome,
            savedAt: now.getTime(),
            consentId: id,
          }),
        },
      },
      consentRecord(ctx, id, {
        vendorListVersion: gdpr.vendorListVersion,
        tcString,
        ...(gppInTcf(ctx) && gpp?.gppString ? { gppString: gpp.gppString } : {}),
        choices: { ...recordedChoices(choices, outcome), ...sentSignals(ctx, signals) },
      }),
      { type: 'mark', name: 'assent:choice-settled' },
    ],
  ];
}

/** The Consent Mode signals a choice sent to Google tags (those the property configures). */
function sentSignals(
  ctx: RuntimeContext,
  signals: ConsentModeValues,
): Pick<ConsentChoices, 'consentMode'> {
  const gbc = ctx.config.gbc;
  return gbc?.enabled
    ? { consentMode: Object.fromEntries(gbc.purposes.map((p) => [p.id, signals[p.id]])) }
    : {};
}

/** A choice's consent record (proof of consent), posted after the paint. */
const consentRecord = (
  ctx: RuntimeContext,
  id: string,
  rest: Omit<ConsentRecordBeacon, 'id' | 'property' | 'configVersion'>,
): Effect => ({
  type: 'consent',
  record: { id, property: ctx.config.propertyId, configVersion: ctx.config.configVersion, ...rest },
});

/**
 * A US choice: applied in its click (its strings are small). The outcome is a reject when the
 * visitor opted out, partial when they refused consent for a declared sensitive category.
 */
function decideUs(
  ctx: RuntimeContext,
  s: Known,
  optedOut: boolean,
  sensitiveConsents: readonly number[],
  now: Date,
  id: string,
): Transition {
  const { config, region } = ctx;
  const usOptedOut = optedOut || ctx.gpc;
  const usp = config.us ? uspString(config.us, region.state, usOptedOut) : USP_NOT_APPLICABLE;
  const declared = config.us?.mspa?.sensitiveDataCategories ?? [];
  const usSensitiveConsents = declared.filter((c) => sensitiveConsents.includes(c));
  const consent: Consent = { ...s.consent, usOptedOut, usSensitiveConsents, usp, id };
  const gpp = hasGpp(ctx) ? gppUpdate(ctx, consent, true) : undefined;
  const outcome = usOptedOut ? 'r' : usSensitiveConsents.length < declared.length ? 'p' : 'a';
  const signals = signalsFromUsChoice(usOptedOut);
  return [
    { phase: 'closed', consent, ...(s.pending ? { pending: s.pending } : {}) },
    [
      { type: 'usp', value: usp },
      // GPP: not ready first, the screen closes, the sections change, ready last.
      ...gppSignal(ctx, false),
      LINK,
      HIDDEN,
      ...(gpp ? [{ type: 'gpp', update: gpp } as const] : []),
      { type: 'consentMode', signals },
      {
        type: 'visit',
        event: 'choice',
        outcome,
        ...(usOptedOut && !s.consent.usOptedOut ? { doNotSell: 'r' as const } : {}),
      },
      {
        type: 'store',
        values: {
          uspString: usp,
          gppString: gpp?.gppString,
          meta: formatMeta({
            configVersion: config.configVersion,
            outcome,
            savedAt: now.getTime(),
            consentId: id,
            sensitiveConsents: usSensitiveConsents,
          }),
        },
      },
      consentRecord(ctx, id, {
        ...(usp !== USP_NOT_APPLICABLE ? { uspString: usp } : {}),
        ...(gpp?.gppString ? { gppString: gpp.gppString } : {}),
        choices: {
          outcome,
          purposes: [],
          legitimateInterests: [],
          specialFeatures: [],
          vendors: [],
          vendorLegitimateInterests: [],
          googleVendors: [],
          customVendors: [],
          usOptOut: usOptedOut,
          ...sentSignals(ctx, signals),
        },
      }),
    ],
  ];
}

/**
 * GPP 1.1: whenever the sections are about to change (the UI re-surfaced, a choice made)
 * `signalStatus` is 'not ready' first, until the change (or the US screen closed without one)
 * makes it 'ready' again.
 */
const gppSignal = (ctx: RuntimeContext, ready: boolean): Effect[] =>
  hasGpp(ctx) ? [{ type: 'gpp', update: { signalStatus: ready ? 'ready' : 'not ready' } }] : [];

/**
 * The UI re-surfaced from a closed banner (the persistent link): GPP not ready first, then the
 * UI shown, then TCF 2.2's `cmpuishown` (listeners get the string in force with it).
 */
const resurface = (ctx: RuntimeContext, render: Effect): Effect[] => [
  ...gppSignal(ctx, false),
  render,
  VISIBLE,
  ...(ctx.regulation === 'GDPR' && ctx.config.gdpr
    ? [{ type: 'tcf', update: { eventStatus: 'cmpuishown', displayStatus: 'visible' } } as const]
    : []),
];

/**
 * The runtime's transitions: pure, so each is tested without a page. The driver (`cmp.ts`) runs
 * the effects in order; an action that does not apply to the state changes nothing.
 */
export function reduce(
  ctx: RuntimeContext,
  state: RuntimeState,
  action: RuntimeAction,
): Transition {
  const same: Transition = [state, []];
  switch (action.type) {
    case 'storedRead':
      return state.phase === 'loading' ? restore(ctx, action.stored, action.now) : same;
    case 'pageLeft':
      return [state, [{ type: 'settleNow' }, { type: 'leave' }]];
    case 'pageHidden':
      return [state, [{ type: 'settleNow' }]];
  }
  if (state.phase === 'loading') return same;
  if (action.type === 'pageReady') return state.phase === 'starting' ? start(ctx, state) : same;
  if (state.phase === 'starting' || state.phase === 'silent') return same;
  const known: Known = state;
  switch (action.type) {
    case 'acceptAll':
    case 'rejectAll':
    case 'save': {
      if (!ctx.config.gdpr) return same;
      const pending: PendingChoice =
        action.type === 'save'
          ? { kind: 'save', choices: action.choices, screen: 2 }
          : { kind: action.type, screen: action.screen };
      // The click's task only closes the banner: the visitor sees the answer to their click
      // without waiting. A second choice before the paint replaces the first.
      return [
        { phase: 'closed', consent: known.consent, pending },
        [LINK, HIDDEN, ...(known.pending ? [] : [{ type: 'settleAfterPaint' } as const])],
      ];
    }
    case 'settle': {
      if (!known.pending) return same;
      const [consent, effects] = commit(ctx, known, known.pending, action.now, action.id);
      const { pending: _done, ...rest } = state;
      return [{ ...rest, consent }, effects];
    }
    case 'usChoice':
      return ctx.config.us
        ? decideUs(ctx, known, action.optedOut, action.sensitiveConsents, action.now, action.id)
        : same;
    case 'dismiss':
      return state.phase === 'prompting'
        ? [{ ...known, phase: 'closed' }, [LINK, HIDDEN, ...gppSignal(ctx, true)]]
        : same;
    case 'reopen': {
      const view = { view: promptScreen(ctx) } as const;
      const render: Effect = { type: 'render', view };
      return [
        { ...known, phase: 'prompting', view },
        state.phase === 'closed' ? resurface(ctx, render) : [render, VISIBLE],
      ];
    }
    case 'secondLayerOpened': {
      const current = viewOf(state).view;
      const view = {
        view: 'second',
        tab: action.tab,
        from: current === 'first' || current === 'cop' ? current : 'link',
      } as const;
      const render: Effect = { type: 'render', view };
      return [
        { ...known, phase: 'prompting', view },
        state.phase === 'closed' ? resurface(ctx, render) : [render],
      ];
    }
  }
}
