import { UNSAFE_CONTENT } from '@assent/core';
import type { Organisation } from '@assent/core/account';
import { CONSENT_OR_PAY_UNSUPPORTED, COP_NO_NON_PERSONALISED_VENDORS } from '@assent/core/property';
import type { Property } from '@assent/core/property';
import {
  PREMIUM_TEXTS_ONLY,
  PRIVACY_BODY_FIXED_SEGMENTS,
  defaultPrivacyBody,
  textTooLong,
  toThemePayload,
} from '@assent/core/theme';
import type { Theme } from '@assent/core/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/repositories/accounts';
import type { TestServer, TestUser } from './harness';
import { createTestServer, gvlFixture, json, stores } from './harness';

/** A vendor of the TCF 2.2 fixture with a purpose that needs no personalisation (basic ads). */
function vendorWithBasicAds(): number {
  const gvl = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as {
    vendors: Record<string, { id: number; purposes: number[]; deletedDate?: string }>;
  };
  const vendor = Object.values(gvl.vendors).find((v) => !v.deletedDate && v.purposes.includes(2));
  if (!vendor) throw new Error('no vendor with purpose 2 in the fixture');
  return vendor.id;
}

describe.each(stores())('organisation flags: premium, Consent or Pay, terms (%s)', (store) => {
  let server: TestServer;
  let plain: TestUser;
  let premium: TestUser;
  let cop: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
    plain = await server.user('plain@example.com');
    premium = await server.user('premium@example.com', {
      organisation: { premiumEligible: true },
    });
    cop = await server.user('cop@example.com', { organisation: { copEnabled: true } });
  });
  afterAll(() => server?.close());

  const createTheme = (as: TestUser, body: object) =>
    server.request({
      method: 'POST',
      url: `/customization/v2/theme?pCode=${as.pcode}`,
      payload: { themeType: 'SITE', themeName: 'Premium texts', privacyModes: ['GDPR'], ...body },
      as,
    });
  const createSite = (as: TestUser, body: object) =>
    server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${as.pcode}`,
      payload: { themeId: '1', ...body },
      as,
    });

  it('tells the console which features the account has', async () => {
    for (const [user, premiumEligible, consentOrPayEnabled] of [
      [plain, false, false],
      [premium, true, false],
      [cop, false, true],
    ] as const) {
      const [org] = json<Organisation[]>(
        await server.request({ method: 'GET', url: '/auth/organisations', as: user }),
      );
      expect(org).toMatchObject({ pcode: user.pcode, premiumEligible, consentOrPayEnabled });
      const init = json<{ premium: boolean; consentOrPayEnabled: boolean }>(
        await server.request({
          method: 'GET',
          url: `/customization/v2/site/init?pCode=${user.pcode}`,
          as: user,
        }),
      );
      expect(init).toMatchObject({ premium: premiumEligible, consentOrPayEnabled });
    }
  });

  it('keeps Advanced Customisation and Consent-or-Pay texts to premium-eligible accounts', async () => {
    const advanced = [{ language: 'en', privacyHeader: 'Welcome', agreeButton: 'Yes please' }];
    const copTexts = [{ language: 'en', action1Label: 'Subscribe' }];
    const themesOf = async (user: TestUser) =>
      json<unknown[]>(
        await server.request({
          method: 'GET',
          url: `/customization/v2/theme?pCode=${user.pcode}`,
          as: user,
        }),
      ).length;

    const before = await themesOf(plain);
    const refused = await createTheme(plain, { advancedCustomizationSettings: advanced });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({
      status: 'VALIDATION_ERROR',
      message: PREMIUM_TEXTS_ONLY,
      fields: { advancedCustomizationSettings: PREMIUM_TEXTS_ONLY },
    });
    expect(json(await createTheme(plain, { consentOrPaySettings: copTexts }))).toMatchObject({
      fields: { consentOrPaySettings: PREMIUM_TEXTS_ONLY },
    });
    expect(await themesOf(plain)).toBe(before);
    // The basic theme is the same for everyone.
    expect((await createTheme(plain, {})).statusCode).toBe(201);

    const created = await createTheme(premium, {
      advancedCustomizationSettings: advanced,
      consentOrPaySettings: copTexts,
    });
    expect(created.statusCode).toBe(201);
    const theme = json<Theme>(created);
    const url = `/customization/v2/theme/${theme.themeId}?pCode=${premium.pcode}`;
    const stored = json<Theme>(await server.request({ method: 'GET', url, as: premium }));
    expect(stored.advancedCustomizationSettings).toEqual([expect.objectContaining(advanced[0])]);
    expect(stored.consentOrPaySettings).toEqual([expect.objectContaining(copTexts[0])]);

    // Once the account is no longer premium, the saved texts stay but cannot change.
    await organisations.setFlags(server.deps.db, premium.pcode, { premiumEligible: false });
    try {
      const renamed = await server.request({
        method: 'PUT',
        url,
        payload: { ...toThemePayload(stored), themeName: 'Renamed' },
        as: premium,
      });
      expect(json(renamed)).toMatchObject({
        themeName: 'Renamed',
        advancedCustomizationSettings: stored.advancedCustomizationSettings,
      });
      const changed = await server.request({
        method: 'PUT',
        url,
        payload: { ...toThemePayload(stored), advancedCustomizationSettings: [] },
        as: premium,
      });
      expect(json(changed)).toMatchObject({
        fields: { advancedCustomizationSettings: PREMIUM_TEXTS_ONLY },
      });
    } finally {
      await organisations.setFlags(server.deps.db, premium.pcode, { premiumEligible: true });
    }
  });

  it("checks a premium account's texts: lengths, script and the fixed segments of the body", async () => {
    const tooLong = await createTheme(premium, {
      advancedCustomizationSettings: [{ language: 'en', disagreeButton: 'x'.repeat(25) }],
    });
    expect(json(tooLong)).toMatchObject({
      status: 'VALIDATION_ERROR',
      fields: { 'advancedCustomizationSettings.0.disagreeButton': textTooLong(24) },
    });
    const script = await createTheme(premium, {
      consentOrPaySettings: [{ language: 'en', action1Label: 'javascript:alert(1)' }],
    });
    expect(json(script)).toMatchObject({
      status: 'XSS_ERROR',
      fields: { 'consentOrPaySettings.0.action1Label': UNSAFE_CONTENT },
    });
    const body = defaultPrivacyBody('en', 'site');
    const segmentsGone = await createTheme(premium, {
      advancedCustomizationSettings: [{ language: 'en', privacyBody: 'We use cookies.' }],
    });
    expect(json(segmentsGone)).toMatchObject({
      fields: { 'advancedCustomizationSettings.0.privacyBody': PRIVACY_BODY_FIXED_SEGMENTS },
    });
    const kept = await createTheme(premium, {
      advancedCustomizationSettings: [{ language: 'en', privacyBody: `Welcome! ${body}` }],
    });
    expect(kept.statusCode).toBe(201);
    // With GDPR off the tabs hide, but their texts are still checked.
    const hidden = await createTheme(premium, {
      privacyModes: ['USP'],
      advancedCustomizationSettings: [{ language: 'en', privacyBody: 'We use cookies.' }],
    });
    expect(hidden.statusCode).toBe(400);
  });

  it('offers Consent or Pay only to accounts enabled for it, on versions that support it', async () => {
    const consentOrPayConfig = { enabled: true, countries: ['FR', 'DE'], callbackType: 'self' };
    const refused = await createSite(plain, { url: 'pay.plain.example', consentOrPayConfig });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({
      status: 'VALIDATION_ERROR',
      fields: { 'consentOrPayConfig.enabled': CONSENT_OR_PAY_UNSUPPORTED },
    });

    // Enabled, but none of the account's vendors can serve ads without personalisation.
    const noVendors = await createSite(cop, { url: 'pay.example', consentOrPayConfig });
    expect(json(noVendors)).toMatchObject({
      fields: { 'consentOrPayConfig.enabled': COP_NO_NON_PERSONALISED_VENDORS },
    });
    const selection = await server.request({
      method: 'PUT',
      url: `/customization/v2/vendors/selection?pCode=${cop.pcode}`,
      payload: { vendorIds: [vendorWithBasicAds()] },
      as: cop,
    });
    expect(selection.statusCode).toBe(200);
    const oldVersion = await createSite(cop, {
      url: 'pay.example',
      cmpVersion: 60,
      consentOrPayConfig,
    });
    expect(json(oldVersion)).toMatchObject({
      fields: { 'consentOrPayConfig.enabled': CONSENT_OR_PAY_UNSUPPORTED },
    });
    const created = await createSite(cop, { url: 'pay.example', consentOrPayConfig });
    expect(created.statusCode).toBe(201);
    expect(json<Property>(created).consentOrPayConfig).toMatchObject({
      enabled: true,
      countries: ['FR', 'DE'],
    });
    // Without Consent or Pay the site saves on any account.
    expect((await createSite(plain, { url: 'free.plain.example' })).statusCode).toBe(201);
  });

  it('records the CMP and the supply-side platform terms separately', async () => {
    const accept = (productType: 'CMP' | 'SSP', accepted = true) =>
      server.request({
        method: 'POST',
        url: '/auth/terms',
        payload: { accepted, productType, email: plain.email, pcode: plain.pcode },
        as: plain,
      });
    expect(json(await accept('SSP'))).toMatchObject({
      pcode: plain.pcode,
      sspTosAccepted: true,
      cmpTosAccepted: false,
    });
    expect(json(await accept('CMP'))).toMatchObject({ sspTosAccepted: true, cmpTosAccepted: true });
    expect(json(await accept('SSP', false))).toMatchObject({
      sspTosAccepted: false,
      cmpTosAccepted: true,
    });
    const [org] = json<Organisation[]>(
      await server.request({ method: 'GET', url: '/auth/organisations', as: plain }),
    );
    expect(org).toMatchObject({ sspTosAccepted: false, cmpTosAccepted: true });
    const recorded = await server.deps.db.query<{ product_type: string; accepted: boolean }>(
      `select product_type, accepted from terms_acceptances where pcode = $1 order by id`,
      [plain.pcode],
    );
    expect(recorded).toEqual([
      { product_type: 'SSP', accepted: true },
      { product_type: 'CMP', accepted: true },
      { product_type: 'SSP', accepted: false },
    ]);
  });
});
