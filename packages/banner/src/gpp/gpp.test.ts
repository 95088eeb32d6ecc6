import { GppModel, Sections } from '@iabgpp/cmpapi';
import { describe, expect, it } from 'vitest';
import { MSPA_STATES } from '@assent/core';
import { bannerConfigFixture, usSignal } from '@assent/core/banner';
import type { BannerMspa } from '@assent/core/banner';
import { encodeTCString } from '../tcf/tcstring';
import { acceptAllChoices, toTCModel } from '../tcf/consent';
import { encodeGppHeader, encodeGppString, encodeUsSection } from './gpp';
import { GPP_SECTION_IDS, US_SECTIONS } from './sections';
import { USP_NOT_APPLICABLE, uspString } from './us';

const mspa = (over: Partial<BannerMspa> = {}): BannerMspa => ({
  coveredTransaction: true,
  jurisdiction: 'STATE_AND_NATIONAL',
  optOutPurposes: [1, 2, 3, 4],
  sensitiveDataCategories: [1, 5, 16],
  childSensitiveData: true,
  autoPopUp: true,
  ...over,
});

describe('GPP section ids', () => {
  it('match @iabgpp/cmpapi for every section we encode', () => {
    for (const [name, id] of Object.entries(GPP_SECTION_IDS)) {
      expect(Sections.SECTION_ID_NAME_MAP.get(id), name).toBe(name);
    }
  });

  it('cover every MSPA state framework of core', () => {
    for (const s of MSPA_STATES) expect(GPP_SECTION_IDS).toHaveProperty(s.gppSection);
  });
});

describe('GPP header (Fibonacci range)', () => {
  for (const ids of [
    [7],
    [2, 6],
    [6, 7, 8],
    [2, 7, 9, 10, 11, 20, 22],
    [2, 6, 7, 8, 9, 10, 11, 12],
  ]) {
    it(`section ids ${ids.join(',')} decode back`, () => {
      const header = encodeGppHeader(ids);
      const fakeSections = ids.map((id) => (id === 6 ? '1YNN' : id === 2 ? tcString() : us(id)));
      const model = new GppModel([header, ...fakeSections].join('~'));
      expect(model.getSectionIds()).toEqual(ids);
    });
  }
});

function tcString() {
  const gdpr = bannerConfigFixture().gdpr!;
  return encodeTCString(
    toTCModel(gdpr, acceptAllChoices(gdpr), {
      cmpId: 1,
      cmpVersion: 1,
      language: 'en',
      screen: 1,
      now: new Date(Date.UTC(2025, 0, 1)),
    }),
  );
}

function us(id: number) {
  const name = Sections.SECTION_ID_NAME_MAP.get(id) as keyof typeof US_SECTIONS;
  return encodeUsSection(name, usSignal(mspa(), { optedOut: false }, false));
}

