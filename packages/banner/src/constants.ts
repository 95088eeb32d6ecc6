/** Names the runtime shares with publishers' pages and vendors' scripts. */

/** Cookies live 13 months (395 days), the usual maximum for consent. */
export const COOKIE_MAX_AGE_SECONDS = 395 * 24 * 3600;

export const TCF_API_VERSION = '2.2';
export const GPP_VERSION = '1.1';

/** GVL v3 has 11 purposes and 2 special features. */
export const PURPOSE_COUNT = 11;
export const SPECIAL_FEATURE_COUNT = 2;
