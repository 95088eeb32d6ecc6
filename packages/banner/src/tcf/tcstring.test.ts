import { BitLength, FieldSequence, Segment, TCString } from '@iabtechlabtcf/core';
import { describe, expect, it } from 'vitest';
import type { BannerConfig } from '@assent/core/banner';
import { vendorSets as setsOf } from '@assent/core/runtime';
import { packVendors } from '@assent/core/banner';
import { configFromGvl, GVL_FILES, readGvl } from '../../test/gvl';
import type { Choices } from './consent';
import {
  acStringOf,
  acceptAllChoices,
  choicesFromStored,
  outcomeOf,
  rejectAllChoices,
  restoredAcString,
  toTCModel,
  vendorConsentsOf,
} from './consent';
import type { TCModel } from './tcstring';
import { CORE_SEGMENT, decodeTCString, encodeTCString } from './tcstring';

const NOW = new Date(Date.UTC(2025, 5, 1, 12, 0, 0));
const ctx = { cmpId: 300, cmpVersion: 7, language: 'fr', screen: 2, now: NOW };

/** The ids set in an iabtcf Vector. */
const ids = (v: { forEach(cb: (value: boolean, id: number) => void): void }) => {
  const out: number[] = [];
  v.forEach((value, id) => {
    if (value) out.push(id);
  });
  return out.sort((a, b) => a - b);
};
const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

/** Decodes with IAB's library and compares every field with the model we encoded. */
function expectOracleAgrees(tc: string, m: TCModel) {
  const d = TCString.decode(tc);
  expect(d.version).toBe(2);
  expect(d.cmpId).toBe(m.cmpId);
  expect(d.cmpVersion).toBe(m.cmpVersion);
  expect(d.consentScreen).toBe(m.consentScreen);
  expect(d.consentLanguage).toBe(m.consentLanguage.toUpperCase());
  expect(d.vendorListVersion).toBe(m.vendorListVersion);
  expect(d.policyVersion).toBe(m.tcfPolicyVersion);
  expect(d.isServiceSpecific).toBe(m.isServiceSpecific);
  expect(d.useNonStandardTexts).toBe(false);
  expect(d.purposeOneTreatment).toBe(m.purposeOneTreatment);
  expect(d.publisherCountryCode).toBe(m.publisherCC);
  expect(d.created?.getTime()).toBe(m.created.getTime());
  expect(d.lastUpdated?.getTime()).toBe(m.lastUpdated.getTime());
  expect(ids(d.specialFeatureOptins)).toEqual(sorted(m.specialFeatureOptins));
  expect(ids(d.purposeConsents)).toEqual(sorted(m.purposeConsents));
  expect(ids(d.purposeLegitimateInterests)).toEqual(sorted(m.purposeLegitimateInterests));
  expect(ids(d.vendorConsents)).toEqual(sorted(m.vendorConsents));
  expect(ids(d.vendorLegitimateInterests)).toEqual(sorted(m.vendorLegitimateInterests));
  expect(ids(d.vendorsDisclosed)).toEqual(sorted(m.disclosedVendors ?? []));
  for (const r of m.restrictions) {
    for (const vendorId of r.vendorIds) {
      const found = d.publisherRestrictions
        .getRestrictions(vendorId)
        .some((x) => x.purposeId === r.purposeId && x.restrictionType === r.type);
      expect(found, `restriction ${r.purposeId}/${r.type} on ${vendorId}`).toBe(true);
    }
  }
  // iabtcf counts purpose/type pairs.
  expect(d.publisherRestrictions.numRestrictions).toBe(
    m.restrictions.filter((r) => r.vendorIds.length).length,
  );
  if (m.publisherTC) {
    expect(ids(d.publisherConsents)).toEqual(sorted(m.publisherTC.consents));
    expect(ids(d.publisherLegitimateInterests)).toEqual(sorted(m.publisherTC.legitimateInterests));
    expect(d.numCustomPurposes).toBe(m.publisherTC.numCustomPurposes);
    expect(ids(d.publisherCustomConsents)).toEqual(sorted(m.publisherTC.customConsents));
  }
  return d;
}

const vendorSets: Record<string, (ids: number[]) => number[]> = {
  'all active vendors': (ids) => ids,
  'the first ten': (ids) => ids.slice(0, 10),
  'every seventh (sparse: ranges)': (ids) => ids.filter((_, i) => i % 7 === 0),
  'two far apart': (ids) => [ids[0]!, ids[ids.length - 1]!],
  'a contiguous block': (ids) => ids.slice(20, 120),
};

