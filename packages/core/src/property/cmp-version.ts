import { z } from 'zod';

/** A CMP version: a release number, or 'latest' (follows every new release). */
export const CmpVersion = z.union([
  z.literal('latest'),
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((v) => Number(v)),
]);
export type CmpVersion = 'latest' | number;
/** A version as forms and payloads may hold it (numeric strings included). */
export type CmpVersionInput = z.input<typeof CmpVersion>;

/** The release the runtime implements today; 'latest' resolves to it. */
export const LATEST_CMP_VERSION = 64;

/** The default CMP version of a new property (properties-and-tags §3). */
export const DEFAULT_CMP_VERSION: CmpVersion = 'latest';

/**
 * The first release that supports each feature. The spec fixes AMP (20), Google basic consent
 * (52), old versions (53 and earlier) and the MSPA footer link (60); the rest are recorded in
 * docs/decisions.md.
 */
export const CMP_FEATURE_SINCE = {
  amp: 20,
  tcf22: 40,
  googleBasicConsent: 52,
  /** Consent locations and US multi-state privacy (GPP/MSPA): the multi-regulation versions. */
  consentLocations: 54,
  gbcUrlPassthrough: 56,
  mspaFooterLink: 60,
  consentOrPay: 62,
  /** TCF 2.3: the disclosed-vendors segment is written. */
  tcf23: 64,
} as const;
export type CmpFeature = keyof typeof CMP_FEATURE_SINCE;

/** Versions 53 and earlier count as old (themes-and-bulk-update §9). */
export const LAST_OLD_CMP_VERSION = 53;

export const OLD_SDK_VERSION_LABEL = 'N/A (old SDK version)';

export const resolveCmpVersion = (version: CmpVersionInput): number =>
  version === 'latest' ? LATEST_CMP_VERSION : Number(version);

export const supportsFeature = (version: CmpVersionInput, feature: CmpFeature): boolean =>
  resolveCmpVersion(version) >= CMP_FEATURE_SINCE[feature];

export const isOldCmpVersion = (version: CmpVersionInput): boolean =>
  resolveCmpVersion(version) <= LAST_OLD_CMP_VERSION;

export const cmpVersionLabel = (version: CmpVersionInput): string =>
  version === 'latest' ? `Latest (v${LATEST_CMP_VERSION})` : `v${version}`;

export const CmpVersionInfo = z.object({
  version: z.union([z.literal('latest'), z.number().int().positive()]),
  label: z.string(),
  notes: z.string(),
});
export type CmpVersionInfo = z.infer<typeof CmpVersionInfo>;

/** The releases a publisher can pin, newest first, each with what it introduced. */
export const CMP_VERSIONS: readonly CmpVersionInfo[] = [
  { version: 'latest', label: cmpVersionLabel('latest'), notes: 'Always the newest release.' },
  { version: 64, label: 'v64', notes: 'TCF 2.3: disclosed-vendors segment.' },
  { version: 62, label: 'v62', notes: 'Consent or Pay.' },
  { version: 60, label: 'v60', notes: 'MSPA opt-out link in a footer element.' },
  {
    version: 56,
    label: 'v56',
    notes: 'Google basic consent: URL passthrough and ads data redaction.',
  },
  { version: 54, label: 'v54', notes: 'Consent locations and US multi-state privacy (GPP, MSPA).' },
  { version: 53, label: 'v53', notes: 'Old version: single regulation with requireConsentFrom.' },
  { version: 52, label: 'v52', notes: 'Google basic consent (Consent Mode v2).' },
  { version: 40, label: 'v40', notes: 'TCF 2.2.' },
  { version: 20, label: 'v20', notes: 'AMP support.' },
];
