import { allowedLegitimateInterestPurposes, partnerCount, vendorSets } from '@assent/core/runtime';
import type { BannerConfig, BannerTexts, GoogleVendorNames } from '@assent/core/runtime';
import type { Choices } from '../tcf/consent';
import { h, safeLink, toggle } from './dom';
import { TITLE_ID } from './first-layer';

/** The vendor list the server serves for the second layer (GVL v3 shape, trimmed to what is shown). */
export interface VendorListJson {
  vendorListVersion?: number;
  purposes?: Record<string, { name: string; description?: string }>;
  specialFeatures?: Record<string, { name: string; description?: string }>;
  vendors: Record<string, { id: number; name: string; urls?: Array<{ privacy?: string }> }>;
}

export interface SecondLayerContext {
  doc: Document;
  config: BannerConfig;
  texts: BannerTexts;
  /** A draft the toggles change; saved only with Save & exit. */
  choices: Choices;
  tab: 'purposes' | 'vendors';
  /** The consent id of the choice in force, for the visitor to quote (absent before a choice). */
  consentId?: string;
  loadVendorList(): Promise<VendorListJson>;
  /** Names of the Google providers the property asks (an empty map when it asks none). */
  loadGoogleVendors(): Promise<GoogleVendorNames>;
  acceptAll(): void;
  rejectAll(): void;
  save(choices: Choices): void;
  onError(e: unknown): void;
}

const flip =
  <T>(set: Set<T>, id: T) =>
  (on: boolean) =>
    void (on ? set.add(id) : set.delete(id));

/** The second layer (lazy chunk): purposes, special features and vendors with consent and LI toggles. */
export function renderSecondLayer(ctx: SecondLayerContext): HTMLElement {
  const { doc, config, texts, choices } = ctx;
  const gdpr = config.gdpr!;
  const l = texts.labels;
  const li = allowedLegitimateInterestPurposes(gdpr.legitimateInterestPurposes);
  const purposeIds = [...new Set([...gdpr.consentPurposes, ...li])].sort((a, b) => a - b);

  const purposes = h(
    doc,
    'section',
    { 'data-tab': 'purposes' },
    h(doc, 'h3', {}, l.purposes),
    ...purposeIds.map((id) =>
      h(
        doc,
        'div',
        { 'data-purpose': id },
        h(doc, 'p', {}, texts.purposeNames[id] ?? `${l.purposes} ${id}`),
        gdpr.consentPurposes.includes(id) &&
          toggle(doc, l.consent, choices.purposes.has(id), flip(choices.purposes, id)),
        li.includes(id) &&
          toggle(
            doc,
            l.legitimateInterest,
            choices.purposesLI.has(id),
            flip(choices.purposesLI, id),
          ),
      ),
    ),
    gdpr.specialFeatures.length > 0 && h(doc, 'h3', {}, l.specialFeatures),
    ...gdpr.specialFeatures.map((id) =>
      h(
        doc,
        'div',
        { 'data-special-feature': id },
        toggle(
          doc,
          texts.specialFeatureNames[id] ?? `${l.specialFeatures} ${id}`,
          choices.specialFeatures.has(id),
          flip(choices.specialFeatures, id),
        ),
      ),
    ),
  );

  const vendorList = h(doc, 'div', { 'aria-live': 'polite' }, l.loading);
  const vendors = h(
    doc,
    'section',
    { 'data-tab': 'vendors' },
    h(doc, 'h3', {}, `${l.vendors} (${partnerCount(gdpr)})`),
    vendorList,
  );
  /** A vendor outside the GVL: its name, its policy link and a consent toggle. */
  const otherVendor = <T>(
    attribute: string,
    id: T,
    name: string,
    policyUrl: string | undefined,
    consented: Set<T>,
  ) =>
    h(
      doc,
      'div',
      { [attribute]: String(id) },
      h(doc, 'p', {}, name, ' ', safeLink(doc, '↗', policyUrl)),
      toggle(doc, l.consent, consented.has(id), flip(consented, id)),
    );
  Promise.all([
    ctx.loadVendorList(),
    // Without the names, Google's providers are still listed (by id) and can be chosen.
    ctx.loadGoogleVendors().catch((e: unknown): GoogleVendorNames => {
      ctx.onError(e);
      return {};
    }),
  ]).then(
    ([gvl, google]) => {
      // Vendors with an LI purpose of the publisher's (declared or by a restriction) get an LI toggle.
      const sets = vendorSets(gdpr);
      const usesLI = new Set(sets.li);
      vendorList.replaceChildren(
        ...sets.ids.map((id) => {
          const info = gvl.vendors[id];
          return h(
            doc,
            'div',
            { 'data-vendor': id },
            h(
              doc,
              'p',
              {},
              info?.name ?? `#${id}`,
              ' ',
              safeLink(doc, '↗', info?.urls?.[0]?.privacy),
            ),
            toggle(doc, l.consent, choices.vendors.has(id), flip(choices.vendors, id)),
            usesLI.has(id) &&
              toggle(
                doc,
                l.legitimateInterest,
                choices.vendorsLI.has(id),
                flip(choices.vendorsLI, id),
              ),
          );
        }),
        ...gdpr.googleVendors.map((id) =>
          otherVendor(
            'data-google-vendor',
            id,
            google[id]?.name ?? `Google #${id}`,
            google[id]?.policyUrl,
            choices.google,
          ),
        ),
        ...gdpr.customVendors.map((v) =>
          otherVendor('data-other-vendor', v.id, v.name, v.policyUrl, choices.others),
        ),
      );
    },
    (e) => {
      ctx.onError(e);
      vendorList.textContent = '—';
    },
  );

  return h(
    doc,
    'div',
    { class: 'dlg', 'data-view': 'second' },
    h(doc, 'h2', { id: TITLE_ID }, texts.privacyHeader),
    ...(ctx.tab === 'vendors' ? [vendors, purposes] : [purposes, vendors]),
    h(
      doc,
      'div',
      { class: 'bs' },
      h(
        doc,
        'button',
        { class: 'b p', 'data-action': 'accept', onclick: () => ctx.acceptAll() },
        texts.agreeButton,
      ),
      h(
        doc,
        'button',
        { class: 'b p', 'data-action': 'reject', onclick: () => ctx.rejectAll() },
        texts.disagreeButton,
      ),
      h(
        doc,
        'button',
        { class: 'b s', 'data-action': 'save', onclick: () => ctx.save(choices) },
        texts.saveAndExitButton,
      ),
    ),
    ctx.consentId &&
      h(doc, 'p', { class: 'cid' }, `${l.consentId}: `, h(doc, 'output', {}, ctx.consentId)),
  );
}