describe('US sections, decoded by @iabgpp/cmpapi', () => {
  for (const name of Object.keys(US_SECTIONS) as Array<keyof typeof US_SECTIONS>) {
    for (const [label, optedOut, gpc] of [
      ['opted out', true, false],
      ['not opted out', false, false],
      ['GPC on', false, true],
    ] as const) {
      it(`${name}: ${label}`, () => {
        const signal = usSignal(mspa(), { optedOut }, gpc);
        const gpp = encodeGppString({ [name]: encodeUsSection(name, signal) });
        const model = new GppModel(gpp);
        expect(model.hasSection(name)).toBe(true);
        const get = (field: string) => model.getFieldValue(name, field) as unknown;
        const expectedOptOut = optedOut || gpc ? 1 : 2;
        expect(get('SaleOptOut')).toBe(expectedOptOut);
        // California has no targeted-advertising field: sharing carries it.
        expect(get(name === 'usca' ? 'SharingOptOut' : 'TargetedAdvertisingOptOut')).toBe(
          expectedOptOut,
        );
        expect(get('SaleOptOutNotice')).toBe(1);
        expect(get('MspaCoveredTransaction')).toBe(1);
        expect(get('MspaOptOutOptionMode')).toBe(1);
        expect(get('MspaServiceProviderMode')).toBe(2);
        const sdp = get('SensitiveDataProcessing') as number[] | undefined;
        if (name === 'usnat') {
          expect(get('Version')).toBe(2);
          expect(get('SharingOptOut')).toBe(expectedOptOut);
          // Sensitive data is consent: no consent (1) for the declared categories until the
          // visitor gives it, 0 for the others, whatever the opt-out.
          const expected = Array<number>(16).fill(0);
          for (const c of [1, 5, 16]) expected[c - 1] = 1;
          expect(sdp).toEqual(expected);
          // The banner never knows that a visitor is a child (issue 15 item 4).
          expect(get('KnownChildSensitiveDataConsents')).toEqual([0, 0, 0]);
        } else if (name === 'usca') {
          // California's right to limit stays an opt-out (its category 4 covers usnat 1).
          expect(sdp![3]).toBe(optedOut || gpc ? 1 : 2);
          expect(get('KnownChildSensitiveDataConsents')).toEqual([0, 0]);
        } else if (name === 'usva' || name === 'usco') {
          expect(sdp![0]).toBe(1);
          expect(sdp![4]).toBe(1);
          expect(sdp![1]).toBe(0);
          expect(get('KnownChildSensitiveDataConsents')).toBe(0);
        }
        if (US_SECTIONS[name].gpc) expect(get('Gpc')).toBe(gpc);
      });
    }
  }

  it('an opt-out purpose the publisher does not list is not applicable (0)', () => {
    const signal = usSignal(
      mspa({ optOutPurposes: [1], coveredTransaction: false }),
      { optedOut: true },
      false,
    );
    const model = new GppModel(encodeGppString({ usnat: encodeUsSection('usnat', signal) }));
    expect(model.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
    expect(model.getFieldValue('usnat', 'SharingOptOut')).toBe(0);
    expect(model.getFieldValue('usnat', 'TargetedAdvertisingOptOut')).toBe(0);
    expect(model.getFieldValue('usnat', 'MspaCoveredTransaction')).toBe(2);
    expect(model.getFieldValue('usnat', 'MspaOptOutOptionMode')).toBe(0);
  });
});

describe('Full GPP strings', () => {
  it('tcfeuv2, uspv1, usnat and a state section together decode', () => {
    const signal = usSignal(mspa(), { optedOut: true }, false);
    const gpp = encodeGppString({
      usca: encodeUsSection('usca', signal),
      usnat: encodeUsSection('usnat', signal),
      uspv1: '1YYN',
      tcfeuv2: tcString(),
    });
    const model = new GppModel(gpp);
    expect(model.getSectionIds()).toEqual([2, 6, 7, 8]);
    expect(model.getFieldValue('uspv1', 'OptOutSale')).toBe('Y');
    expect(model.getFieldValue('usca', 'SaleOptOut')).toBe(1);
    expect(model.getFieldValue('tcfeuv2', 'PurposeConsents')).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24].map(
        (p) => [1, 2, 3, 4, 7, 8, 9, 10].includes(p),
      ),
    );
    expect(model.encode()).toBe(gpp);
  });
});

describe('US privacy string', () => {
  const us = bannerConfigFixture().us!;
  it('is 1YNN / 1YYN for US visitors, with LSPA from the config', () => {
    expect(uspString(us, 'NY', false)).toBe('1YNN');
    expect(uspString(us, 'NY', true)).toBe('1YYN');
    expect(uspString({ ...us, uspLspact: true }, 'TX', true)).toBe('1YYY');
  });
  it('is 1--- when not applicable (USP off, or CA jurisdiction outside California)', () => {
    expect(uspString({ ...us, uspEnabled: false }, 'CA', true)).toBe(USP_NOT_APPLICABLE);
    expect(uspString({ ...us, uspJurisdiction: 'CA' }, 'NY', true)).toBe('1---');
    expect(uspString({ ...us, uspJurisdiction: 'CA' }, 'CA', true)).toBe('1YYN');
  });
});
