/** Names the runtime shares with publishers' pages and vendors' scripts. */

export const TCF_COOKIE = 'euconsent-v2';
export const USP_COOKIE = 'usprivacy';
export const GPP_COOKIE = 'assent-gpp';
/** Config version, outcome and time of the stored choice: `configVersion|outcome|epochSeconds`. */
export const META_COOKIE = 'assent-meta';
/** Cookies live 13 months (395 days), the usual maximum for consent. */
export const COOKIE_MAX_AGE_SECONDS = 395 * 24 * 3600;

export const TCF_API_VERSION = '2.2';
export const GPP_VERSION = '1.1';

/** GVL v3 has 11 purposes and 2 special features. */
export const PURPOSE_COUNT = 11;
export const SPECIAL_FEATURE_COUNT = 2;
