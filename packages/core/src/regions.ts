/**
 * The regions the consent runtime decides on (the EEA, the MSPA states), as plain tables: this file
 * stays free of zod so the visitor's download holds only what it reads.
 */

/** The European Economic Area: the EU 27 plus Iceland, Liechtenstein and Norway. */
export const EEA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IS',
  'IE',
  'IT',
  'LV',
  'LI',
  'LT',
  'LU',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/**
 * The MSPA state frameworks, in the spec's order, with the US state code and the name of the GPP
 * section that carries the state's signal.
 */
export const MSPA_STATES = [
  { name: 'California', state: 'CA', gppSection: 'usca' },
  { name: 'Virginia', state: 'VA', gppSection: 'usva' },
  { name: 'Connecticut', state: 'CT', gppSection: 'usct' },
  { name: 'Colorado', state: 'CO', gppSection: 'usco' },
  { name: 'Utah', state: 'UT', gppSection: 'usut' },
  { name: 'Florida', state: 'FL', gppSection: 'usfl' },
  { name: 'Oregon', state: 'OR', gppSection: 'usor' },
  { name: 'Montana', state: 'MT', gppSection: 'usmt' },
  { name: 'Texas', state: 'TX', gppSection: 'ustx' },
  { name: 'Delaware', state: 'DE', gppSection: 'usde' },
  { name: 'Nebraska', state: 'NE', gppSection: 'usne' },
  { name: 'New Hampshire', state: 'NH', gppSection: 'usnh' },
  { name: 'New Jersey', state: 'NJ', gppSection: 'usnj' },
  { name: 'Tennessee', state: 'TN', gppSection: 'ustn' },
  { name: 'Iowa', state: 'IA', gppSection: 'usia' },
] as const;
