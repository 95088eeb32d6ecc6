import { expandCountries } from '../../country';
import { supportsFeature } from '../../property/cmp-version';
import type { PropertyValues } from '../../property/schema';
import { bannerControlTexts } from '../../theme/control-texts';
import {
  defaultPrivacyBody,
  defaultPrivacyHeader,
  fillConsentPlaceholders,
} from '../../theme/default-texts';
import type { LanguageTexts, ThemeValues } from '../../theme/schema';
import type { TextChangeRequest } from '../../theme/text-change-request';
import { COP_PRIVACY_HEADER_MAX } from '../../theme/texts';
import { isSafeLink } from '../../validation';
import type { BannerConsentOrPay, BannerCopTexts, BannerGdpr, BannerTexts } from '../config';
import { CONSENT_LIFETIME_MONTHS, partnerCount } from '../rules';
import { bannerPrivacyBody } from './sanitize-html';
import { MAX_BUTTON, entriesInUse, fitText, orDefault } from './texts';

/** Consent or Pay: the subscribe (and log-in) offer shown instead of the banner in its countries. */

function copTexts(
  language: string,
  entry: LanguageTexts | undefined,
  texts: BannerTexts,
  layout: 'Subscribe' | 'SubscribeAndLogin',
  partners: number,
  variant: 'site' | 'app',
): BannerCopTexts {
  const defaults = bannerControlTexts(language);
  const text = bannerPrivacyBody(
    entry?.privacyBody.trim() ? entry.privacyBody : defaultPrivacyBody(language, variant),
  );
  const body = fillConsentPlaceholders(text, {
    partnerCount: partners,
    storageMonths: CONSENT_LIFETIME_MONTHS,
  });
  return {
    privacyHeader: fitText(
      orDefault(entry?.privacyHeader, defaultPrivacyHeader(language)),
      COP_PRIVACY_HEADER_MAX,
    ),
    privacyBody: body,
    acceptLabel: orDefault(entry?.agreeButton, texts.agreeButton, MAX_BUTTON),
    viewPreferencesLabel: orDefault(entry?.viewPreferencesLabel, defaults.viewPreferences),
    subscribeLabel: orDefault(entry?.action1Label, defaults.subscribe),
    ...(layout === 'SubscribeAndLogin'
      ? { loginLabel: orDefault(entry?.action2Label, defaults.login) }
      : {}),
  };
}

/**
 * The Consent-or-Pay section: only with GDPR, on a version that supports it, enabled, and with an
 * http(s) subscribe URL (a log-in URL only when it is http(s) too).
 */
export function compileConsentOrPay(
  property: PropertyValues,
  theme: ThemeValues & { themeId: string },
  gdpr: BannerGdpr | undefined,
  languages: readonly string[],
  texts: Readonly<Record<string, BannerTexts>>,
  textRequests: readonly TextChangeRequest[] | undefined,
): BannerConsentOrPay | undefined {
  const cop = property.consentOrPayConfig;
  const action1 = cop.callbacks.action1.trim();
  const action2 = cop.callbacks.action2.trim();
  if (
    !gdpr ||
    !cop.enabled ||
    !supportsFeature(property.cmpVersion, 'consentOrPay') ||
    !isSafeLink(action1)
  )
    return undefined;
  const copEntries = entriesInUse(theme.consentOrPaySettings, theme.themeId, 'CoP', textRequests);
  const variant = theme.themeType === 'SITE' ? 'site' : 'app';
  return {
    enabled: true,
    countries: expandCountries(cop.countries),
    layout: theme.consentOrPayLayout,
    callbacks: { action1, ...(isSafeLink(action2) ? { action2 } : {}) },
    redirect: cop.callbackRedirectMethod,
    texts: Object.fromEntries(
      languages.map((language) => [
        language,
        copTexts(
          language,
          copEntries.get(language),
          texts[language]!,
          theme.consentOrPayLayout,
          partnerCount(gdpr),
          variant,
        ),
      ]),
    ),
  };
}
