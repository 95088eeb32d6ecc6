/** The labels of Find consent (properties list button and dialog; our wording, docs/decisions.md). */
export const FIND_CONSENT = 'FIND CONSENT';
export const FIND_CONSENT_TITLE = 'Find consent';
export const CONSENT_ID_LABEL = 'Consent ID';
export const FIND = 'FIND';
export const CONSENT_ID_HELP =
  "The id a visitor reads in the banner's settings, or the consent_id column of a downloaded log.";
