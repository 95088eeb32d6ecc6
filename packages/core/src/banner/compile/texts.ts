import type { PropertyValues } from '../../property/schema';
import { bannerControlTexts } from '../../theme/control-texts';
import { firstLayerTexts } from '../../theme/first-layer-texts';
import type { ThemeText } from '../../theme/first-layer-texts';
import type { LanguageTexts, ThemeValues } from '../../theme/schema';
import type { TextChangeRequest } from '../../theme/text-change-request';
import { textRequestState } from '../../theme/text-change-request';
import { SENSITIVE_DATA_CATEGORIES } from '../../property/us-privacy';
import { US_DEFAULT_TEXTS } from '../../theme/control-texts';
import { isSafeLink } from '../../validation';
import type { VendorListResponse } from '../../vendors/vendor-list';
import type { BannerGdpr, BannerLabels, BannerLink, BannerTexts, BannerUsTexts } from '../config';
import { bannerPrivacyBody, htmlToRichText } from './sanitize-html';
import { consentIdLabel } from './consent-id-label';

/**
 * The theme's texts per language: the theme's own or its approved Advanced Customisation entries,
 * the language defaults where they are empty, buttons fitted, links only when http(s).
 */

/** Fits a header into `max` characters, cutting at a word boundary with an ellipsis when needed. */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const safeLinkOrUndefined = (text: string, url: string): BannerLink | undefined => {
  const t = text.trim();
  const u = url.trim();
  return t && isSafeLink(u) ? { text: t, url: u } : undefined;
};

/** The language entries (Advanced Customisation or Consent or Pay) that apply, by language. */
export function entriesInUse(
  entries: readonly LanguageTexts[],
  themeId: string,
  customizationType: 'advanced' | 'CoP',
  requests: readonly TextChangeRequest[] | undefined,
): Map<string, LanguageTexts> {
  const out = new Map<string, LanguageTexts>();
  for (const entry of entries) {
    const approved =
      !requests ||
      textRequestState(
        requests,
        { themeId, language: entry.language, customizationType },
        new Date(0),
      ).textInUse === 'custom';
    if (approved && !out.has(entry.language)) out.set(entry.language, entry);
  }
  return out;
}

export const MAX_BUTTON = 40;
export const orDefault = (value: string | undefined, fallback: string, max = Infinity) => {
  const v = (value ?? '').trim();
  return v ? fitText(v, max) : fallback;
};

function usTexts(theme: ThemeValues, sensitive: readonly number[]): BannerUsTexts {
  const body = htmlToRichText(theme.uspDnsText);
  const links = theme.suppressCcpaLinks
    ? {}
    : {
        deleteDataLink: safeLinkOrUndefined(theme.uspDeleteDataLinkText, theme.uspDeleteDataLink),
        accessDataLink: safeLinkOrUndefined(theme.uspAccessDataLinkText, theme.uspAccessDataLink),
        privacyPolicyLink: safeLinkOrUndefined(
          theme.uspPrivacyPolicyLinkText,
          theme.uspPrivacyPolicyLink,
        ),
      };
  return {
    dnsTitle: orDefault(theme.uspDnsTitleText, US_DEFAULT_TEXTS.dnsTitle),
    dnsBody: body.length ? body : [{ p: [{ text: US_DEFAULT_TEXTS.dnsBody }] }],
    optOutLabel: US_DEFAULT_TEXTS.optOutLabel,
    confirmLabel: US_DEFAULT_TEXTS.confirmLabel,
    linkLabel: US_DEFAULT_TEXTS.linkLabel,
    suppressLinks: theme.suppressCcpaLinks,
    ...Object.fromEntries(Object.entries(links).filter(([, v]) => v !== undefined)),
    ...(sensitive.length
      ? {
          sensitive: {
            title: US_DEFAULT_TEXTS.sensitiveTitle,
            intro: US_DEFAULT_TEXTS.sensitiveIntro,
            categories: SENSITIVE_DATA_CATEGORIES.filter((c) => sensitive.includes(c.id)).map(
              ({ id, name }) => ({ id, name }),
            ),
          },
        }
      : {}),
  };
}

function footerLinks(
  theme: ThemeValues,
  entry: LanguageTexts | undefined,
  privacyLink: string,
  privacyLabel: string,
): BannerLink[] {
  const fromEntry = (entry?.customFooterLink ?? []).map((l) =>
    safeLinkOrUndefined(l.label, l.link),
  );
  const fromTheme = theme.uxInitialScreenCustomLinks.map((l) => safeLinkOrUndefined(l.text, l.url));
  const links = (fromEntry.some(Boolean) ? fromEntry : fromTheme).filter(
    (l): l is BannerLink => l !== undefined,
  );
  const policy = privacyLink.trim();
  if (isSafeLink(policy) && !links.some((l) => l.url === policy)) {
    links.unshift({ text: privacyLabel, url: policy });
  }
  return links.slice(0, 3);
}

export interface TextContext {
  theme: ThemeValues;
  property: PropertyValues;
  list: VendorListResponse;
  gdpr:
    | Pick<
        BannerGdpr,
        'consentPurposes' | 'legitimateInterestPurposes' | 'specialFeatures' | 'stacks'
      >
    | undefined;
  us: boolean;
  /** The usnat sensitive-data categories the property declares (the US screen asks consent). */
  sensitiveCategories?: readonly number[];
}

export function languageTexts(
  language: string,
  entry: LanguageTexts | undefined,
  ctx: TextContext,
): BannerTexts {
  const { theme, property, list, gdpr } = ctx;
  const defaults = bannerControlTexts(language);
  // Theme-level texts are written in the theme's own language.
  const own = language === theme.language;
  const names = <T extends { id: number; name: string }>(
    items: readonly T[],
    ids: readonly number[],
  ) =>
    Object.fromEntries(items.filter((i) => ids.includes(i.id)).map((i) => [String(i.id), i.name]));
  const labels: BannerLabels = {
    purposes: defaults.purposes,
    specialFeatures: defaults.specialFeatures,
    vendors: defaults.vendors,
    consent: defaults.consent,
    legitimateInterest: defaults.legitimateInterest,
    close: defaults.close,
    back: defaults.back,
    loading: defaults.loading,
    consentId: consentIdLabel(language),
  };
  const first = firstLayerTexts(theme, language, entry);
  const button = (t: ThemeText) => (t.standard ? t.text : fitText(t.text, MAX_BUTTON));
  return {
    agreeButton: button(first.agreeButton),
    disagreeButton: button(first.disagreeButton),
    moreOptionsButton: button(first.moreOptionsButton),
    saveAndExitButton: defaults.saveAndExit,
    privacyHeader: first.privacyHeader.text,
    privacyBody: bannerPrivacyBody(first.privacyBody.text),
    consentLinkLabel: orDefault(
      own && theme.themeType === 'SITE' ? theme.consentLinkLabel : '',
      defaults.privacySettings,
    ),
    footerLinks: footerLinks(theme, entry, property.gdprPrivacyLink, defaults.privacyPolicy),
    purposeNames: gdpr
      ? names(list.purposes, [...gdpr.consentPurposes, ...gdpr.legitimateInterestPurposes])
      : {},
    specialFeatureNames: gdpr ? names(list.specialFeatures, gdpr.specialFeatures) : {},
    stackNames: gdpr ? names(list.stacks, gdpr.stacks) : {},
    labels,
    ...(ctx.us ? { us: usTexts(theme, ctx.sensitiveCategories ?? []) } : {}),
  };
}
