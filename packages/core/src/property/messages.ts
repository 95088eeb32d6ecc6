/**
 * The property area's messages (properties-and-tags §4, §5, §8), verbatim. Where the spec's wording
 * is "not shown", the wording here is ours (docs/decisions.md).
 */

/** A site url starting with a scheme: the spec's wording, with its {host} placeholder. */
export const SITE_URL_HAS_SCHEME_TEMPLATE = 'Oops, remove http:// or {host}';
/** The scheme message with {host} filled in. */
export const siteUrlHasSchemeMessage = (host: string): string =>
  SITE_URL_HAS_SCHEME_TEMPLATE.replace('{host}', host);
/** The message the url rule gives: {host} names the other scheme to remove (docs/decisions.md). */
export const SITE_URL_HAS_SCHEME = siteUrlHasSchemeMessage('https://');
export const SITE_URL_INVALID = 'URL field is not valid.';
export const DUPLICATE_PROPERTY = 'Oops, this URL already exists. Please update your Site URL.';
export const PACKAGE_ID_INVALID = 'Please enter a valid package ID';

export const LOGO_URL_INVALID =
  'Please enter a valid image URL (PNG, JPG, JPEG, GIF, BMP, SVG or SVGI)';
export const REGULATION_REQUIRED = 'Please select at least one regulation';
export const AMP_VERSION_UNSUPPORTED =
  'This version does not support AMP, please select v20 or newer to enable it';
export const AMP_CONSENT_SCOPE_INVALID =
  "Invalid consent scope for AMP sites. Please use 'Your site only'";
export const REPROMPT_DAYS_RANGE = 'Please enter a number of days from 0 to 350';
export const REPROMPT_DAYS_MINIMUM = 'The minimum is 6 days';
export const PRIVACY_POLICY_REQUIRED = 'Privacy policy is required';
export const MSPA_PURPOSES_REQUIRED =
  'Please select at least one opt-out purpose (sale, sharing, targeted advertising or personal data processing)';
export const GBC_PURPOSE_REQUIRED = 'Please select at least one purpose';
export const GBC_DEFAULT_UNCHECKED = 'A default value can only be set for a selected purpose';
export const GBC_VERSION_UNSUPPORTED = 'Google basic consent is available from version 52';
export const GBC_ADVANCED_UNSUPPORTED =
  'URL passthrough and ads data redaction are available from version 56';
export const CONSENT_OR_PAY_UNSUPPORTED =
  'Consent or Pay is not available for this CMP version or account';
export const GROUP_STORAGE_REQUIRED = 'Please choose where group consent is stored';
export const FOOTER_LINK_UNSUPPORTED = "The 'link' option is available from version 60";
/** 'I define' under the global scope (our wording, docs/decisions.md). */
export const LEGAL_BASIS_SCOPE_UNSUPPORTED =
  "'I define' is available only for the 'Your site only' and 'Group of sites' consent scopes";
export const CONSENT_SCOPE_UNSUPPORTED = "Apps support only the 'Your app only' consent scope";
export const THEME_TYPE_MISMATCH = 'Please choose a theme made for this type of property';
/** A theme id that is not one of the account's themes (another account's, deleted or made up). */
export const THEME_NOT_IN_ACCOUNT =
  "This theme is not one of your account's themes: please choose one of your themes";

/** Warnings (not blocking), properties-and-tags §5. */
export const WARNING_GDPR_AND_US =
  'You selected both GDPR and US regulations: US regulation takes precedence and GDPR consent is not collected from US users.';
export const WARNING_SINGLE_ENCODING =
  'We recommend TCF and GPP together, because some ad networks may support GPP only.';
/**
 * AMP (issue 15 item 5): amp-consent knows the TC string (type 2) and the US Privacy string (type 3),
 * not GPP. The spec's 'TCF and GPP is not supported on AMP' still holds (an AMP page keeps one
 * string); the string kept is the TC string (docs/decisions.md).
 */
export const WARNING_AMP_TCF_AND_GPP =
  'TCF and GPP is not supported on AMP: AMP pages store only the TC string, because amp-consent reads no GPP string. Your other pages store both.';
export const WARNING_AMP_US =
  'On AMP pages, US visitors get the US Privacy string only: amp-consent reads no GPP string, so the US sections (usnat and the states) are not sent there.';
/** GPP alone on an AMP site with GDPR: refused, since amp-consent cannot carry it. */
export const AMP_GPP_ONLY_UNSUPPORTED =
  "GPP alone is not supported on AMP: amp-consent reads the TC string, not GPP. Please choose 'TCF' or 'TCF and GPP'.";
export const WARNING_USP_DEPRECATED =
  'The US Privacy string was deprecated by the IAB on 31 January 2024; use it only if your partners still read it.';

export const PENDING_UPDATES =
  'The property has pending updates and therefore changes cannot be saved.';
export const NOT_ABLE_TO_DELETE = 'Not able to delete';

export const APP_CREATE_ERROR = 'There was an error creating your app';
export const UNEXPECTED_ERROR = 'There was an unexpected error, please try again later';
/** Site save failure: wording not shown in the spec. */
export const SITE_SAVE_ERROR = 'There was an error saving your site';

export const REPORT_ERROR_TITLE = 'Something went wrong';
export const REPORT_ERROR_TEXT =
  'This was an error in pulling data for this page. Please try again or contact your representative.';

export const UNIVERSAL_TAG_WARNING =
  'Congrats on adding your property! Next, retrieve the Universal Tag.';
export const UNIVERSAL_TAG_WARNING_NOTE = 'The alert may take up to 24 hours to turn green.';
/** The warning once the added site's tag has reported banners (wording ours). */
export const universalTagDetected = (url: string): string =>
  `Your tag is live: ${url} shows the consent banner.`;
export const DOCUMENTATION_ALERT = 'Help Us Improve Our Documentation!';
export const PROPERTY_NAMES_COPIED = 'The properties names were copied!';
export const TAG_COPIED = 'The tag has been copied';

export const deletePropertyConfirmation = (kind: 'site' | 'app'): string =>
  `Are you sure you want to delete this ${kind}? This is irreversible.`;
/** The delete dialog's title, confirm button and success alert (wording ours: spec silent). */
export const DELETE_PROPERTY_TITLE = 'Delete property';
export const DELETE_PROPERTY_CONFIRM = 'DELETE';
export const propertyDeleted = (name: string): string => `${name} was deleted.`;

export const PROPERTIES_TITLE = 'Properties protected by CMP';
/** The back link of the site and app pages (properties-and-tags §2). */
export const BACK_TO_ALL_PROPERTIES = 'Back to all properties';
export const SITE_REPORT_PERIOD = 'Report period: Last 30 days';
export const PREMIUM_BANNER = 'CMP Premium coming soon';
export const PREMIUM_BANNER_BUTTON = 'Unlock Premium for FREE';
export const TAKE_SURVEY = 'TAKE QUICK SURVEY';

/** A/B tests of themes (not in the spec: docs/decisions.md). */
export const AB_TEST_TOO_FEW_VARIANTS = 'An A/B test needs at least two variants';
export const AB_TEST_TOO_MANY_VARIANTS = 'An A/B test has at most 5 variants';
export const AB_TEST_NAME_INVALID =
  'A variant name has 1 to 32 letters, digits, spaces, dots, dashes or underscores';
export const AB_TEST_NAME_DUPLICATE = 'Each variant needs a name of its own';
export const AB_TEST_TRAFFIC_INVALID = 'A traffic share is a whole percentage from 1 to 99';
export const AB_TEST_TRAFFIC_TOTAL = 'The traffic shares of the variants must add up to 100';