describe('TC string encoder, decoded by @iabtechlabtcf/core on the real GVLs', () => {
  for (const file of GVL_FILES) {
    const gvl = readGvl(file);
    for (const [name, pick] of Object.entries(vendorSets)) {
      it(`${file}: ${name}, accept all and reject all`, () => {
        const config = configFromGvl(gvl, pick);
        const gdpr = config.gdpr!;
        for (const choices of [acceptAllChoices(gdpr), rejectAllChoices()]) {
          const m = toTCModel(gdpr, choices, ctx);
          const tc = encodeTCString(m);
          expectOracleAgrees(tc, m);
          expect(decodeTCString(tc)).toEqual(m);
        }
      });
    }
  }

  it('refuses a TC string cut inside its vendor bit field', () => {
    const gdpr = configFromGvl(readGvl(GVL_FILES[0]!), (ids) => ids).gdpr!;
    const m = toTCModel(gdpr, acceptAllChoices(gdpr), ctx);
    const core = encodeTCString(m).split('.')[0]!;
    expect(decodeTCString(core)).toEqual({ ...m, disclosedVendors: undefined });
    // 230 bits of fixed fields, then the vendor section: cut a few characters into it.
    expect(() => decodeTCString(core.slice(0, 45))).toThrow(RangeError);
  });

  it('accept all sets consent for every vendor asking it and never LI for purposes 3 to 6', () => {
    const config = configFromGvl(readGvl('gvl3-vendor-list.json'), (ids) => ids, {
      gdpr: {
        ...bannerGdpr(),
        legitimateInterestPurposes: [2, 3, 4, 5, 6, 7, 8, 9, 10],
      },
    });
    const gdpr = config.gdpr!;
    const m = toTCModel(gdpr, acceptAllChoices(gdpr), ctx);
    const d = expectOracleAgrees(encodeTCString(m), m);
    expect(ids(d.purposeLegitimateInterests)).toEqual([2, 7, 8, 9, 10]);
    expect(ids(d.vendorConsents)).toEqual(sorted([...acceptAllChoices(gdpr).vendors]));
    expect(ids(d.purposeConsents)).toEqual([1, 2, 3, 4, 7, 8, 9, 10]);
    expect(ids(d.specialFeatureOptins)).toEqual([1, 2]);
  });

  it('partial choices, restrictions of each type, publisher TC with custom purposes, policy 5', () => {
    const gvl = readGvl('gvl3-vendor-list-v17.json');
    const config: BannerConfig = configFromGvl(gvl, (ids) => ids.slice(0, 300), {
      gdpr: {
        ...bannerGdpr(),
        tcfPolicyVersion: 5,
        includeVendorsDisclosedSegment: false,
        purposeOneTreatment: true,
        publisherCC: 'DE',
        restrictions: [
          { purposeId: 2, type: 0, vendorIds: [1, 2, 3, 4, 5, 10] },
          { purposeId: 7, type: 1, vendorIds: [8, 9] },
          { purposeId: 10, type: 2, vendorIds: [21, 755, 1000] },
        ],
        publisherTC: {
          consents: [1, 3, 4],
          legitimateInterests: [2, 7],
          customPurposes: [
            { id: 1, legalBasis: 'CONSENT' },
            { id: 2, legalBasis: 'LEGITIMATE_INTEREST' },
            { id: 3, legalBasis: 'CONSENT' },
          ],
        },
      },
    });
    const gdpr = config.gdpr!;
    const choices: Choices = {
      purposes: new Set([1, 3, 9]),
      purposesLI: new Set([2, 7]),
      specialFeatures: new Set([2]),
      vendors: new Set([1, 2, 4, 6, 8, 10, 11, 21, 32, 755]),
      vendorsLI: new Set([2, 8, 11]),
      custom: new Set([3]),
      google: new Set(),
      others: new Set(),
    };
    const m = toTCModel(gdpr, choices, { ...ctx, created: new Date(Date.UTC(2024, 0, 1)) });
    expect(m.disclosedVendors, 'TCF 2.3 always discloses vendors').toBeDefined();
    const tc = encodeTCString(m);
    expect(tc.split('.')).toHaveLength(3);
    const d = expectOracleAgrees(tc, m);
    expect(ids(d.publisherConsents)).toEqual([1, 3]);
    expect(ids(d.publisherCustomConsents)).toEqual([3]);
    expect(ids(d.publisherCustomLegitimateInterests)).toEqual([2]);
    expect(choicesFromStored(decodeTCString(tc)).vendors).toEqual(
      new Set([...choices.vendors].filter((id) => setsOf(gdpr).ids.includes(id))),
    );
  });

  it('Google providers and non-IAB vendors: AC string, stored consents, outcome, restored toggles', () => {
    const gdpr = {
      ...bannerGdpr(),
      googleVendors: [9, 21, 89],
      customVendors: [
        { id: 'crm', name: 'CRM', policyUrl: '', purposes: [1], legIntPurposes: [] },
        { id: 'chat-1', name: 'Chat', policyUrl: '', purposes: [1], legIntPurposes: [] },
      ],
    };
    const all = acceptAllChoices(gdpr);
    expect(acStringOf(gdpr, all)).toBe('2~9.21.89~dv.');
    expect(vendorConsentsOf(gdpr, all)).toBe('1~crm.chat-1');
    expect(acStringOf(gdpr, rejectAllChoices())).toBe('2~~dv.9.21.89');
    expect(vendorConsentsOf(gdpr, rejectAllChoices())).toBe('1~');
    expect(acStringOf({ ...gdpr, googleVendors: [] }, all)).toBeUndefined();

    // Refusing one Google provider or one custom vendor makes the choice partial.
    const partial = { ...all, google: new Set([9, 89]) };
    expect(outcomeOf(gdpr, partial)).toBe('partial');
    expect(outcomeOf(gdpr, { ...all, others: new Set(['crm']) })).toBe('partial');
    expect(outcomeOf(gdpr, all)).toBe('acceptAll');

    const tc = encodeTCString(toTCModel(gdpr, partial, ctx));
    const back = choicesFromStored(decodeTCString(tc), {
      acString: acStringOf(gdpr, partial),
      vendorConsents: '1~chat-1',
    });
    expect(back.google).toEqual(new Set([9, 89]));
    expect(back.others).toEqual(new Set(['chat-1']));
    expect(choicesFromStored(decodeTCString(tc), { vendorConsents: 'junk' }).others.size).toBe(0);

    // On a later visit: a provider the publisher dropped leaves the string, a new one is not in it.
    const later = { ...gdpr, googleVendors: [9, 21, 300] };
    expect(restoredAcString(later, '2~9.89~dv.21')).toBe('2~9~dv.21');
    expect(restoredAcString(later, undefined)).toBeUndefined();
    expect(restoredAcString({ ...gdpr, googleVendors: [] }, '2~9~dv.21')).toBeUndefined();
  });

  it('chooses range encoding when it is shorter than a bit field', () => {
    const m = toTCModel(
      bannerGdprWith([1, 4000]),
      acceptAllChoices(bannerGdprWith([1, 4000])),
      ctx,
    );
    const short = encodeTCString({ ...m, disclosedVendors: undefined });
    const bitfieldBits = 4000;
    expect(short.length * 6).toBeLessThan(bitfieldBits);
    expectOracleAgrees(short, { ...m, disclosedVendors: [] });
  });
});

