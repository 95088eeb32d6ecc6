import { CONSENT_LIFETIME_MONTHS, fillPlaceholders, partnerCount } from '@assent/core/runtime';
import type { BannerConfig, BannerCopTexts, BannerTexts } from '@assent/core/runtime';
import { h, safeLink } from './dom';

export interface FirstLayerActions {
  acceptAll(): void;
  rejectAll(): void;
  moreOptions(tab: 'purposes' | 'vendors'): void;
}

const TITLE_ID = 'assent-title';

function footer(doc: Document, texts: BannerTexts): HTMLElement {
  return h(
    doc,
    'div',
    { class: 'ft' },
    ...texts.footerLinks.map((l) => safeLink(doc, l.text, l.url)),
  );
}

/** The purposes (or stacks) the publisher asks for, by name, as the first layer lists them. */
function purposeList(doc: Document, config: BannerConfig, texts: BannerTexts): HTMLElement | null {
  const gdpr = config.gdpr;
  if (!gdpr) return null;
  const purposeIds = [
    ...new Set([...gdpr.consentPurposes, ...gdpr.legitimateInterestPurposes]),
  ].sort((a, b) => a - b);
  const stacks = config.theme.initialScreen === 'STACKS_AND_PURPOSES' ? gdpr.stacks : [];
  const names = [
    ...stacks.map((id) => texts.stackNames[id]),
    ...(stacks.length ? [] : purposeIds.map((id) => texts.purposeNames[id])),
    ...gdpr.specialFeatures.map((id) => texts.specialFeatureNames[id]),
  ].filter((n): n is string => !!n);
  if (!names.length) return null;
  return h(
    doc,
    'div',
    {},
    h(doc, 'h3', {}, texts.labels.purposes),
    h(doc, 'ul', {}, ...names.map((n) => h(doc, 'li', {}, n))),
  );
}

/** The first layer: theme texts, purposes, the number of vendors, Accept all, Reject all, More options. */
export function renderFirstLayer(
  doc: Document,
  config: BannerConfig,
  texts: BannerTexts,
  actions: FirstLayerActions,
): HTMLElement {
  const vendorCount = config.gdpr ? partnerCount(config.gdpr) : 0;
  const body = fillPlaceholders(texts.privacyBody, {
    partnerCount: vendorCount,
    storageMonths: config.gdpr?.storageMonths ?? CONSENT_LIFETIME_MONTHS,
  });
  const theme = config.theme;
  return h(
    doc,
    'div',
    { class: 'dlg', 'data-view': 'first' },
    theme.closeButton &&
      h(
        doc,
        'button',
        { class: 'x', 'aria-label': texts.disagreeButton, onclick: () => actions.rejectAll() },
        '×',
      ),
    h(doc, 'h2', { id: TITLE_ID }, texts.privacyHeader),
    h(doc, 'p', {}, body),
    purposeList(doc, config, texts),
    h(
      doc,
      'p',
      {},
      h(
        doc,
        'button',
        { class: 'lk', 'data-action': 'vendors', onclick: () => actions.moreOptions('vendors') },
        `${texts.labels.vendors} (${vendorCount})`,
      ),
    ),
    h(
      doc,
      'div',
      { class: 'bs' },
      h(
        doc,
        'button',
        { class: 'b p', 'data-action': 'accept', onclick: () => actions.acceptAll() },
        texts.agreeButton,
      ),
      theme.rejectButton &&
        h(
          doc,
          'button',
          { class: 'b p', 'data-action': 'reject', onclick: () => actions.rejectAll() },
          texts.disagreeButton,
        ),
      h(
        doc,
        'button',
        { class: 'b s', 'data-action': 'more', onclick: () => actions.moreOptions('purposes') },
        texts.moreOptionsButton,
      ),
    ),
    footer(doc, texts),
  );
}

export interface ConsentOrPayActions {
  acceptAll(): void;
  moreOptions(tab: 'purposes'): void;
  /** Leaves for the publisher's subscription (`s`) or log-in (`l`) page. */
  go(url: string, action: 's' | 'l'): void;
}

/** Consent or Pay: accept, or subscribe (and log in) at the publisher's URLs, or view preferences. */
export function renderConsentOrPay(
  doc: Document,
  config: BannerConfig,
  cop: BannerCopTexts,
  texts: BannerTexts,
  actions: ConsentOrPayActions,
): HTMLElement {
  const c = config.consentOrPay!;
  return h(
    doc,
    'div',
    { class: 'dlg', 'data-view': 'cop' },
    h(doc, 'h2', { id: TITLE_ID }, cop.privacyHeader),
    h(doc, 'p', {}, cop.privacyBody),
    h(
      doc,
      'div',
      { class: 'bs' },
      h(
        doc,
        'button',
        { class: 'b p', 'data-action': 'accept', onclick: () => actions.acceptAll() },
        cop.acceptLabel,
      ),
      h(
        doc,
        'button',
        {
          class: 'b p',
          'data-action': 'subscribe',
          onclick: () => actions.go(c.callbacks.action1, 's'),
        },
        cop.subscribeLabel,
      ),
      c.layout === 'SubscribeAndLogin' &&
        c.callbacks.action2 &&
        h(
          doc,
          'button',
          {
            class: 'b s',
            'data-action': 'login',
            onclick: () => actions.go(c.callbacks.action2 ?? '', 'l'),
          },
          cop.loginLabel ?? '',
        ),
    ),
    h(
      doc,
      'p',
      {},
      h(
        doc,
        'button',
        { class: 'lk', 'data-action': 'more', onclick: () => actions.moreOptions('purposes') },
        cop.viewPreferencesLabel,
      ),
    ),
    footer(doc, texts),
  );
}

export { TITLE_ID };
