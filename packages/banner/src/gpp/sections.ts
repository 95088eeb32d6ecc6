/**
 * GPP section ids and US section layouts as tables (GPP 1.1 Sections; ids checked against
 * @iabgpp/cmpapi in tests). A layout lists field codes in wire order; every field is 2 bits except
 * the 6-bit version, and `sdp:N` / `kc:N` are lists of N two-bit values.
 *
 * Field codes: shN SharingNotice, saN SaleOptOutNotice, shON SharingOptOutNotice,
 * taN TargetedAdvertisingOptOutNotice, sdpN SensitiveDataProcessingOptOutNotice,
 * sdlN SensitiveDataLimitUseNotice, pN ProcessingNotice, sdN SensitiveDataOptOutNotice,
 * saO SaleOptOut, shO SharingOptOut, taO TargetedAdvertisingOptOut, sdp SensitiveDataProcessing,
 * kc KnownChildSensitiveDataConsents, pdc PersonalDataConsents, adc AdditionalDataProcessingConsent,
 * mct MspaCoveredTransaction, moom MspaOptOutOptionMode, mspm MspaServiceProviderMode.
 */

export const GPP_SECTION_IDS = {
  tcfeuv2: 2,
  uspv1: 6,
  usnat: 7,
  usca: 8,
  usva: 9,
  usco: 10,
  usut: 11,
  usct: 12,
  usfl: 13,
  usmt: 14,
  usor: 15,
  ustx: 16,
  usde: 17,
  usia: 18,
  usne: 19,
  usnh: 20,
  usnj: 21,
  ustn: 22,
} as const;
export type GppSectionName = keyof typeof GPP_SECTION_IDS;

export interface UsSectionLayout {
  version: number;
  fields: readonly string[];
  /** Whether the section has a GPC subsection. */
  gpc: boolean;
}

const MSPA = ['mct', 'moom', 'mspm'];
const STATE = (
  notice: string,
  sdp: number,
  kc: number,
  adc: boolean,
  gpc: boolean,
  extra: string[] = [],
) => ({
  version: 1,
  fields: [
    notice,
    'saN',
    'taN',
    ...extra,
    'saO',
    'taO',
    `sdp:${sdp}`,
    `kc:${kc}`,
    ...(adc ? ['adc'] : []),
    ...MSPA,
  ],
  gpc,
});

export const US_SECTIONS: Record<Exclude<GppSectionName, 'tcfeuv2' | 'uspv1'>, UsSectionLayout> = {
  usnat: {
    version: 2,
    fields: [
      'shN',
      'saN',
      'shON',
      'taN',
      'sdpN',
      'sdlN',
      'saO',
      'shO',
      'taO',
      'sdp:16',
      'kc:3',
      'pdc',
      ...MSPA,
    ],
    gpc: true,
  },
  usca: {
    version: 1,
    fields: ['saN', 'shON', 'sdlN', 'saO', 'shO', 'sdp:9', 'kc:2', 'pdc', ...MSPA],
    gpc: true,
  },
  usva: STATE('shN', 8, 1, false, false),
  usco: STATE('shN', 7, 1, false, true),
  usut: STATE('shN', 8, 1, false, false, ['sdpN']),
  usct: STATE('shN', 8, 3, false, true),
  usfl: STATE('pN', 8, 3, true, false),
  usmt: STATE('shN', 8, 3, true, true),
  usor: STATE('pN', 11, 3, true, true),
  ustx: STATE('pN', 8, 1, true, true),
  usde: STATE('pN', 9, 5, true, true),
  usia: STATE('pN', 8, 1, false, true, ['sdN']),
  usne: STATE('pN', 8, 1, true, true),
  usnh: STATE('pN', 8, 3, true, true),
  usnj: STATE('pN', 10, 5, true, true),
  ustn: STATE('pN', 8, 1, true, true),
};

/** GPP field names of the layout codes, for `getSection` / `getField`. */
export const US_FIELD_NAMES: Record<string, string> = {
  shN: 'SharingNotice',
  saN: 'SaleOptOutNotice',
  shON: 'SharingOptOutNotice',
  taN: 'TargetedAdvertisingOptOutNotice',
  sdpN: 'SensitiveDataProcessingOptOutNotice',
  sdlN: 'SensitiveDataLimitUseNotice',
  pN: 'ProcessingNotice',
  sdN: 'SensitiveDataOptOutNotice',
  saO: 'SaleOptOut',
  shO: 'SharingOptOut',
  taO: 'TargetedAdvertisingOptOut',
  sdp: 'SensitiveDataProcessing',
  kc: 'KnownChildSensitiveDataConsents',
  pdc: 'PersonalDataConsents',
  adc: 'AdditionalDataProcessingConsent',
  mct: 'MspaCoveredTransaction',
  moom: 'MspaOptOutOptionMode',
  mspm: 'MspaServiceProviderMode',
};
