import {
  AMP_MAX_CONSENT_STRING_LENGTH,
  ampConsentStringType,
  pickLanguage,
  regulationForConfig,
  textsFor,
  usSignal,
  visitBase,
} from '@assent/core/runtime';
import type {
  AmpConsentMetadata,
  BannerConfig,
  BannerUsTexts,
  ConsentRecordBeacon,
  VisitorRegion,
} from '@assent/core/runtime';
import { newConsentId } from '../consent-id';
import { encodeGppString, encodeUsSection } from '../gpp/gpp';
import { uspString } from '../gpp/us';
import type { Choices } from '../tcf/consent';
import {
  acStringOf,
  acceptAllChoices,
  recordedChoices,
  rejectAllChoices,
  toTCModel,
} from '../tcf/consent';
import { encodeTCString } from '../tcf/tcstring';
import { renderFirstLayer } from '../ui/first-layer';
import { createHost } from '../ui/host';
import { bannerCss } from '../ui/styles';
import { renderUsScreen } from '../ui/us-screen';
import { createVisitTracker } from '../visit';

export type AmpAction = 'accept' | 'reject' | 'dismiss';

export interface AmpConsentResponse {
  type: 'consent-response';
  action: AmpAction;
  info?: string;
  consentMetadata?: AmpConsentMetadata;
}

/**
 * The consent string an AMP page stores (at most 1,200 characters): the TC string, or a GPP
 * string when the encoding mode includes GPP (AMP keeps one string). The disclosed vendors segment
 * is dropped when it alone would break the limit.
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
    const wrap = (tc: string) =>
      gdpr.encodingMode === 'TCF' ? tc : encodeGppString({ tcfeuv2: tc });
    const full = wrap(encodeTCString(model));
    if (full.length <= AMP_MAX_CONSENT_STRING_LENGTH) return full;
    const lean = wrap(encodeTCString({ ...model, disclosedVendors: undefined }));
    if (lean.length <= AMP_MAX_CONSENT_STRING_LENGTH) return lean;
    throw new RangeError(`AMP consent string of ${lean.length} characters is over the limit`);
  }
  const us = config.us;
  if (!us) return '';
  if (!us.mspa) return uspString(us, region.state, optedOut);
  return encodeGppString({
    usnat: encodeUsSection('usnat', usSignal(us.mspa, { optedOut }, false)),
  });
}

/** The message the prompt iframe posts to amp-consent for an action. */
export function ampResponse(
  config: BannerConfig,
  region: VisitorRegion,
  action: AmpAction,
  language: string,
  now: Date,
): AmpConsentResponse {
  if (action === 'dismiss') return { type: 'consent-response', action };
  const gdprApplies = regulationForConfig(config, region) === 'GDPR';
  const choices =
    action === 'accept' && config.gdpr ? acceptAllChoices(config.gdpr) : rejectAllChoices();
  const additionalConsent = gdprApplies && config.gdpr && acStringOf(config.gdpr, choices);
  return {
    type: 'consent-response',
    action,
    info: ampConsentString(config, region, choices, action === 'reject', language, now),
    consentMetadata: {
      consentStringType: ampConsentStringType(config, gdprApplies),
      gdprApplies,
      ...(additionalConsent ? { additionalConsent } : {}),
      purposeOne: config.gdpr?.purposeOneTreatment ?? false,
    },
  };
}

/**
 * The consent record of an AMP choice (proof of consent, as cmp.js sends one per choice): the
 * string amp-consent stores (TC, GPP or US privacy string) and the choices it encodes.
 */
export function ampConsentRecord(
  config: BannerConfig,
  region: VisitorRegion,
  action: 'accept' | 'reject',
  info: string,
  id: string,
): ConsentRecordBeacon {
  const gdpr = regulationForConfig(config, region) === 'GDPR' ? config.gdpr : undefined;
  const accepted = action === 'accept';
  const choices = recordedChoices(
    accepted && gdpr ? acceptAllChoices(gdpr) : rejectAllChoices(),
    accepted ? 'a' : 'r',
  );
  const kind = { C: 'tcString', D: 'gppString', 1: 'uspString' }[info[0] as 'C' | 'D' | '1'];
  return {
    id,
    property: config.propertyId,
    configVersion: config.configVersion,
    ...(gdpr ? { vendorListVersion: gdpr.vendorListVersion } : {}),
    ...(kind ? { [kind]: info } : {}),
    choices: gdpr ? choices : { ...choices, usOptOut: !accepted },
  };
}

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
  const answer = (action: AmpAction) => {
    const response = ampResponse(config, region, action, language, now());
    post(response);
    if (action === 'dismiss') return visits.leave();
    visits.choice(action === 'accept' ? 'a' : 'r');
    if (options.consent)
      sendBeacon(
        options.consent,
        JSON.stringify(
          ampConsentRecord(
            config,
            region,
            action,
            response.info ?? '',
            (options.newId ?? (() => newConsentId(win.crypto)))(),
          ),
        ),
      );
  };
  const host = createHost(doc, bannerCss(theme.colors), theme.customCss);
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
          // The AMP prompt has one layer; "more options" dismisses to the page's own settings.
          moreOptions: () => answer('dismiss'),
        }),
    false,
  );
  visits.shown();
  post({ type: 'consent-ui', action: 'ready' });
}
