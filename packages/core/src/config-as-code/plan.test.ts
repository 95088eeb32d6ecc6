import { describe, expect, it } from 'vitest';
import { DUPLICATE_PROPERTY, LOGO_URL_INVALID, REPROMPT_DAYS_RANGE } from '../property/messages';
import { COP_NO_NON_PERSONALISED_VENDORS } from '../property/consent-or-pay';
import type { PropertyDraft } from '../property/schema';
import { propertyIdentifier } from '../property/schema';
import { toSavePayload } from '../property/save-payload';
import { appValues, siteValues } from '../testing/property';
import { selectedVendorPurposes } from '../vendors/selection';
import type { ConfigDocument } from './document';
import { parseConfigDocument } from './document';
import type { LiveAccount, LiveProperty, LiveTheme } from './export';
import { toConfigDocument } from './export';
import { propertyListedTwice, unknownProperty, unknownPropertyUuid } from './messages';
import { documentEnablesConsentOrPay, planConfig, planHasChanges } from './plan';

const THEMES: LiveTheme[] = [
  { themeId: '1', themeName: 'Default theme', themeType: 'SITE' },
  { themeId: '2', themeName: 'Default app theme', themeType: 'APP' },
  { themeId: '7', themeName: 'Corporate', themeType: 'SITE' },
];

let nextId = 100;
const site = (overrides: PropertyDraft = {}): LiveProperty => {
  nextId += 1;
  return { ...toSavePayload(siteValues(overrides)), uuid: `uuid-${nextId}`, siteId: nextId };
};
const app = (overrides: PropertyDraft = {}): LiveProperty => {
  nextId += 1;
  return { ...toSavePayload(appValues(overrides)), uuid: `uuid-${nextId}`, siteId: nextId };
};

const liveAccount = (): LiveAccount => ({
  account: 'abc123',
  themes: THEMES,
  properties: [
    site({ url: 'news.example.com', publisherName: 'News', consentLocations: ['EEA', 'USA'] }),
    site({ url: 'blog.example.org', publisherName: 'Blog', themeId: '7', cmpVersion: 60 }),
    app({ packageId: 'com.example.app', publisherName: 'App' }),
  ],
});

/** A document as it would come back from YAML: plain data, read again. */
const reread = (document: ConfigDocument): ConfigDocument => {
  const parsed = parseConfigDocument(JSON.parse(JSON.stringify(document)));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
};

describe('toConfigDocument', () => {
  it('sorts properties, names themes and leaves out defaults and derived fields', () => {
    const document = toConfigDocument(liveAccount());
    expect(Object.keys(document.properties)).toEqual([
      'blog.example.org',
      'com.example.app',
      'news.example.com',
    ]);
    expect(document.themes).toEqual({
      Corporate: { type: 'site' },
      'Default app theme': { type: 'app' },
      'Default theme': { type: 'site' },
    });
    expect(document.properties['news.example.com']).toEqual({
      type: 'site',
      theme: 'Default theme',
      publisherName: 'News',
      consentLocations: ['EEA', 'USA'],
    });
    expect(document.properties['blog.example.org']).toMatchObject({ cmpVersion: 60 });
  });

  it('is stable: the same account gives the same document whatever the order of the list', () => {
    const live = liveAccount();
    const reversed = { ...live, properties: [...live.properties].reverse() };
    expect(JSON.stringify(toConfigDocument(reversed))).toBe(JSON.stringify(toConfigDocument(live)));
  });
});

