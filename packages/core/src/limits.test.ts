import { describe, expect, it } from 'vitest';
import {
  CUSTOM_VENDOR_TEXT_LIMITS,
  LIST_LIMITS,
  PROPERTY_TEXT_LIMITS,
  TEXT_LIMITS,
  duplicateItem,
  listLimitIssues,
  textLimitIssues,
  tooLongText,
  tooManyItems,
} from './limits';
import { validateDownloadLogs } from './audit-log/audit-log';
import {
  BulkUpdateRequest,
  bulkRequestLimitIssues,
  validateBulkFields,
} from './bulk-update/fields';
import { parseConfigDocument } from './config-as-code/document';
import { validateProperty } from './property/validate';
import { validateReportJobInput } from './reports/report-job';
import { buildReportJob, siteValues } from './testing';
import { validateTheme } from './theme/validate';
import type { Issue } from './validation';
import { issuesToFields } from './validation';
import { LanguageTexts, defaultAppTheme, defaultSiteTheme } from './theme/schema';
import { VendorSelection, validateVendorSelection } from './vendors/selection';

/** The fields of a refusal as the API answers them (the first message of each field). */
const fieldsOf = (result: { ok: boolean; issues?: Issue[] }) =>
  issuesToFields(result.ok ? [] : (result.issues ?? []));

