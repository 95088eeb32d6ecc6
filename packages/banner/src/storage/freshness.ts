import type { BannerConfig } from '@assent/core/runtime';
import { decodeTCString } from '../tcf/tcstring';
import type { TCModel } from '../tcf/tcstring';
import type { StoredConsent } from './storage';

export interface StoredMeta {
  configVersion: string;
  outcome: 'a' | 'r' | 'p';
  savedAt: number;
  /** The consent id of the choice (its consent record); absent in metas of older runtimes. */
  consentId?: string;
  /** US: the sensitive-data categories consented to (a fifth field, ids joined by '.'). */
  sensitiveConsents?: readonly number[];
}

export const formatMeta = (m: StoredMeta): string =>
  `${m.configVersion}|${m.outcome}|${Math.floor(m.savedAt / 1000)}${m.consentId ? `|${m.consentId}` : ''}${m.consentId && m.sensitiveConsents?.length ? `|${m.sensitiveConsents.join('.')}` : ''}`;

export function parseMeta(meta: string | undefined): StoredMeta | undefined {
  const [configVersion, outcome, seconds, consentId, sensitive] = (meta ?? '').split('|');
  if (!configVersion || !['a', 'r', 'p'].includes(outcome ?? '') || !seconds) return undefined;
  return {
    configVersion,
    outcome: outcome as StoredMeta['outcome'],
    savedAt: Number(seconds) * 1000,
    ...(consentId ? { consentId } : {}),
    ...(sensitive ? { sensitiveConsents: sensitive.split('.').map(Number) } : {}),
  };
}

const DAY_MS = 24 * 3600 * 1000;

/** What to do with what is stored: use it, or ask again (and why). */
export type Freshness =
  | { use: true; meta: StoredMeta; model?: TCModel }
  | {
      use: false;
      reason: 'none' | 'configChanged' | 'policyChanged' | 'unreadable' | 'vendorListChanged';
    };

/**
 * Stored strings are discarded when the config (policy) version or the TCF policy version changed,
 * and the visitor is asked again once `repromtDaysAfterGvlUpdate` days have passed since their
 * choice when the vendor list has changed since.
 */
export function freshness(stored: StoredConsent, config: BannerConfig, now: Date): Freshness {
  const meta = parseMeta(stored.meta);
  if (!meta) return { use: false, reason: 'none' };
  if (meta.configVersion !== config.configVersion) return { use: false, reason: 'configChanged' };
  const gdpr = config.gdpr;
  if (!gdpr || !stored.tcString) return { use: true, meta };
  let model: TCModel;
  try {
    model = decodeTCString(stored.tcString);
  } catch {
    return { use: false, reason: 'unreadable' };
  }
  if (model.tcfPolicyVersion !== gdpr.tcfPolicyVersion)
    return { use: false, reason: 'policyChanged' };
  if (
    model.vendorListVersion < gdpr.vendorListVersion &&
    now.getTime() - model.lastUpdated.getTime() >= config.repromtDaysAfterGvlUpdate * DAY_MS
  )
    return { use: false, reason: 'vendorListChanged' };
  return { use: true, meta, model };
}
