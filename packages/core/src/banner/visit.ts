import type { BannerConfig, BannerGbc, ConsentModeSignal, VisitEvent } from './config';
import type { ReportBrowserCode, ReportOperatingSystemCode } from '../reports/vocabulary';
import type { VisitorRegion } from './rules';
import { regulationForConfig, usSectionNames } from './rules';

/**
 * What a visit event says about the page view, for the runtime (which posts it) and the server
 * (which records AMP page views answered from the stored choice). Free of zod, as rules.ts.
 */

/** Device, OS and browser from the user agent, minimally (reports group by these). */
export function parseUserAgent(ua: string): Pick<VisitEvent, 'd'> & {
  os: ReportOperatingSystemCode;
  b: ReportBrowserCode;
} {
  const d: VisitEvent['d'] = /iPad|Tablet|Android(?!.*Mobile)/i.test(ua)
    ? 't'
    : /Mobi|iPhone|Android/i.test(ua)
      ? 'm'
      : 'd';
  const os: ReportOperatingSystemCode = /Windows/i.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iOS'
      : /Android/i.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macOS'
          : /CrOS/i.test(ua)
            ? 'ChromeOS'
            : /Linux/i.test(ua)
              ? 'Linux'
              : 'Other';
  const b: ReportBrowserCode = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung'
        : /Firefox\/|FxiOS/.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS|Chromium/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Other';
  return { d, os, b };
}

export type VisitBase = Omit<VisitEvent, 'o' | 'ts' | 'x'>;

/** The Consent Mode signals a visit reports (the GBC metrics), in the order of the beacon's `g`. */
export const GBC_REPORTED_SIGNALS = [
  'ad_storage',
  'analytics_storage',
  'ad_user_data',
  'ad_personalization',
] as const satisfies readonly ConsentModeSignal[];

export type ConsentModeState = Partial<Record<ConsentModeSignal, 'granted' | 'denied'>>;

/**
 * Whether Google basic consent applies to a visitor: enabled, and the visitor in one of its gtag
 * regions (a country, or country-state such as US-CA; none listed means everywhere).
 */
export function gbcAppliesTo(gbc: BannerGbc | undefined, region: VisitorRegion): boolean {
  if (!gbc?.enabled) return false;
  if (!gbc.regions.length) return true;
  const country = region.country.toUpperCase();
  const codes = [country, ...(region.state ? [`${country}-${region.state.toUpperCase()}`] : [])];
  return gbc.regions.some((r) => codes.includes(r.toUpperCase()));
}

/**
 * The beacon's `g`: one letter per reported signal, g granted, d denied, - when the property does
 * not set that signal (Google basic consent sends only the configured ones). Without a state, the
 * publisher's defaults: what a visitor starts with.
 */
export function gbcVisitCode(gbc: BannerGbc, state?: ConsentModeState): string {
  return GBC_REPORTED_SIGNALS.map((id) => {
    const set = gbc.purposes.find((p) => p.id === id);
    const value = set && (state ? state[id] : set.default.toLowerCase());
    return value ? value[0] : '-';
  }).join('');
}

/**
 * The outcome of a page view under Google basic consent only, where nothing is asked: its
 * defaults' (every one granted: accept all, every one denied: reject all, else partial);
 * falsy where Google basic consent does not apply to the visitor.
 */
export function gbcDefaultOutcome(
  gbc: BannerGbc | undefined,
  region: VisitorRegion,
): 'a' | 'r' | 'p' | false | '' {
  // The beacon's letters of the defaults (the purposes are the reported signals).
  const g = gbcAppliesTo(gbc, region) && gbcVisitCode(gbc!);
  return g && (/g/.test(g) ? (/d/.test(g) ? 'p' : 'a') : 'r');
}

/**
 * What every visit event of a page view carries: property, theme, the regulation as the reports
 * key it (1 GDPR, 2 US national, 3 US state, 10 Google basic consent only, 0 none), the US state,
 * the page format (HTTP, or AMP for the AMP prompt), device, OS and browser. The runtime adds
 * Google basic consent's state (`g`, where `gbcAppliesTo` the visitor) and what it learns later.
 */
export function visitBase(
  config: BannerConfig,
  region: VisitorRegion,
  pageFormat: 'HTTP' | 'AMP',
  userAgent: string,
): VisitBase {
  const regulation = regulationForConfig(config, region);
  const us = regulation === 'US';
  const stateSection = us ? usSectionNames(config.us?.mspa, region.state)[1] : undefined;
  return {
    p: config.propertyId,
    t: config.themeId,
    r:
      regulation === 'GDPR'
        ? 1
        : us
          ? stateSection
            ? 3
            : 2
          : gbcAppliesTo(config.gbc, region)
            ? 10
            : 0,
    ...(region.state && us ? { s: region.state.toUpperCase().slice(0, 2) } : {}),
    f: pageFormat === 'AMP' ? 'A' : 'H',
    ...parseUserAgent(userAgent),
    ...(config.abVariant ? { v: config.abVariant } : {}),
  };
}

/** The visit event of a page view: its outcome, when, and `x: 1` when the stored choice answered it (not shown). */
export const visitEvent = (
  base: VisitBase,
  o: VisitEvent['o'],
  ts: number,
  existing = false,
): VisitEvent => ({ ...base, o, ts, ...(existing ? { x: 1 as const } : {}) });