describe('the core segment table', () => {
  /** Our model's names for the fields iabtcf-es names differently. */
  const IAB_NAME: Record<string, string> = {
    tcfPolicyVersion: 'policyVersion',
    publisherCC: 'publisherCountryCode',
    restrictions: 'publisherRestrictions',
  };

  it("lists IAB's core fields in IAB's order, each with IAB's bit width", () => {
    const ours = Object.entries(CORE_SEGMENT).map(([field, codec]) => ({
      field: IAB_NAME[field] ?? field,
      bits: codec.bits,
    }));
    const widths = BitLength as unknown as Record<string, number | undefined>;
    const iab = new FieldSequence()['2'][Segment.CORE]!.map((field) => ({
      field,
      bits: widths[field],
    }));
    expect(ours).toEqual(iab);
  });

  it('refuses a string that does not start with version 2', () => {
    const m = toTCModel(bannerGdpr(), rejectAllChoices(), ctx);
    const tc = encodeTCString({ ...m, disclosedVendors: undefined });
    // The first character holds the 6-bit version: 'C' is 2, 'B' is 1.
    expect(tc[0]).toBe('C');
    expect(() => decodeTCString(`B${tc.slice(1)}`)).toThrow('Not a TC string v2');
  });
});

function bannerGdpr() {
  return configFromGvl(readGvl('gvl3-vendor-list.json'), (ids) => ids.slice(0, 1)).gdpr!;
}

function bannerGdprWith(vendorIds: number[]) {
  const gdpr = bannerGdpr();
  const declared = vendorIds.map(
    (id) => [id, 1, 2, 0, 0] as [number, number, number, number, number],
  );
  return { ...gdpr, vendors: packVendors({ ...gdpr, vendors: declared }) };
}