describe('text and list limits (issue 19 item 9)', () => {
  it('names the field, the rule and the limit', () => {
    expect(textLimitIssues({ name: 'x'.repeat(11), other: 'x'.repeat(99) }, { name: 10 })).toEqual([
      { field: 'name', rule: 'maxLength', message: 'Please use no more than 10 characters.' },
    ]);
    expect(textLimitIssues({ name: 'x'.repeat(10) }, { name: 10 })).toEqual([]);
    expect(listLimitIssues('ids', [1, 2, 3, 4], 3)).toEqual([
      { field: 'ids', rule: 'maxItems', message: tooManyItems(3) },
    ]);
    expect(listLimitIssues('ids', [7, 8, 7], 3)).toEqual([
      { field: 'ids.2', rule: 'unique', message: duplicateItem('7') },
    ]);
  });

  it('refuses a 100,000-character publisher name or URL at a property save', () => {
    const site = siteValues({ publisherName: 'x'.repeat(100_000) });
    expect(fieldsOf(validateProperty(site))).toMatchObject({
      publisherName: tooLongText(TEXT_LIMITS.oneLine),
    });
    expect(
      fieldsOf(
        validateProperty(siteValues({ redirectUrl: `https://a.example/${'a'.repeat(3000)}` })),
      ),
    ).toMatchObject({ redirectUrl: tooLongText(TEXT_LIMITS.url) });
    expect(PROPERTY_TEXT_LIMITS.publisherName).toBe(255);
  });

  it('refuses a 100,000-character theme name and an oversized custom CSS at a theme save', () => {
    const theme = { ...defaultSiteTheme(), themeName: 'n'.repeat(100_000) };
    expect(fieldsOf(validateTheme(theme))).toMatchObject({
      themeName: tooLongText(TEXT_LIMITS.oneLine),
    });
    const css = { ...defaultSiteTheme(), themeName: 'T', uxCustomizedCss: 'a{}'.repeat(7000) };
    expect(fieldsOf(validateTheme(css))).toMatchObject({
      uxCustomizedCss: tooLongText(TEXT_LIMITS.customCss),
    });
  });

  it('bounds the vendor selection: custom vendors (each in every cmp.js), ids listed once', () => {
    const vendor = (id: string) => ({
      id,
      name: id,
      privacyPolicyUrl: `https://${id}.example/privacy`,
      purposes: [1],
      legIntPurposes: [],
    });
    const check = (value: object) =>
      fieldsOf(validateVendorSelection(VendorSelection.parse(value)));
    expect(
      check({
        customVendors: Array.from({ length: LIST_LIMITS.customVendors + 1 }, (_, i) =>
          vendor(`v${i}`),
        ),
      }),
    ).toEqual({ customVendors: tooManyItems(LIST_LIMITS.customVendors) });
    expect(
      check({
        customVendors: Array.from({ length: LIST_LIMITS.customVendors }, (_, i) => vendor(`v${i}`)),
      }),
    ).toEqual({});
    expect(check({ customVendors: [vendor('a'), vendor('a')] })).toEqual({
      'customVendors.1': duplicateItem('a'),
    });
    expect(check({ vendorIds: [755, 755], googleAtpIds: [1, 2, 1] })).toEqual({
      'vendorIds.1': duplicateItem('755'),
      'googleAtpIds.2': duplicateItem('1'),
    });
    expect(check({ customVendors: [{ ...vendor('b'), name: 'n'.repeat(100_000) }] })).toEqual({
      'customVendors.0.name': tooLongText(TEXT_LIMITS.customVendorName),
    });
    // The bound on what custom vendors add to cmp.js: count × (id + name + policy URL).
    const perVendor = Object.values(CUSTOM_VENDOR_TEXT_LIMITS).reduce((a, b) => a + b, 0);
    expect(LIST_LIMITS.customVendors * perVendor).toBeLessThan(320 * 1024);
  });

  it("refuses a property's lists over 64 items or with an id twice (purposes, stacks, features)", () => {
    expect(
      fieldsOf(
        validateProperty(siteValues({ purposeIdsV2: Array.from({ length: 100_000 }, () => 1) })),
      ),
    ).toMatchObject({ purposeIdsV2: tooManyItems(LIST_LIMITS.purposeIds) });
    expect(
      fieldsOf(
        validateProperty(
          siteValues({ stackIds: [1, 2, 1], features: [3, 3], specialPurposes: [1, 2] }),
        ),
      ),
    ).toMatchObject({ 'stackIds.2': duplicateItem('1'), 'features.1': duplicateItem('3') });
    const fields = fieldsOf(
      validateProperty(
        siteValues({
          gbcApplicablePurposes: [{ id: 1 }, { id: 1 }],
          consentLocations: ['EEA', 'EEA'],
        }),
      ),
    );
    expect(fields).toMatchObject({
      'gbcApplicablePurposes.1': duplicateItem('1'),
      'consentLocations.1': duplicateItem('EEA'),
    });
    expect(fieldsOf(validateProperty(siteValues({ specialPurposes: [1, 2] })))).toEqual({});
  });

  it('bounds every theme text: buttons, labels, links, colours, each language, app colours', () => {
    const site = defaultSiteTheme();
    const check = (theme: object) => fieldsOf(validateTheme({ ...site, themeName: 'T', ...theme }));
    const long = 'x'.repeat(100_000);
    expect(
      check({
        // The spec's 24 characters come first where the spec gives a limit (GDPR buttons).
        agreeButton: long,
        privacyModes: ['USP'],
        uspDnsText: long,
        uspDeleteDataLink: `https://a.example/${long}`,
        uspDnsTitleText: long,
        uxInitialScreenCustomLinks: [{ text: long, url: 'https://a.example/' }],
      }),
    ).toMatchObject({
      agreeButton: tooLongText(TEXT_LIMITS.oneLine),
      uspDnsText: tooLongText(TEXT_LIMITS.richText),
      uspDeleteDataLink: tooLongText(TEXT_LIMITS.url),
      uspDnsTitleText: tooLongText(TEXT_LIMITS.oneLine),
      'uxInitialScreenCustomLinks.0.text': tooLongText(TEXT_LIMITS.oneLine),
    });
    const entry = (language: string, extra: object = {}) =>
      LanguageTexts.parse({ language, ...extra });
    expect(
      check({
        advancedCustomizationSettings: [
          entry('en', { privacyBody: long, customFooterLink: [{ label: long, link: '' }] }),
          entry('de'),
          entry('en'),
        ],
      }),
    ).toMatchObject({
      'advancedCustomizationSettings.0.privacyBody': tooLongText(TEXT_LIMITS.richText),
      'advancedCustomizationSettings.0.customFooterLink.0.label': tooLongText(TEXT_LIMITS.oneLine),
      'advancedCustomizationSettings.2': duplicateItem('en'),
    });
    expect(
      check({ stacks: [{ stacks: 1, specialPurposes: [1, 1], features: [] }, { stacks: 1 }] }),
    ).toMatchObject({
      'stacks.1': duplicateItem('1'),
      'stacks.0.specialPurposes.1': duplicateItem('1'),
    });
    expect(check({ vendorPurposeIds: Array.from({ length: 65 }, (_, i) => i + 1) })).toEqual({
      vendorPurposeIds: tooManyItems(LIST_LIMITS.purposeIds),
    });
    const app = defaultAppTheme();
    expect(
      fieldsOf(
        validateTheme({
          ...app,
          themeName: 'A',
          // With GDPR off the hex rule does not look at the colours; the limit still does.
          privacyModes: ['USP'],
          lightModeColors: { ...app.lightModeColors, titleTextColor: long },
        }),
      ),
    ).toEqual({ 'lightModeColors.titleTextColor': tooLongText(TEXT_LIMITS.oneLine) });
  });

  it('bounds a report job: name, recipients, dimensions, metrics, filter values', () => {
    const { name, type, query, recipients } = buildReportJob();
    const check = (extra: object) =>
      fieldsOf(validateReportJobInput({ name, type, query, recipients, ...extra }));
    expect(check({})).toEqual({});
    expect(check({ name: 'r'.repeat(100_000) })).toEqual({
      name: tooLongText(TEXT_LIMITS.oneLine),
    });
    expect(
      check({ recipients: Array.from({ length: 51 }, (_, i) => `r${i}@example.com`) }),
    ).toMatchObject({ recipients: tooManyItems(LIST_LIMITS.reportRecipients) });
    expect(check({ recipients: ['a@example.com', 'A@example.com'] })).toEqual({
      'recipients.1': duplicateItem('a@example.com'),
    });
    expect(check({ recipients: [`${'a'.repeat(300)}@example.com`] })).toMatchObject({
      'recipients.0': tooLongText(TEXT_LIMITS.email),
    });
    const metric = query.metrics[0]!;
    expect(check({ query: { ...query, metrics: [metric, metric] } })).toEqual({
      'query.metrics.1': duplicateItem(metric),
    });
    expect(
      check({
        query: { ...query, dimensions: Array.from({ length: 100_000 }, (_, i) => `d${i}`) },
      }),
    ).toEqual({ 'query.dimensions': tooManyItems(LIST_LIMITS.reportDimensions) });
    const values = Array.from({ length: LIST_LIMITS.reportFilterValues + 1 }, (_, i) => i);
    expect(
      check({ query: { ...query, filters: [{ key: 'propertyId', operator: 'in', values }] } }),
    ).toEqual({ 'query.filters.0.values': tooManyItems(LIST_LIMITS.reportFilterValues) });
  });

  it('bounds a bulk update and an assent apply document: properties counted and listed once', () => {
    const request = (value: object) => BulkUpdateRequest.parse(value);
    const many = Array.from({ length: LIST_LIMITS.bulkProperties + 1 }, (_, i) => i + 1);
    expect(
      fieldsOf({ ok: false, issues: bulkRequestLimitIssues(request({ sites: many })) }),
    ).toEqual({ sites: tooManyItems(LIST_LIMITS.bulkProperties) });
    expect(
      bulkRequestLimitIssues(
        request({
          sites: [4, 5, 4],
          items: [
            { siteId: 7, changes: {} },
            { siteId: 7, changes: {} },
          ],
        }),
      ),
    ).toEqual([
      { field: 'sites.2', rule: 'unique', message: duplicateItem('4') },
      { field: 'items.1', rule: 'unique', message: duplicateItem('7') },
    ]);
    expect(
      bulkRequestLimitIssues(request({ sites: [1, 2], items: [{ siteId: 1, changes: {} }] })),
    ).toEqual([]);
    expect(
      fieldsOf(
        validateBulkFields({
          purposeIds: [1, 1],
          consentScopeGroupURL: `https://g.example/${'g'.repeat(3000)}`,
          customFooterLinks: [{ text: 't'.repeat(300), url: 'https://a.example/' }],
        }),
      ),
    ).toMatchObject({
      'purposeIds.1': duplicateItem('1'),
      consentScopeGroupURL: tooLongText(TEXT_LIMITS.url),
      'customFooterLinks.0.text': tooLongText(TEXT_LIMITS.oneLine),
    });
    const properties = Object.fromEntries(
      Array.from({ length: LIST_LIMITS.bulkProperties + 1 }, (_, i) => [`s${i}.example.com`, {}]),
    );
    expect(parseConfigDocument({ assent: 1, account: 'abc', properties })).toEqual({
      ok: false,
      issues: [{ path: ['properties'], message: tooManyItems(LIST_LIMITS.bulkProperties) }],
    });
  });

  it('bounds the audit-log url at 2048 characters', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const ok = { endDate: '2026-11-01', daysBack: 30 };
    expect(validateDownloadLogs({ ...ok, url: 'news.example.com' }, now).ok).toBe(true);
    expect(
      fieldsOf(validateDownloadLogs({ ...ok, url: `a.example/${'a'.repeat(3000)}` }, now)),
    ).toEqual({
      url: tooLongText(TEXT_LIMITS.url),
    });
  });
});
