import { z } from 'zod';
import { ConsentModeSignal } from '../banner/config';

/**
 * Proof of consent: each visitor choice (accept all, reject all, save choices, a US opt-out or
 * not) is one consent record, sent by the runtime to `POST /banner/consent` and kept for
 * `ASSENT_CONSENT_RETENTION_DAYS`. The record carries the strings vendors received and the
 * choices they were made from; `consentChoicesInWords` makes them readable for the console and
 * the consent-log download.
 */

/** A consent record body is small; anything larger is refused before parsing (413). */
export const CONSENT_RECORD_BODY_LIMIT = 32 * 1024;

/** Messages of the consent beacon and the consent lookup. */
export const CONSENT_RECORD_BAD_BODY =
  'The consent record is not a ConsentRecordBeacon JSON object';
export const CONSENT_ID_RULE = 'a consent id (a UUID such as 3f2c…-…)';
export const TC_STRING_RULE =
  'a TC string (base64url segments joined by ".", starting with C, at most 8000 characters)';
export const GPP_STRING_RULE =
  'a GPP string (base64url sections joined by "~", starting with D, at most 8000 characters)';
export const USP_STRING_RULE = 'a US privacy string (1 then three of Y, N or -, e.g. 1YNN)';
export const CONSENT_RECORD_NOT_FOUND = 'No consent record of this account has this consent id';

