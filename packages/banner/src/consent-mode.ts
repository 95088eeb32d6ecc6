import type { BannerGbc, ConsentModeSignal } from '@assent/core/runtime';
import type { Choices } from './tcf/consent';

type Value = 'granted' | 'denied';

/** Pushes a gtag() call: gtag reads the arguments object, not an array. */
export function gtag(win: Window, ...args: unknown[]): void {
  const w = win as unknown as { dataLayer?: unknown[] };
  const dl = (w.dataLayer ??= []);
  (function (..._a: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dl.push(arguments);
  })(...args);
}

/**
 * Consent mode signals from TCF choices (Google's TCF mapping): ad_storage needs purpose 1,
 * ad_user_data purposes 1 and 7, ad_personalization purposes 3 and 4, analytics_storage
 * purposes 1 and 8; functionality and personalization storage follow purpose 1.
 */
export function signalsFromChoices(c: Choices): Record<ConsentModeSignal, Value> {
  const p = (...ids: number[]): Value =>
    ids.every((id) => c.purposes.has(id)) ? 'granted' : 'denied';
  return {
    ad_storage: p(1),
    ad_user_data: p(1, 7),
    ad_personalization: p(3, 4),
    analytics_storage: p(1, 8),
    functionality_storage: p(1),
    personalization_storage: p(1),
    security_storage: 'granted',
  };
}

/** US opt-out (or GPC) denies the advertising signals; storage stays granted. */
export function signalsFromUsChoice(optedOut: boolean): Record<ConsentModeSignal, Value> {
  const ads: Value = optedOut ? 'denied' : 'granted';
  return {
    ad_storage: 'granted',
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: 'granted',
    functionality_storage: 'granted',
    personalization_storage: 'granted',
    security_storage: 'granted',
  };
}

/** `gtag('consent', 'update', …)` for the signals the publisher configured. */
export function updateConsentMode(
  win: Window,
  gbc: BannerGbc | undefined,
  signals: Record<ConsentModeSignal, Value>,
): Record<string, Value> | undefined {
  if (!gbc?.enabled) return undefined;
  const update: Record<string, Value> = {};
  for (const p of gbc.purposes) update[p.id] = signals[p.id];
  gtag(win, 'consent', 'update', update);
  return update;
}

/** The stub's consent mode options: one implementation, in core (the server builds the stub with it). */
