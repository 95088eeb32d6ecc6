import type { TcfRestrictionType } from '@assent/core/runtime';
import { BitReader, BitWriter, fromBase64Url } from '../bits';

/** Everything a TC string (core, disclosed vendors and publisher TC segments) carries. */
export interface TCModel {
  created: Date;
  lastUpdated: Date;
  cmpId: number;
  cmpVersion: number;
  /** 1 first layer, 2 second layer (a CMP-defined screen number). */
  consentScreen: number;
  consentLanguage: string;
  vendorListVersion: number;
  tcfPolicyVersion: number;
  isServiceSpecific: boolean;
  useNonStandardTexts: boolean;
  specialFeatureOptins: readonly number[];
  purposeConsents: readonly number[];
  purposeLegitimateInterests: readonly number[];
  purposeOneTreatment: boolean;
  publisherCC: string;
  vendorConsents: readonly number[];
  vendorLegitimateInterests: readonly number[];
  restrictions: ReadonlyArray<{
    purposeId: number;
    type: TcfRestrictionType;
    vendorIds: readonly number[];
  }>;
  /** Vendors shown to the user; written as the disclosed vendors segment when present. */
  disclosedVendors?: readonly number[];
  publisherTC?: {
    consents: readonly number[];
    legitimateInterests: readonly number[];
    numCustomPurposes: number;
    customConsents: readonly number[];
    customLegitimateInterests: readonly number[];
  };
}

const SEGMENT_DISCLOSED_VENDORS = 1;
const SEGMENT_PUBLISHER_TC = 3;

const decis = (d: Date) => Math.round(d.getTime() / 100);

/** Consecutive ids as [start, end] ranges. */
export function toRanges(ids: readonly number[]): Array<[number, number]> {
  // Vendor lists arrive sorted (GVL order); sort only when they are not.
  const ascending = ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0));
  const sorted = ascending ? ids : [...new Set(ids)].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (const id of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] + 1 === id) last[1] = id;
    else out.push([id, id]);
  }
  return out;
}

function writeRanges(w: BitWriter, ranges: ReadonlyArray<[number, number]>): void {
  w.int(ranges.length, 12);
  for (const [start, end] of ranges) {
    w.bool(start !== end).int(start, 16);
    if (start !== end) w.int(end, 16);
  }
}

const rangesBits = (ranges: ReadonlyArray<[number, number]>) =>
  12 + ranges.reduce((n, [s, e]) => n + (s === e ? 17 : 33), 0);

/** MaxVendorId, then a bit field or ranges, whichever is shorter. */
export function writeVendorSection(w: BitWriter, ids: readonly number[]): void {
  const max = ids.reduce((m, id) => Math.max(m, id), 0);
  const ranges = toRanges(ids);
  w.int(max, 16);
  if (rangesBits(ranges) < max) {
    w.bool(true);
    writeRanges(w, ranges);
  } else w.bool(false).field(ids, max);
}

function readRanges(r: BitReader): number[] {
  const ids: number[] = [];
  for (let n = r.int(12); n > 0; n--) {
    const isRange = r.bool();
    const start = r.int(16);
    const end = isRange ? r.int(16) : start;
    for (let id = start; id <= end; id++) ids.push(id);
  }
  return ids;
}

function readVendorSection(r: BitReader): number[] {
  const max = r.int(16);
  return r.bool() ? readRanges(r) : r.field(max);
}

/** How one field is written and read, and its width in bits (`undefined`: the length varies). */
export interface FieldCodec<T> {
  bits: number | undefined;
  write(w: BitWriter, value: T): void;
  read(r: BitReader): T;
}

const int = (bits: number): FieldCodec<number> => ({
  bits,
  write: (w, v) => void w.int(v, bits),
  read: (r) => r.int(bits),
});
const bool: FieldCodec<boolean> = {
  bits: 1,
  write: (w, v) => void w.bool(v),
  read: (r) => r.bool(),
};
/** Deciseconds since the epoch. */
const date: FieldCodec<Date> = {
  bits: 36,
  write: (w, d) => void w.int(decis(d), 36),
  read: (r) => new Date(r.int(36) * 100),
};
const letters: FieldCodec<string> = {
  bits: 12,
  write: (w, v) => void w.letters(v),
  read: (r) => r.letters(),
};
const bitField = (bits: number): FieldCodec<readonly number[]> => ({
  bits,
  write: (w, ids) => void w.field(ids, bits),
  read: (r) => r.field(bits),
});
const vendorSection: FieldCodec<readonly number[]> = {
  bits: undefined,
  write: writeVendorSection,
  read: readVendorSection,
};
/** NumPubRestrictions, then per purpose and type the vendors as ranges (empty ones left out). */
const restrictions: FieldCodec<TCModel['restrictions']> = {
  bits: undefined,
  write(w, all) {
    const kept = all.filter((x) => x.vendorIds.length);
    w.int(kept.length, 12);
    for (const x of kept) {
      w.int(x.purposeId, 6).int(x.type, 2);
      writeRanges(w, toRanges(x.vendorIds));
    }
  },
  read(r) {
    const out = [];
    for (let n = r.int(12); n > 0; n--) {
      const purposeId = r.int(6);
      const type = r.int(2) as TcfRestrictionType;
      out.push({ purposeId, type, vendorIds: readRanges(r) });
    }
    return out;
  },
};

