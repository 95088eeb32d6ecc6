import { LIST_LIMITS, TEXT_LIMITS, duplicateItem, tooLongText, tooManyItems } from '@assent/core';
import { TOKEN_NAME_TOO_LONG } from '@assent/core/account';
import type { Property } from '@assent/core/property';
import type { ReportJobInput } from '@assent/core/reports';
import type { Theme } from '@assent/core/theme';
import { LanguageTexts } from '@assent/core/theme';
import { VendorSelection } from '@assent/core/vendors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorSelections } from '../src/repositories/vendors';
import type { Boot } from './boot-json';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/**
 * Issue 19 item 9: 100,000-character names were stored, 100,000 duplicate ids kept, and 3,000
 * custom vendors made every visitor's cmp.js 352 KB. Each refusal is a 400 naming the field and
 * the rule, and nothing is stored.
 */
describe.each(stores())('length and count limits (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store);
    user = await server.user();
  });
  afterAll(() => server?.close());

  const fields = (body: string) => (JSON.parse(body) as { fields: Record<string, string> }).fields;
  const customVendor = (i: number) => ({
    id: `cv-${i}`,
    name: `Vendor ${i}`,
    privacyPolicyUrl: `https://vendor-${i}.example/privacy`,
    purposes: [1],
  });
  const saveSelection = (body: object) =>
    server.request({
      method: 'PUT',
      url: `/customization/v2/vendors/selection?pCode=${user.pcode}`,
      payload: body,
      as: user,
    });

  it('properties: refuses a 100,000-character publisher name or URL, naming the field', async () => {
    const create = (extra: object) =>
      server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { themeId: '1', url: 'limits.example.com', publisherName: 'News', ...extra },
        as: user,
      });
    const name = await create({ publisherName: 'x'.repeat(100_000) });
    expect(name.statusCode).toBe(400);
    expect(fields(name.body)).toEqual({ publisherName: tooLongText(TEXT_LIMITS.oneLine) });
    const logo = await create({ publisherLogoUrl: `https://cdn.example/${'a'.repeat(100_000)}` });
    expect(fields(logo.body)).toEqual({ publisherLogoUrl: tooLongText(TEXT_LIMITS.url) });
    const list = await server.request({
      url: `/customization/v2/site?pCode=${user.pcode}`,
      as: user,
    });
    expect(list.body).not.toContain('limits.example.com');
    // At the limit it is taken.
    expect((await create({ publisherName: 'x'.repeat(TEXT_LIMITS.oneLine) })).statusCode).toBe(201);
  });

  it('vendors: refuses 3,000 custom vendors, a repeated custom vendor id and duplicate vendor ids', async () => {
    const many = await saveSelection({
      customVendors: Array.from({ length: 3000 }, (_, i) => customVendor(i)),
    });
    expect(many.statusCode).toBe(400);
    expect(fields(many.body)).toEqual({ customVendors: tooManyItems(LIST_LIMITS.customVendors) });

    const twice = await saveSelection({ customVendors: [customVendor(1), customVendor(1)] });
    expect(fields(twice.body)).toEqual({ 'customVendors.1': duplicateItem('cv-1') });

    const duplicates = await saveSelection({ vendorIds: Array.from({ length: 5 }, () => 755) });
    expect(fields(duplicates.body)).toMatchObject({ 'vendorIds.1': duplicateItem('755') });

    const longName = await saveSelection({
      customVendors: [{ ...customVendor(2), name: 'n'.repeat(100_000) }],
    });
    expect(fields(longName.body)).toEqual({
      'customVendors.0.name': tooLongText(TEXT_LIMITS.customVendorName),
    });
    const stored = await server.request({
      url: `/customization/v2/vendors/selection?pCode=${user.pcode}`,
      as: user,
    });
    expect(json<{ customVendors: unknown[] }>(stored).customVendors).toEqual([]);

    // The most the account may declare is taken.
    const most = await saveSelection({
      customVendors: Array.from({ length: LIST_LIMITS.customVendors }, (_, i) => customVendor(i)),
    });
    expect(most.statusCode, most.body.slice(0, 300)).toBe(200);
  });

  const createSite = async (as: TestUser, url: string): Promise<Property> => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${as.pcode}`,
      payload: { themeId: '1', url, publisherName: 'News' },
      as,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<Property>(res);
  };

  it("properties: refuses a site's purposes, stacks and features over 64 or listed twice", async () => {
    const create = (extra: object) =>
      server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: {
          themeId: '1',
          url: 'lists.example.com',
          publisherName: 'News',
          noLegalBasis: false,
          gdprPrivacyLink: 'https://lists.example.com/privacy',
          purposeIdsV2: [1, 2],
          ...extra,
        },
        as: user,
      });
    const many = await create({ purposeIdsV2: Array.from({ length: 100_000 }, () => 1) });
    expect(many.statusCode).toBe(400);
    expect(fields(many.body)).toMatchObject({
      purposeIdsV2: tooManyItems(LIST_LIMITS.purposeIds),
    });
    const twice = await create({ stackIds: [1, 1], specialFeatures: [2, 2], features: [1, 2] });
    expect(fields(twice.body)).toEqual({
      'stackIds.1': duplicateItem('1'),
      'specialFeatures.1': duplicateItem('2'),
    });
    const list = await server.request({
      url: `/customization/v2/site?pCode=${user.pcode}`,
      as: user,
    });
    expect(list.body).not.toContain('lists.example.com');
    expect((await create({ features: [1, 2] })).statusCode).toBe(201);
  });

  it('themes: refuses over-long texts (buttons, links, each language) and repeated lists through the route', async () => {
    const saveTheme = (extra: object) =>
      server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${user.pcode}`,
        payload: {
          themeType: 'SITE',
          themeName: 'Limits',
          privacyModes: ['GDPR', 'USP'],
          ...extra,
        },
        as: user,
      });
    const long = 'x'.repeat(100_000);
    const texts = await saveTheme({
      uspDnsTitleText: long,
      uspDnsText: `<p>${long}</p>`,
      uspPrivacyPolicyLinkText: 'Privacy',
      uspPrivacyPolicyLink: `https://a.example/${long}`,
      consentLinkLabel: long,
      uxInitialScreenCustomLinks: [{ text: long, url: 'https://a.example/privacy' }],
    });
    expect(texts.statusCode).toBe(400);
    expect(fields(texts.body)).toMatchObject({
      uspDnsTitleText: tooLongText(TEXT_LIMITS.oneLine),
      uspDnsText: tooLongText(TEXT_LIMITS.richText),
      uspPrivacyPolicyLink: tooLongText(TEXT_LIMITS.url),
      consentLinkLabel: tooLongText(TEXT_LIMITS.oneLine),
      'uxInitialScreenCustomLinks.0.text': tooLongText(TEXT_LIMITS.oneLine),
    });
    // The spec's shorter limit (24 for a button) is the one a GDPR button shows.
    const button = await saveTheme({ agreeButton: long });
    expect(fields(button.body)).toEqual({ agreeButton: 'Please use no more than 24 characters.' });
    const lists = await saveTheme({
      vendorPurposeIds: [1, 2, 1],
      stacks: [{ stacks: 1 }, { stacks: 1 }],
      advancedCustomizationSettings: Array.from({ length: 2 }, () =>
        LanguageTexts.parse({ language: 'en' }),
      ),
    });
    expect(fields(lists.body)).toMatchObject({
      'vendorPurposeIds.2': duplicateItem('1'),
      'stacks.1': duplicateItem('1'),
      'advancedCustomizationSettings.1': duplicateItem('en'),
    });
    const stored = json<{ content: Theme[] }>(
      await server.request({ url: `/customization/v2/theme?pCode=${user.pcode}`, as: user }),
    );
    expect(JSON.stringify(stored)).not.toContain('Limits');
    expect((await saveTheme({ uspDnsTitleText: 'x'.repeat(TEXT_LIMITS.oneLine) })).statusCode).toBe(
      201,
    );
  });

  it('tokens, audit logs, report jobs and bulk updates: each refuses its over-long text or list', async () => {
    const site = await createSite(user, 'reports.example.com');
    const job = (extra: Partial<ReportJobInput>): ReportJobInput => ({
      name: 'Weekly',
      type: 'on_demand',
      recipients: [],
      query: {
        filters: [{ key: 'propertyId', operator: 'in', values: [site.uuid] }],
        dimensions: ['period'],
        metrics: ['totalSessions'],
        granularity: 'day',
        timePeriod: { type: 'last7Days' },
      },
      ...extra,
    });
    const cases: Array<[string, string, string, object, Record<string, string>]> = [
      ['POST', '/auth/tokens', '', { name: 't'.repeat(101) }, { name: TOKEN_NAME_TOO_LONG }],
      [
        'POST',
        '/customization/v2/audit-log',
        `?pCode=${user.pcode}`,
        { url: `a.example/${'a'.repeat(3000)}`, endDate: '2026-11-01', daysBack: 30 },
        { url: tooLongText(TEXT_LIMITS.url) },
      ],
      [
        'POST',
        `/analytics/v1/pcode/${user.pcode}/job`,
        '',
        job({ name: 'r'.repeat(100_000) }),
        { name: tooLongText(TEXT_LIMITS.oneLine) },
      ],
      [
        'POST',
        `/analytics/v1/pcode/${user.pcode}/job`,
        '',
        job({ recipients: Array.from({ length: 51 }, (_, i) => `r${i}@example.com`) }),
        { recipients: tooManyItems(LIST_LIMITS.reportRecipients) },
      ],
      [
        'POST',
        `/analytics/v1/pcode/${user.pcode}/job`,
        '',
        job({
          query: { ...job({}).query, metrics: ['totalSessions', 'totalSessions'] },
        }),
        { 'query.metrics.1': duplicateItem('totalSessions') },
      ],
      [
        'POST',
        '/customization/v2/bulk-update',
        `?pCode=${user.pcode}`,
        { sites: Array.from({ length: LIST_LIMITS.bulkProperties + 1 }, (_, i) => i + 1) },
        { sites: tooManyItems(LIST_LIMITS.bulkProperties) },
      ],
      [
        'POST',
        '/customization/v2/bulk-update',
        `?pCode=${user.pcode}`,
        {
          items: [
            { siteId: site.siteId, changes: { publisherName: 'A' } },
            { siteId: site.siteId, changes: { publisherName: 'B' } },
          ],
        },
        { 'items.1': duplicateItem(String(site.siteId)) },
      ],
      [
        'POST',
        '/customization/v2/bulk-update',
        `?pCode=${user.pcode}`,
        { sites: [site.siteId], fields: { purposeIds: [1, 1] } },
        { 'purposeIds.1': duplicateItem('1') },
      ],
    ];
    for (const [method, url, query, payload, expected] of cases) {
      const res = await server.request({
        method: method as 'POST',
        url: url + query,
        payload,
        as: user,
      });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(fields(res.body), url).toEqual(expected);
    }
    // Nothing was stored or started.
    const tokens = await server.request({ url: '/auth/tokens', as: user });
    // (the harness's user has its 'test' token)
    expect(json<Array<{ name: string }>>(tokens).map((t) => t.name)).toEqual(['test']);
    const logs = await server.request({
      url: `/customization/v2/audit-log/status?pCode=${user.pcode}`,
      as: user,
    });
    expect(json<unknown[]>(logs)).toEqual([]);
    const jobs = await server.request({ url: `/analytics/v1/pcode/${user.pcode}/jobs`, as: user });
    expect(json<unknown[]>(jobs)).toEqual([]);
    const bulk = await server.request({
      url: `/customization/v2/bulk-update/status?pCode=${user.pcode}`,
      as: user,
    });
    expect(json<{ job: unknown }>(bulk).job).toBeNull();
    expect(
      json<Property>(
        await server.request({
          url: `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`,
          as: user,
        }),
      ).publisherName,
    ).toBe('News');
  });

  it('a vendor selection stored before the limit (300 custom vendors) still reads and serves its banner', async () => {
    const owner = await server.user();
    await vendorSelections.save(
      server.deps.db,
      owner.pcode,
      VendorSelection.parse({
        customVendors: Array.from({ length: 300 }, (_, i) => customVendor(i)),
      }),
      null,
      new Date(),
    );
    const read = await server.request({
      url: `/customization/v2/vendors/selection?pCode=${owner.pcode}`,
      as: owner,
    });
    expect(read.statusCode).toBe(200);
    const {
      vendorListVersion: _v,
      updatedAt: _u,
      ...selection
    } = json<{
      customVendors: Array<{ id: string }>;
      vendorListVersion: unknown;
      updatedAt: unknown;
    }>(read);
    expect(selection.customVendors).toHaveLength(300);

    const site = await createSite(owner, 'old-row.example.com');
    const script = await server.request({ url: `/banner/property/${site.uuid}/config.json` });
    expect(script.statusCode).toBe(200);
    const custom = (JSON.parse(script.body) as Boot).config.gdpr?.customVendors ?? [];
    expect(custom).toHaveLength(300);
    expect(custom.at(-1)).toMatchObject({ name: 'Vendor 299' });

    // Saved again unchanged, it is refused with the limit (and the stored row stays as it was).
    const again = await server.request({
      method: 'PUT',
      url: `/customization/v2/vendors/selection?pCode=${owner.pcode}`,
      payload: selection,
      as: owner,
    });
    expect(again.statusCode).toBe(400);
    expect(fields(again.body)).toEqual({ customVendors: tooManyItems(LIST_LIMITS.customVendors) });
  });
});
