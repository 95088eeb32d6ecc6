import {
  AMP_MAX_CONSENT_STRING_LENGTH,
  ampConsentStringType,
  pickLanguage,
  regulationForConfig,
  textsFor,
  visitBase,
} from '@assent/core/runtime';
import type {
  AmpConsentMetadata,
  BannerConfig,
  BannerUs,
  BannerUsTexts,
  ConsentRecordBeacon,
  GoogleVendorNames,
  VisitorRegion,
} from '@assent/core/runtime';
import type { SecondLayerModule } from '../cmp';
import { newConsentId } from '../consent-id';
import type { SecondLayerTab } from '../runtime/state';
import { uspString } from '../gpp/us';
import type { Choices } from '../tcf/consent';
import {
  acStringOf,
  acceptAllChoices,
  notObjectedChoices,
  outcomeOf,
  recordedChoices,
  rejectAllChoices,
  toTCModel,
} from '../tcf/consent';
import { encodeTCString } from '../tcf/tcstring';
import { renderFirstLayer } from '../ui/first-layer';
import { createHost } from '../ui/host';
import { bannerCss } from '../ui/styles';
import type { VendorListJson } from '../ui/second-layer';
import { renderUsScreen } from '../ui/us-screen';
import { createVisitTracker } from '../visit';

export type AmpAction = 'accept' | 'reject' | 'dismiss';

export interface AmpConsentResponse {
  type: 'consent-response';
  action: AmpAction;
  info?: string;
  consentMetadata?: AmpConsentMetadata;
}

/** amp-consent's message asking to show the prompt iframe full screen (consent-ui.js). */
export const AMP_ENTER_FULLSCREEN = { type: 'consent-ui', action: 'enter-fullscreen' } as const;

/**
 * The US privacy string an AMP page stores for a US visitor: amp-consent reads no GPP string, so
 * this is the one US signal AMP vendors get. With the US privacy string on, the site tag's own
 * string (its jurisdiction included); with the MSPA alone, the same opt-out with LSPA covered as
 * the MSPA covered transaction (decisions.md).
 */
export function ampUsPrivacyString(
  us: BannerUs,
  state: string | undefined,
  optedOut: boolean,
): string {
  if (us.uspEnabled) return uspString(us, state, optedOut);
  return `1Y${optedOut ? 'Y' : 'N'}${us.mspa?.coveredTransaction ? 'Y' : 'N'}`;
}

/**
 * The consent string an AMP page stores (at most 1,200 characters), of the type amp-consent knows:
 * the TC string when GDPR applies (whatever the encoding mode: AMP has no GPP type), else the US
 * privacy string. The disclosed vendors segment is dropped when it alone would break the limit.
 */
export function ampConsentString(
  config: BannerConfig,
  region: VisitorRegion,
  choices: Choices,
  optedOut: boolean,
  language: string,
  now: Date,
): string {
  const gdpr = config.gdpr;
  if (regulationForConfig(config, region) === 'GDPR' && gdpr) {
    const model = toTCModel(gdpr, choices, {
      cmpId: config.cmpId,
      cmpVersion: config.cmpVersion,
      language,
      screen: 1,
      now,
    });
    const full = encodeTCString(model);
    if (full.length <= AMP_MAX_CONSENT_STRING_LENGTH) return full;
    const lean = encodeTCString({ ...model, disclosedVendors: undefined });
    if (lean.length <= AMP_MAX_CONSENT_STRING_LENGTH) return lean;
    throw new RangeError(`AMP consent string of ${lean.length} characters is over the limit`);
  }
  return config.us ? ampUsPrivacyString(config.us, region.state, optedOut) : '';
}

/**
 * The message the prompt iframe posts to amp-consent for an action. `choices` are the visitor's
 * own (a second-layer save); without them the action's (accept all, reject all).
 */
