import type { TcfRestrictionType } from '@assent/core';
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

export function encodeCoreSegment(m: TCModel): string {
  const w = new BitWriter()
    .int(2, 6)
    .int(decis(m.created), 36)
    .int(decis(m.lastUpdated), 36)
    .int(m.cmpId, 12)
    .int(m.cmpVersion, 12)
    .int(m.consentScreen, 6)
    .letters(m.consentLanguage)
    .int(m.vendorListVersion, 12)
    .int(m.tcfPolicyVersion, 6)
    .bool(m.isServiceSpecific)
    .bool(m.useNonStandardTexts)
    .field(m.specialFeatureOptins, 12)
    .field(m.purposeConsents, 24)
    .field(m.purposeLegitimateInterests, 24)
    .bool(m.purposeOneTreatment)
    .letters(m.publisherCC);
  writeVendorSection(w, m.vendorConsents);
  writeVendorSection(w, m.vendorLegitimateInterests);
  const restrictions = m.restrictions.filter((x) => x.vendorIds.length);
  w.int(restrictions.length, 12);
  for (const x of restrictions) {
    w.int(x.purposeId, 6).int(x.type, 2);
    writeRanges(w, toRanges(x.vendorIds));
  }
  return w.base64url();
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
  const r = new BitReader(fromBase64Url(core ?? ''));
  if (r.int(6) !== 2) throw new SyntaxError('Not a TC string v2');
  const m: TCModel = {
    created: new Date(r.int(36) * 100),
    lastUpdated: new Date(r.int(36) * 100),
    cmpId: r.int(12),
    cmpVersion: r.int(12),
    consentScreen: r.int(6),
    consentLanguage: r.letters(),
    vendorListVersion: r.int(12),
    tcfPolicyVersion: r.int(6),
    isServiceSpecific: r.bool(),
    useNonStandardTexts: r.bool(),
    specialFeatureOptins: r.field(12),
    purposeConsents: r.field(24),
    purposeLegitimateInterests: r.field(24),
    purposeOneTreatment: r.bool(),
    publisherCC: r.letters(),
    vendorConsents: readVendorSection(r),
    vendorLegitimateInterests: readVendorSection(r),
    restrictions: [],
  };
  const restrictions = [];
  for (let n = r.int(12); n > 0; n--) {
    const purposeId = r.int(6);
    const type = r.int(2) as TcfRestrictionType;
    restrictions.push({ purposeId, type, vendorIds: readRanges(r) });
  }
  m.restrictions = restrictions;
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