const TC_VERSION = 2;
/** The version the string starts with: reading anything else throws. */
const version: FieldCodec<typeof TC_VERSION> = {
  bits: 6,
  write: (w) => void w.int(TC_VERSION, 6),
  read(r) {
    if (r.int(6) !== TC_VERSION) throw new SyntaxError('Not a TC string v2');
    return TC_VERSION;
  },
};

/** The core segment's fields: the model's, plus the version. */
type CoreModel = Omit<TCModel, 'disclosedVendors' | 'publisherTC'> & {
  version: typeof TC_VERSION;
};

/**
 * The core segment (TCF v2), in wire order: each field's codec and width. The encoder and the
 * decoder both walk this one table (as IAB's iabtcf-es walks its BitLength and FieldSequence).
 */
export const CORE_SEGMENT: { readonly [K in keyof CoreModel]-?: FieldCodec<CoreModel[K]> } = {
  version,
  created: date,
  lastUpdated: date,
  cmpId: int(12),
  cmpVersion: int(12),
  consentScreen: int(6),
  consentLanguage: letters,
  vendorListVersion: int(12),
  tcfPolicyVersion: int(6),
  isServiceSpecific: bool,
  useNonStandardTexts: bool,
  specialFeatureOptins: bitField(12),
  purposeConsents: bitField(24),
  purposeLegitimateInterests: bitField(24),
  purposeOneTreatment: bool,
  publisherCC: letters,
  vendorConsents: vendorSection,
  vendorLegitimateInterests: vendorSection,
  restrictions,
};

type CoreField = keyof CoreModel;
const CORE_FIELDS = Object.keys(CORE_SEGMENT) as CoreField[];

export function encodeCoreSegment(m: TCModel): string {
  const w = new BitWriter();
  const values: CoreModel = { ...m, version: TC_VERSION };
  for (const field of CORE_FIELDS)
    (CORE_SEGMENT[field] as FieldCodec<unknown>).write(w, values[field]);
  return w.base64url();
}

function decodeCoreSegment(r: BitReader): TCModel {
  const values: Partial<Record<CoreField, unknown>> = {};
  for (const field of CORE_FIELDS) values[field] = CORE_SEGMENT[field].read(r);
  const { version: _version, ...m } = values as CoreModel;
  return m;
}

/** The TC string: core segment, then disclosed vendors and publisher TC when the model has them. */
export function encodeTCString(m: TCModel): string {
  const segments = [encodeCoreSegment(m)];
  if (m.disclosedVendors) {
    const w = new BitWriter().int(SEGMENT_DISCLOSED_VENDORS, 3);
    writeVendorSection(w, m.disclosedVendors);
    segments.push(w.base64url());
  }
  const p = m.publisherTC;
  if (p) {
    const w = new BitWriter()
      .int(SEGMENT_PUBLISHER_TC, 3)
      .field(p.consents, 24)
      .field(p.legitimateInterests, 24)
      .int(p.numCustomPurposes, 6)
      .field(p.customConsents, p.numCustomPurposes)
      .field(p.customLegitimateInterests, p.numCustomPurposes);
    segments.push(w.base64url());
  }
  return segments.join('.');
}

/** Reads a stored TC string back into the model; throws on anything that is not a v2 string. */
export function decodeTCString(tcString: string): TCModel {
  const [core, ...rest] = tcString.split('.');
  const m = decodeCoreSegment(new BitReader(fromBase64Url(core ?? '')));
  for (const segment of rest) {
    const s = new BitReader(fromBase64Url(segment));
    const type = s.int(3);
    if (type === SEGMENT_DISCLOSED_VENDORS) m.disclosedVendors = readVendorSection(s);
    else if (type === SEGMENT_PUBLISHER_TC) {
      const consents = s.field(24);
      const legitimateInterests = s.field(24);
      const numCustomPurposes = s.int(6);
      m.publisherTC = {
        consents,
        legitimateInterests,
        numCustomPurposes,
        customConsents: s.field(numCustomPurposes),
        customLegitimateInterests: s.field(numCustomPurposes),
      };
    }
  }
  return m;
}
