import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unwrapSchema } from '../../config-as-code/schema-check';
import type { PropertyDraft } from '../../property/schema';
import {
  COMPILE_VENDOR_LIST,
  compileTestConfig as compile,
  compileProperty as property,
  compileTheme as theme,
} from '../../testing/banner-compile';
import { BannerConfig } from '../config';
import type { FieldEffect } from './config-version';
import { BANNER_CONFIG_FIELD_EFFECTS, bannerConfigVersion } from './config-version';

type Table = { readonly [key: string]: FieldEffect | Table };

/** Every classified field as a path, with its effect. */
const leaves = (table: Table, path: string[] = []): Array<[string[], FieldEffect]> =>
  Object.entries(table).flatMap(([key, effect]) =>
    typeof effect === 'string' ? [[[...path, key], effect]] : leaves(effect, [...path, key]),
  );

/** Every section of a full configuration: GDPR with restrictions, US with MSPA, GBC, CoP, group. */
const EVERYTHING: PropertyDraft = {
  ccpaViaUsp: true,
  uspLspact: 'Y',
  mspaPurposeIds: [1, 4],
  mspaSensitiveDataProcessing: 'yes',
  mspaSensitiveDataPurposeIds: [3, 8],
  gbcEnabled: true,
  gbcLocations: ['USA'],
  gbcApplicablePurposes: [{ id: 1, defaultValue: 'GRANTED' }],
  consentOrPayConfig: {
    enabled: true,
    countries: ['eea', 'gb'],
    callbackType: 'publisher',
    callbacks: {
      action1: 'https://news.example/subscribe',
      action2: 'https://news.example/login',
    },
    callbackRedirectMethod: 'NEW_TAB',
  },
  consentScope: 'service group',
  consentScopeGroupURL: 'https://group.example',
  thirdPartyStorageType: 'api',
};
const RESTRICTIONS = { publisherConsentRestrictionIds: [2, 7], publisherLIRestrictionIds: [2] };

describe('configVersion', () => {
  it('is the same as before the compiler was split (stored choices stay valid)', () => {
    // Versions the single-file compiler gave these inputs: a change here asks every visitor again.
    const inputs: PropertyDraft[] = [
      {},
      { consentLocations: ['EEA'], publisherCC: 'DE' },
      EVERYTHING,
    ];
    // Under a policy-5 vendor list (what the latest release wrote before item 11 took the
    // version from the list): today's lists keep their visitors' choices.
    const vendorList = { ...COMPILE_VENDOR_LIST, tcfPolicyVersion: 5 };
    const versions = inputs.map(
      (p) =>
        compile({ property: property(p), theme: theme(RESTRICTIONS), vendorList }).configVersion,
    );
    expect(versions).toEqual(['v2fqvnmsqljg', 'vrgu6mk922z', 'v18y73znna9']);
  });

  it('classifies every field of the banner configuration', () => {
    const unclassified: string[] = [];
    const walk = (schema: z.ZodType, table: Table, path: string) => {
      const object = unwrapSchema(schema);
      if (!(object instanceof z.ZodObject)) throw new Error(`${path} is not an object schema`);
      const shape = object.shape as Record<string, z.ZodType>;
      for (const [key, field] of Object.entries(shape)) {
        const effect = table[key];
        if (effect === undefined) unclassified.push(`${path}${key}`);
        else if (typeof effect !== 'string') walk(field, effect, `${path}${key}.`);
      }
      for (const key of Object.keys(table))
        if (!(key in shape)) unclassified.push(`${path}${key} (not a field)`);
    };
    walk(BannerConfig, BANNER_CONFIG_FIELD_EFFECTS, '');
    expect(unclassified).toEqual([]);
  });

  it('changes exactly when a reprompt field changes', () => {
    const config = compile({ property: property(EVERYTHING), theme: theme(RESTRICTIONS) });
    expect(config.gdpr && config.us?.mspa && config.gbc && config.consentOrPay).toBeTruthy();
    const base = bannerConfigVersion(config);
    expect(base).toBe(config.configVersion);
    const changed = leaves(BANNER_CONFIG_FIELD_EFFECTS)
      .filter(([path]) => path.join('.') !== 'configVersion')
      .map(([path, effect]) => {
        const copy = structuredClone(config) as unknown as Record<string, Record<string, unknown>>;
        const parent = path.slice(0, -1).reduce<Record<string, unknown>>((o, key) => {
          const next = o[key];
          if (!next || typeof next !== 'object') throw new Error(`${path.join('.')} has no parent`);
          return next as Record<string, unknown>;
        }, copy);
        parent[path[path.length - 1]!] = { changed: true };
        const version = bannerConfigVersion(copy as unknown as BannerConfig);
        return [path.join('.'), effect, version === base ? 'silent' : 'reprompt'];
      });
    expect(changed.filter(([, effect, seen]) => effect !== seen)).toEqual([]);
    expect(changed.filter(([, effect]) => effect === 'reprompt').length).toBeGreaterThan(10);
  });
});