export function ampResponse(
  config: BannerConfig,
  region: VisitorRegion,
  action: AmpAction,
  language: string,
  now: Date,
  chosen?: Choices,
): AmpConsentResponse {
  if (action === 'dismiss') return { type: 'consent-response', action };
  const gdprApplies = regulationForConfig(config, region) === 'GDPR';
  const choices =
    chosen ??
    (action === 'accept' && config.gdpr ? acceptAllChoices(config.gdpr) : rejectAllChoices());
  const additionalConsent = gdprApplies && config.gdpr && acStringOf(config.gdpr, choices);
  return {
    type: 'consent-response',
    action,
    info: ampConsentString(config, region, choices, action === 'reject', language, now),
    consentMetadata: {
      consentStringType: ampConsentStringType(gdprApplies),
      gdprApplies,
      ...(additionalConsent ? { additionalConsent } : {}),
      purposeOne: config.gdpr?.purposeOneTreatment ?? false,
    },
  };
}

/**
 * The consent record of an AMP choice (proof of consent, as cmp.js sends one per choice): the
 * string amp-consent stores (TC or US privacy string) and the choices it encodes.
 */
export function ampConsentRecord(
  config: BannerConfig,
  region: VisitorRegion,
  action: 'accept' | 'reject',
  info: string,
  id: string,
  chosen?: Choices,
): ConsentRecordBeacon {
  const gdpr = regulationForConfig(config, region) === 'GDPR' ? config.gdpr : undefined;
  const accepted = action === 'accept';
  const outcome = chosen && gdpr ? OUTCOME_CODE[outcomeOf(gdpr, chosen)] : accepted ? 'a' : 'r';
  const choices = recordedChoices(
    chosen ?? (accepted && gdpr ? acceptAllChoices(gdpr) : rejectAllChoices()),
    outcome,
  );
  const kind = info.startsWith('1') ? 'uspString' : info ? 'tcString' : undefined;
  return {
    id,
    property: config.propertyId,
    configVersion: config.configVersion,
    ...(gdpr ? { vendorListVersion: gdpr.vendorListVersion } : {}),
    ...(kind ? { [kind]: info } : {}),
    choices: gdpr ? choices : { ...choices, usOptOut: !accepted },
  };
}

const OUTCOME_CODE = { acceptAll: 'a', rejectAll: 'r', partial: 'p' } as const;

const withoutSensitive = ({ sensitive: _unrecorded, ...texts }: BannerUsTexts): BannerUsTexts =>
  texts;

export interface AmpPromptOptions {
  /** The visit beacon's URL: the prompt sends one AMP visit event (its choice, or a bounce). */
  visit?: string;
  /** The consent beacon's URL: an accept or reject sends its consent record there. */
  consent?: string;
  /** A new consent id. @default a random UUID */
  newId?(): string;
  /** @default navigator.sendBeacon */
  sendBeacon?(url: string, body: string): void;
  /** @default the current time */
  now?(): Date;
  /** The vendor list URL template (`{version}`, `{lang}`), for the second layer's vendors. */
  vendorList?: string;
  /** Google providers' names, for the second layer (when the property asks them). */
  googleVendors?: string;
  /** The second-layer chunk, loaded when the visitor asks for more options. */
  loadSecondLayer?(): Promise<SecondLayerModule>;
  /** @default window.fetch */
  fetch?: typeof fetch;
}

/**
 * The prompt UI page (amp-consent `promptUISrc`): shows the first layer (or the US screen) inside
 * the iframe, posts `{type: 'consent-ui', action: 'ready'}`, then the visitor's answer. The visit
 * of an AMP page that prompts is reported from here (page format AMP): accept or reject, or a bounce
 * when the visitor dismisses the prompt or leaves without answering.
 */
