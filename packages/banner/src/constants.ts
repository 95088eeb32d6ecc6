/** Names the runtime shares with publishers' pages and vendors' scripts. */

export const TCF_API_VERSION = '2.2';
export const GPP_VERSION = '1.1';

/** GVL v3 has 11 purposes and 2 special features. */
export const PURPOSE_COUNT = 11;
export const SPECIAL_FEATURE_COUNT = 2;

/**
 * The newest TCF policy version the runtime encodes (TCF 2.3). Only a property without GDPR, which
 * has no vendor list in use, reports it (its `__tcfapi` answers gdprApplies false).
 */
export const NEWEST_TCF_POLICY_VERSION = 5;