describe('planConfig', () => {
  it('finds nothing to change right after an export', () => {
    const live = liveAccount();
    const plan = planConfig(reread(toConfigDocument(live)), live);
    expect(plan.problems).toEqual([]);
    expect(planHasChanges(plan)).toBe(false);
    expect(plan.unchanged).toHaveLength(3);
  });

  it('shows exactly the edited field with its old and new value', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['news.example.com']!.publisherCC = 'FR';
    const plan = planConfig(reread(document), live);
    expect(plan.updates).toEqual([
      expect.objectContaining({
        identifier: 'news.example.com',
        changes: [{ field: 'publisherCC', old: 'GB', new: 'FR' }],
        payload: { publisherCC: 'FR' },
      }),
    ]);
    expect(plan.creates).toEqual([]);
  });

  it('shows a theme change by name and sends the theme id', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['news.example.com']!.theme = 'Corporate';
    const [update] = planConfig(reread(document), live).updates;
    expect(update?.changes).toEqual([{ field: 'theme', old: 'Default theme', new: 'Corporate' }]);
    expect(update?.payload).toEqual({ themeId: '7' });
  });

  it('compares nested settings leaf by leaf', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['news.example.com']!.consentOrPayConfig = {
      callbacks: { action1: 'https://example.com/subscribe', action2: '' },
    };
    const [update] = planConfig(reread(document), live).updates;
    expect(update?.changes).toEqual([
      {
        field: 'consentOrPayConfig.callbacks.action1',
        old: '',
        new: 'https://example.com/subscribe',
      },
    ]);
  });

  it('plans the creation of a property the account lacks, with a hint for a near miss', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['new.example.com'] = {
      type: 'site',
      theme: 'Corporate',
      publisherName: 'New',
    };
    delete document.properties['blog.example.org'];
    document.properties['blog.exmple.org'] = { type: 'site', theme: 'Corporate' };
    const plan = planConfig(reread(document), live);
    expect(plan.creates.map((c) => c.identifier)).toEqual(['new.example.com', 'blog.exmple.org']);
    expect(plan.creates[0]?.fields).toContainEqual({ field: 'publisherName', old: '', new: 'New' });
    expect(plan.creates[1]?.didYouMean).toBe('blog.example.org');
  });

  it("reports a second spelling of an existing url with the spec's duplicate message", () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['News.Example.com'] = { type: 'site', theme: 'Corporate' };
    const plan = planConfig(reread(document), live);
    expect(plan.problems).toEqual([
      expect.objectContaining({
        kind: 'rule',
        path: ['properties', 'News.Example.com'],
        field: 'url',
        message: DUPLICATE_PROPERTY,
      }),
    ]);
    expect(plan.unchanged).toContain('news.example.com');
  });

  it('reports the rules the server would enforce, at the field of the document', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['blog.example.org']!.publisherLogoUrl = 'https://example.com/logo.txt';
    document.properties['news.example.com']!.repromtDaysAfterGvlUpdate = 400;
    const plan = planConfig(reread(document), live);
    expect(plan.updates).toEqual([]);
    expect(plan.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: ['properties', 'blog.example.org', 'publisherLogoUrl'],
          message: LOGO_URL_INVALID,
        }),
        expect.objectContaining({
          path: ['properties', 'news.example.com', 'repromtDaysAfterGvlUpdate'],
          message: REPROMPT_DAYS_RANGE,
        }),
      ]),
    );
  });

  it('refuses unknown themes and, when creating is off, unknown properties', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['news.example.com']!.theme = 'Corprate';
    document.properties['other.example.com'] = { type: 'site', theme: 'Corporate' };
    const plan = planConfig(reread(document), live, { allowCreate: false });
    expect(plan.problems.map((p) => [p.path.join('/'), p.message])).toEqual([
      [
        'properties/news.example.com/theme',
        "Unknown theme 'Corprate' (themes of this account: Default theme, Corporate)",
      ],
      ['properties/other.example.com', unknownProperty('other.example.com', 'abc123')],
    ]);
  });

  it('notes a value the save rules derive instead of the one written', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    document.properties['news.example.com']!.privacyModes = ['GDPR'];
    const plan = planConfig(reread(document), live);
    expect(planHasChanges(plan)).toBe(false);
    expect(plan.notes).toEqual([
      expect.objectContaining({ path: ['properties', 'news.example.com', 'privacyModes'] }),
    ]);
  });

  it('lists live properties the document leaves out as unmanaged', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    delete document.properties['com.example.app'];
    expect(planConfig(reread(document), live).unmanaged).toEqual(['com.example.app']);
  });

  it('reads a uuid key as an existing property, and refuses a uuid the account lacks', () => {
    const live = liveAccount();
    const uuid = '3f2b1c4e-9a8d-4e2f-b6a1-0c9d8e7f6a5b';
    live.properties = live.properties.map((p) =>
      propertyIdentifier(p) === 'news.example.com' ? { ...p, uuid } : p,
    );
    const document = toConfigDocument(live);
    const entry = document.properties['news.example.com']!;
    delete document.properties['news.example.com'];
    document.properties[uuid.toUpperCase()] = { ...entry, publisherCC: 'FR' };
    const missing = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    document.properties[missing] = { type: 'site', publisherName: 'Ghost' };
    const plan = planConfig(reread(document), live);
    expect(plan.updates).toEqual([
      expect.objectContaining({
        identifier: uuid.toUpperCase(),
        changes: [{ field: 'publisherCC', old: 'GB', new: 'FR' }],
      }),
    ]);
    expect(plan.creates).toEqual([]);
    expect(plan.problems).toEqual([
      expect.objectContaining({
        kind: 'reference',
        path: ['properties', missing],
        field: 'uuid',
        message: unknownPropertyUuid(missing, 'abc123'),
      }),
    ]);
  });

  it('refuses a uuid key naming a property the document already lists by url', () => {
    const live = liveAccount();
    const uuid = live.properties[0]!.uuid.replace(
      /^uuid-\d+$/,
      '11111111-2222-4333-8444-555555555555',
    );
    live.properties = [{ ...live.properties[0]!, uuid }, ...live.properties.slice(1)];
    const document = toConfigDocument(live);
    document.properties[uuid] = { type: 'site' };
    const plan = planConfig(reread(document), live);
    expect(plan.problems.map((p) => p.message)).toEqual([
      propertyListedTwice(uuid, 'news.example.com'),
    ]);
  });

  it('knows when the Consent-or-Pay vendor rule needs the vendors, and applies it', () => {
    const live = liveAccount();
    const document = toConfigDocument(live);
    expect(documentEnablesConsentOrPay(document)).toBe(false);
    document.properties['news.example.com']!.consentOrPayConfig = {
      enabled: true,
      countries: ['FR'],
    };
    expect(documentEnablesConsentOrPay(document)).toBe(true);
    const personalisedOnly = selectedVendorPurposes({ vendorIds: [4], customVendors: [] }, [
      { id: 4, purposes: [3, 4], legIntPurposes: [] },
    ]);
    const plan = planConfig(reread(document), live, {
      consentOrPayEnabled: true,
      vendors: personalisedOnly,
    });
    expect(plan.problems).toEqual([
      expect.objectContaining({
        path: ['properties', 'news.example.com', 'consentOrPayConfig', 'enabled'],
        message: COP_NO_NON_PERSONALISED_VENDORS,
      }),
    ]);
    const measured = selectedVendorPurposes(
      {
        vendorIds: [4],
        customVendors: [
          { id: 'c1', name: 'Ours', privacyPolicyUrl: '', purposes: [7], legIntPurposes: [] },
        ],
      },
      [{ id: 4, purposes: [3, 4], legIntPurposes: [] }],
    );
    expect(
      planConfig(reread(document), live, { consentOrPayEnabled: true, vendors: measured }).problems,
    ).toEqual([]);
  });
});