export function runAmpPrompt(
  win: Window,
  config: BannerConfig,
  region: VisitorRegion,
  options: AmpPromptOptions = {},
): void {
  const doc = win.document;
  const theme = config.theme;
  const language = pickLanguage(
    [...(win.navigator.languages ?? [])],
    Object.keys(theme.texts),
    theme.defaultLanguage,
  );
  const texts = textsFor(theme.texts, language, theme.defaultLanguage);
  if (!texts) return;
  const now = options.now ?? (() => new Date());
  const sendBeacon =
    options.sendBeacon ??
    ((url: string, body: string) => void win.navigator.sendBeacon?.(url, body));
  const visits = createVisitTracker(
    visitBase(config, region, 'AMP', win.navigator.userAgent ?? ''),
    (body) => options.visit && sendBeacon(options.visit, body),
    () => now().getTime(),
  );
  win.addEventListener('pagehide', () => visits.leave());
  const post = (message: object) => win.parent.postMessage(message, '*');
  const answer = (action: AmpAction, chosen?: Choices) => {
    const response = ampResponse(config, region, action, language, now(), chosen);
    post(response);
    if (action === 'dismiss') return visits.leave();
    const record = ampConsentRecord(
      config,
      region,
      action,
      response.info ?? '',
      (options.newId ?? (() => newConsentId(win.crypto)))(),
      chosen,
    );
    visits.choice(record.choices.outcome);
    if (options.consent) sendBeacon(options.consent, JSON.stringify(record));
  };
  /** A second-layer choice: accept when it consents to anything, else reject (AMP has two states). */
  const save = (chosen: Choices) =>
    answer(
      config.gdpr && outcomeOf(config.gdpr, chosen) === 'rejectAll' ? 'reject' : 'accept',
      chosen,
    );
  const host = createHost(doc, bannerCss(theme.colors), theme.customCss);
  const gdpr = config.gdpr;
  const getJson = <T>(url: string): Promise<T> =>
    (options.fetch ?? win.fetch.bind(win))(url).then((r) =>
      r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(`${url}: ${r.status}`)),
    );
  const moreOptions = (tab: SecondLayerTab) =>
    gdpr && options.loadSecondLayer
      ? options.loadSecondLayer().then((mod) =>
          host.showDialog(
            mod.renderSecondLayer({
              doc,
              config,
              texts,
              // Legitimate interest is objection-based: its toggles start on.
              choices: notObjectedChoices(gdpr),
              tab,
              loadVendorList: () =>
                getJson<VendorListJson>(
                  (options.vendorList ?? '')
                    .replace('{version}', String(gdpr.vendorListVersion))
                    .replace('{lang}', language),
                ),
              loadGoogleVendors: () =>
                options.googleVendors && gdpr.googleVendors.length
                  ? getJson<GoogleVendorNames>(options.googleVendors)
                  : Promise.resolve({}),
              acceptAll: () => answer('accept'),
              rejectAll: () => answer('reject'),
              save,
              onError: (e) => console.error('[assent]', e),
            }),
            false,
          ),
        )
      : Promise.resolve(answer('dismiss'));
  const us = regulationForConfig(config, region) === 'US';
  host.showDialog(
    us && texts.us
      ? // AMP keeps one US privacy string, which has no field for sensitive-data consent: the
        // prompt does not ask what it cannot record (decisions.md).
        renderUsScreen(
          doc,
          withoutSensitive(texts.us),
          texts.labels.close,
          { optedOut: false },
          {
            confirm: (choice) => answer(choice.optedOut ? 'reject' : 'accept'),
            close: () => answer('dismiss'),
          },
        )
      : renderFirstLayer(doc, config, texts, {
          acceptAll: () => answer('accept'),
          rejectAll: () => answer('reject'),
          // amp-consent shows the prompt full screen, then the purposes and vendors.
          moreOptions: (tab) => {
            post(AMP_ENTER_FULLSCREEN);
            return moreOptions(tab);
          },
        }),
    false,
  );
  visits.shown();
  post({ type: 'consent-ui', action: 'ready' });
}
