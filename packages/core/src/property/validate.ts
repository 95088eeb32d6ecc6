import { COUNTRIES } from '../country';
import {
  PROPERTY_LIST_LIMITS,
  PROPERTY_TEXT_LIMITS,
  listLimitsIssues,
  textLimitIssues,
} from '../limits';
import { INVALID_URL, REQUIRED } from '../messages';
import { oneLineIssues } from '../text';
import type { Issue, Validation } from '../validation';
import { collect, isBlank, isValidUrl, issue } from '../validation';
import { consentOrPayAvailable, validateConsentOrPay } from './consent-or-pay';
import { validateGoogleBasicConsent } from './google-consent';
import {
  validateLogoUrl,
  validateOptionalUrl,
  validatePackageId,
  validatePublisherName,
  validateSiteUrl,
} from './identity';
import {
  CONSENT_OR_PAY_UNSUPPORTED,
  PRIVACY_POLICY_REQUIRED,
  THEME_NOT_IN_ACCOUNT,
  THEME_TYPE_MISMATCH,
} from './messages';
import {
  regulationsOf,
  validateAmp,
  validateConsentScope,
  validateRegulations,
  validateRepromptDays,
} from './regulations';
import type { PropertyType, PropertyValues } from './schema';
import { validateUsPrivacy } from './us-privacy';

/** Theme ids reserved for AMP pages ('-2' and '-3'); '-3' is also the form's "none chosen yet". */
export const AMP_THEME_IDS: readonly string[] = ['-2', '-3'];

export interface PropertyValidationContext {
  /**
   * The identifiers (urls and package ids) of the account's other properties. Given when the
   * identifier must be unique: on create, and on edit when it changed.
   */
  existingIdentifiers?: readonly string[];
  /** The account's themes; when given, the theme must be one of them and of the property's type. */
  themes?: ReadonlyArray<{ themeId: string; themeType: 'SITE' | 'APP' }>;
  /** The vendors in scope, for the Consent-or-Pay non-personalised-vendors rule. */
  vendors?: ReadonlyArray<{ purposes: readonly number[]; legIntPurposes?: readonly number[] }>;
  /** Whether the account is enabled for Consent or Pay. @default true */
  consentOrPayEnabled?: boolean;
}

/** The privacy policy link card shows when GDPR applies and the publisher declares a legal basis. */
export const privacyPolicyLinkShown = (p: PropertyValues): boolean =>
  regulationsOf(p).gdpr && !p.noLegalBasis;

/** The publisher name is required when GDPR is on and a legal basis is declared. */
export const publisherNameRequired = (p: PropertyValues): boolean => privacyPolicyLinkShown(p);

/**
 * A theme chosen for a property or a bulk update must be one of the account's themes (its own or
 * the built-in defaults): another account's theme, a deleted one or a made-up id is refused saying
 * so. A blank id and the AMP theme ids are not this rule's: the caller checks them.
 */
export function validateThemeOfAccount(
  themeId: string,
  themes: ReadonlyArray<{ themeId: string }>,
  field = 'themeId',
): Issue[] {
  // A blank id is the required rule's and an AMP theme id the AMP rule's (validateTheme): in a
  // bulk update both fail per property with their own message, never the whole job at submit.
  if (isBlank(themeId) || AMP_THEME_IDS.includes(themeId)) return [];
  return themes.some((t) => t.themeId === themeId)
    ? []
    : [issue(field, 'themeOfAccount', THEME_NOT_IN_ACCOUNT)];
}

function validateTheme(p: PropertyValues, ctx: PropertyValidationContext): Issue[] {
  if (isBlank(p.themeId)) return [issue('themeId', 'required', REQUIRED)];
  if (AMP_THEME_IDS.includes(p.themeId)) {
    return p.ampEnabled ? [] : [issue('themeId', 'required', REQUIRED)];
  }
  if (!ctx.themes) return [];
  const theme = ctx.themes.find((t) => t.themeId === p.themeId);
  if (!theme) return validateThemeOfAccount(p.themeId, ctx.themes);
  const expected: PropertyType = p.propertyType;
  return theme.themeType === expected ? [] : [issue('themeId', 'themeType', THEME_TYPE_MISMATCH)];
}

function validatePrivacyPolicy(p: PropertyValues): Issue[] {
  if (!privacyPolicyLinkShown(p)) return validateOptionalUrl(p.gdprPrivacyLink, 'gdprPrivacyLink');
  if (isBlank(p.gdprPrivacyLink))
    return [issue('gdprPrivacyLink', 'required', PRIVACY_POLICY_REQUIRED)];
  return isValidUrl(p.gdprPrivacyLink) ? [] : [issue('gdprPrivacyLink', 'url', INVALID_URL)];
}

/**
 * Every field rule of a site or app (properties-and-tags §5), on the parsed form values or API
 * payload. The server runs it before every save; the console runs it as the user types.
 */
export function validateProperty(
  p: PropertyValues,
  ctx: PropertyValidationContext = {},
): Validation<PropertyValues> {
  const identity =
    ctx.existingIdentifiers !== undefined
      ? { isNew: true, existing: ctx.existingIdentifiers }
      : { isNew: false };
  const { gdpr, us } = regulationsOf(p);
  const copEnabled = p.consentOrPayConfig.enabled;
  return collect(p, [
    // Issue 19 item 9: no text or list is unbounded (here, not in the schema that reads stored rows).
    textLimitIssues(p, PROPERTY_TEXT_LIMITS),
    listLimitsIssues(p, PROPERTY_LIST_LIMITS),
    // Issue 19 item 10: every text field of a property is one line (its URLs included).
    oneLineIssues(p, Object.keys(PROPERTY_TEXT_LIMITS)),
    p.propertyType === 'APP'
      ? validatePackageId(p.packageId, identity)
      : validateSiteUrl(p.url, identity),
    validateLogoUrl(p.publisherLogoUrl),
    validatePublisherName(p.publisherName, { required: publisherNameRequired(p) }),
    validateTheme(p, ctx),
    validateRegulations(p),
    validateAmp(p),
    validateRepromptDays(p.repromtDaysAfterGvlUpdate),
    validateConsentScope(p),
    validateOptionalUrl(p.groupOfWebsitesURL, 'groupOfWebsitesURL'),
    validateOptionalUrl(p.redirectUrl, 'redirectUrl'),
    validateOptionalUrl(p.cookieAccessUrl, 'cookieAccessUrl'),
    COUNTRIES.some((c) => c.code === p.publisherCC)
      ? []
      : [issue('publisherCC', 'country', REQUIRED)],
    gdpr ? validatePrivacyPolicy(p) : [],
    us ? validateUsPrivacy(p) : [],
    validateGoogleBasicConsent(p),
    copEnabled && !consentOrPayAvailable(p.cmpVersion, ctx.consentOrPayEnabled ?? true)
      ? [issue('consentOrPayConfig.enabled', 'available', CONSENT_OR_PAY_UNSUPPORTED)]
      : [],
    validateConsentOrPay(p.consentOrPayConfig, ctx.vendors),
  ]);
}
