import { LIST_LIMITS, TEXT_LIMITS, duplicateItem, tooLongText, tooManyItems } from '@assent/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