/** The shapes of the strings a record carries (a decoder reads them; these keep junk out). */
export const TC_STRING_SHAPE = /^C[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
export const GPP_STRING_SHAPE = /^D[A-Za-z0-9_-]+(~[A-Za-z0-9_.-]*)*$/;
export const USP_STRING_SHAPE = /^1[-NY]{3}$/;
const MAX_STRING = 8000;

const CONSENT_ID_SHAPE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** A consent id as the visitor quotes it (a UUID; case and surrounding spaces do not matter). */
export const ConsentId = z
  .string({ error: CONSENT_ID_RULE })
  .trim()
  .toLowerCase()
  .regex(CONSENT_ID_SHAPE, CONSENT_ID_RULE);

const Ids = z.array(z.number().int().min(1).max(65535)).max(4096);

/** What the visitor chose, as the runtime applied it. GDPR lists are empty for a US choice. */
export const ConsentChoices = z.strictObject({
  /** a: accept all, r: reject all (or US opt-out), p: partial (saved choices). */
  outcome: z.enum(['a', 'r', 'p']),
  purposes: Ids,
  /** Purposes whose legitimate interest the visitor did not object to. */
  legitimateInterests: Ids,
  specialFeatures: Ids,
  vendors: Ids,
  vendorLegitimateInterests: Ids,
  /** Google ad-technology providers consented (AC string). */
  googleVendors: Ids,
  /** Non-IAB (custom) vendors consented, by id. */
  customVendors: z.array(z.string().min(1).max(64)).max(500),
  /** US: opted out of the sale and sharing of personal information (the US screen, or GPC). */
  usOptOut: z.boolean().optional(),
  /** The Consent Mode update sent to Google tags (only the signals the property configures). */
  consentMode: z.partialRecord(ConsentModeSignal, z.enum(['granted', 'denied'])).optional(),
});
export type ConsentChoices = z.infer<typeof ConsentChoices>;

/** The runtime's consent beacon: one per visitor choice. Unknown fields are refused. */
export const ConsentRecordBeacon = z.strictObject(
  {
    id: ConsentId,
    /** The property's uuid. */
    property: z.string().min(1).max(64),
    /** The banner configuration version the choice was made on. */
    configVersion: z.string().min(1).max(64),
    /** The vendor-list version the choice names vendors of (GDPR). */
    vendorListVersion: z.number().int().positive().max(100_000).optional(),
    tcString: z
      .string()
      .max(MAX_STRING, TC_STRING_RULE)
      .regex(TC_STRING_SHAPE, TC_STRING_RULE)
      .optional(),
    gppString: z
      .string()
      .max(MAX_STRING, GPP_STRING_RULE)
      .regex(GPP_STRING_SHAPE, GPP_STRING_RULE)
      .optional(),
    uspString: z.string().regex(USP_STRING_SHAPE, USP_STRING_RULE).optional(),
    choices: ConsentChoices,
  },
  // Not an object at all: the body's message; an unknown field keeps zod's, which names it.
  { error: (iss) => (iss.code === 'invalid_type' ? CONSENT_RECORD_BAD_BODY : undefined) },
);
export type ConsentRecordBeacon = z.infer<typeof ConsentRecordBeacon>;

/** One line of a record in words: a label and what the visitor chose. */
export const ConsentWordsLine = z.object({ label: z.string(), text: z.string() });
export type ConsentWordsLine = z.infer<typeof ConsentWordsLine>;

/** A stored consent record as the console shows it (scoped to the caller's account). */
export const ConsentRecord = z.object({
  id: z.string(),
  propertyUuid: z.string(),
  /** The property's url or package id, when the property still exists. */
  property: z.string().nullable(),
  createdAt: z.string(),
  configVersion: z.string(),
  vendorListVersion: z.number().int().nullable(),
  tcString: z.string().nullable(),
  gppString: z.string().nullable(),
  uspString: z.string().nullable(),
  country: z.string().nullable(),
  choices: ConsentChoices,
  words: z.array(ConsentWordsLine),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/** Names to write a record's choices with (the GVL of its version, the property's vendors). */
export interface ConsentNames {
  purposes?: Readonly<Record<number, string>>;
  specialFeatures?: Readonly<Record<number, string>>;
  vendors?: Readonly<Record<number, string>>;
  googleVendors?: Readonly<Record<number, string>>;
  customVendors?: Readonly<Record<string, string>>;
}

/** The labels of a record in words (console and CSV). */
export const CONSENT_WORDS = {
  outcome: 'Choice',
  purposes: 'Purposes consented',
  legitimateInterests: 'Legitimate interest not objected to',
  specialFeatures: 'Special features opted in',
  vendors: 'IAB vendors consented',
  vendorLegitimateInterests: 'IAB vendors, legitimate interest',
  googleVendors: 'Google providers consented',
  customVendors: 'Other vendors consented',
  consentMode: 'Google Consent Mode',
  none: 'none',
} as const;

export const CONSENT_OUTCOME_WORDS = {
  a: 'Accepted all',
  r: 'Rejected all',
  p: 'Saved own choices',
} as const;
export const US_OPTED_OUT = 'Opted out of the sale and sharing of personal information';
export const US_NOT_OPTED_OUT = 'Did not opt out of the sale and sharing of personal information';

const named = (
  ids: readonly (number | string)[],
  names: Readonly<Record<string | number, string>> | undefined,
  idFirst: boolean,
): string =>
  ids.length
    ? ids
        .map((id) => {
          const name = names?.[id];
          if (!name) return `#${id}`;
          return idFirst ? `${id} ${name}` : `${name} (${id})`;
        })
        .join('; ')
    : CONSENT_WORDS.none;

/**
 * A record's choices in words: the choice, then for a GDPR choice each list by name (purposes and
 * special features as "id name", vendors as "name (id)", an id without a known name as "#id"),
 * and the Consent Mode signals when some were sent. A US choice (`usOptOut` set) says whether the
 * visitor opted out.
 */
export function consentChoicesInWords(
  choices: ConsentChoices,
  names: ConsentNames = {},
): ConsentWordsLine[] {
  const c = choices;
  const lines: ConsentWordsLine[] = [];
  const add = (label: string, text: string) => lines.push({ label, text });
  if (c.usOptOut !== undefined) {
    add(CONSENT_WORDS.outcome, c.usOptOut ? US_OPTED_OUT : US_NOT_OPTED_OUT);
  } else {
    add(CONSENT_WORDS.outcome, CONSENT_OUTCOME_WORDS[c.outcome]);
    add(CONSENT_WORDS.purposes, named(c.purposes, names.purposes, true));
    add(CONSENT_WORDS.legitimateInterests, named(c.legitimateInterests, names.purposes, true));
    add(CONSENT_WORDS.specialFeatures, named(c.specialFeatures, names.specialFeatures, true));
    add(CONSENT_WORDS.vendors, named(c.vendors, names.vendors, false));
    add(
      CONSENT_WORDS.vendorLegitimateInterests,
      named(c.vendorLegitimateInterests, names.vendors, false),
    );
    if (c.googleVendors.length)
      add(CONSENT_WORDS.googleVendors, named(c.googleVendors, names.googleVendors, false));
    if (c.customVendors.length)
      add(CONSENT_WORDS.customVendors, named(c.customVendors, names.customVendors, false));
  }
  const signals = Object.entries(c.consentMode ?? {});
  if (signals.length)
    add(CONSENT_WORDS.consentMode, signals.map(([s, v]) => `${s} ${v}`).join(', '));
  return lines;
}

/** The words as one text (a CSV cell): "label: text" lines joined by " | ". */
export const consentWordsText = (lines: readonly ConsentWordsLine[]): string =>
  lines.map((l) => `${l.label}: ${l.text}`).join(' | ');

/** Consent records are kept 5 years by default (as the market leader keeps its proofs). */
export const DEFAULT_CONSENT_RETENTION_DAYS = 1826;
