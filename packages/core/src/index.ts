/**
 * @assent/core: the shared kernel every face uses (typed errors, validation results, messages,
 * formatting, countries and languages). Each domain has its own entry (`@assent/core/property`,
 * `@assent/core/theme`, ...); the consent runtime imports only `@assent/core/runtime`. No React, no
 * Node built-ins, no DOM. Explicit named exports only.
 */
export {
  COUNTRIES,
  COUNTRIES_BY_NAME,
  countryMatches,
  COUNTRIES_REQUIRING_CONSENT,
  CountryCode,
  countryName,
  EEA_COUNTRIES,
  EEA_SHORTHAND,
  expandCountries,
  MSPA_STATES,
  requiresConsentEverywhere,
  UsRegionCode,
} from './country';
export {
  ApiError,
  ApiErrorBody,
  AssentError,
  ErrorCode,
  errorMessageOf,
  toErrorBody,
  UNKNOWN_ERROR_BODY,
} from './errors';
export {
  addUtcDays,
  addUtcMonths,
  APP_REPORT_PERCENT_DECIMALS,
  BYTE_UNITS,
  CUSTOM_REPORT_PERCENT_DECIMALS,
  formatBytes,
  formatCompactNumber,
  formatMetricValue,
  formatPercent,
  formatUtcDate,
  formatUtcDateTime,
  formatInstant,
  formatUtcDay,
  isUtcDay,
  NOT_AVAILABLE,
  parseUtcDay,
  PERCENT_DECIMALS,
  startOfUtcDay,
  utcDaySpan,
} from './format';
export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LanguageCode, pickLanguage } from './language';
export {
  ERROR_BOUNDARY,
  INVALID_URL,
  LINK_TEXT_REQUIRED,
  LINK_URL_INVALID,
  LOADING,
  NO_ANGLE_BRACKETS,
  PAGE_NOT_FOUND,
  REQUIRED,
  RESTRICTED_ACCESS,
  RESTRICTED_ACCESS_TEXT,
  UNKNOWN_ERROR_MESSAGE,
  UNSAFE_CONTENT,
} from './messages';
export {
  collect,
  hasAngleBrackets,
  invalid,
  isBlank,
  isSafeLink,
  issue,
  issuesFromZod,
  issuesToFields,
  isUnsafeText,
  isValidEmail,
  isValidHost,
  isValidUrl,
  noAngleBrackets,
  required,
  valid,
} from './validation';
export type { Issue, Validation } from './validation';
export { consolePaths, HELP_CENTER_PATH, SiteDetailPage } from './paths';
export {
  findUnstorableText,
  hasControlCharacters,
  hasUnstorableCharacters,
  ONE_LINE_TEXT,
  oneLineText,
  UNSTORABLE_TEXT,
} from './text';
export {
  CUSTOM_VENDOR_TEXT_LIMITS,
  duplicateItem,
  LIST_LIMITS,
  listLimitIssues,
  PROPERTY_TEXT_LIMITS,
  TEXT_LIMITS,
  textLimitIssues,
  THEME_TEXT_LIMITS,
  tooLongText,
  tooManyItems,
} from './limits';
export { CONSOLE_CACHE_SECONDS } from './console-cache';
