// @vitest-environment happy-dom
import { TCString } from '@iabtechlabtcf/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BANNER_EN_TEXTS,
  BANNER_FIXTURE_VENDORS,
  bannerConfigFixture,
  compactVendor,
} from '@assent/core/banner';
import { ConsentRecordBeacon } from '@assent/core/banner';
import { button, call, flush, resetWindow, setNavigator, start } from '../../test/harness';
import { newConsentId } from '../consent-id';

/** The fixture's vendors' GVL declarations as bit masks (its config carries them packed). */
const masks = () => BANNER_FIXTURE_VENDORS.map(compactVendor);

beforeEach(() => {
  resetWindow();
  setNavigator({ languages: ['en-GB'], gpc: false });
});

const tcOf = (h: Awaited<ReturnType<typeof start>>) =>
  TCString.decode(h.cmp.tcf!.state().tcString!);
const ids = (v: { forEach(cb: (value: boolean, id: number) => void): void }) => {
  const out: number[] = [];
  v.forEach((value, id) => value && out.push(id));
  return out;
};

describe('first layer', () => {
  it('shows the theme texts, the number of vendors and the buttons in a modal dialog', async () => {
    const h = await start();
    const dialog = h.cmp.root.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('We value your privacy');
    expect(dialog.textContent).toContain('We and our 10 partners');
    expect(dialog.textContent).toContain('up to 13 months');
    expect(button(h.cmp, 'vendors')!.textContent).toBe('Vendors (10)');
    expect(button(h.cmp, 'reject')!.textContent).toBe('Reject all');
  });

  it('Accept all gives every purpose; the consent mode update grants', async () => {
    const h = await start();
    button(h.cmp, 'accept')!.click();
    await flush();
    expect(ids(tcOf(h).purposeConsents)).toEqual([1, 2, 3, 4, 7, 8, 9, 10]);
    expect(h.cmp.root.querySelector('[role="dialog"]')).toBeNull();
    expect(button(h.cmp, 'reopen')!.className).toBe('pl BOTTOM_RIGHT');
  });

  it('Reject all gives no consent and no legitimate interest', async () => {
    const h = await start();
    button(h.cmp, 'reject')!.click();
    await flush();
    const tc = tcOf(h);
    expect(ids(tc.purposeConsents)).toEqual([]);
    expect(ids(tc.vendorConsents)).toEqual([]);
    expect(ids(tc.purposeLegitimateInterests)).toEqual([]);
  });

  it('hides Reject all when the theme does not show it', async () => {
    const config = bannerConfigFixture();
    config.theme.rejectButton = false;
    const h = await start({ config });
    expect(button(h.cmp, 'reject')).toBeNull();
  });

  it('uses the visitor language when the theme has it, else the default', async () => {
    setNavigator({ languages: ['de-AT', 'en'] });
    expect((await start()).cmp.root.textContent).toContain('Alle ablehnen');
    resetWindow();
    setNavigator({ languages: ['pt-BR'] });
    const h = await start();
    expect(h.cmp.language).toBe('en');
  });
});

describe('second layer (lazy)', () => {
  it('More options loads it; saving chosen toggles gives a partial TC string', async () => {
    const h = await start();
    button(h.cmp, 'more')!.click();
    const root = h.cmp.root;
    await vi.waitFor(() => expect(root.querySelector('[data-vendor="1"]')).not.toBeNull());
    const consentToggle = (purpose: number) =>
      root.querySelector<HTMLInputElement>(`[data-purpose="${purpose}"] input`)!;
    for (const p of [1, 7]) {
      consentToggle(p).checked = true;
      consentToggle(p).dispatchEvent(new Event('change'));
    }
    expect(root.querySelector('[data-vendor="1"]')!.textContent).toContain('Vendor One');
    const vendor1 = root.querySelector<HTMLInputElement>('[data-vendor="1"] input')!;
    vendor1.checked = true;
    vendor1.dispatchEvent(new Event('change'));
    button(h.cmp, 'save')!.click();
    await flush();
    const tc = tcOf(h);
    expect(ids(tc.purposeConsents)).toEqual([1, 7]);
    expect(ids(tc.vendorConsents)).toEqual([1]);
    expect(tc.consentScreen).toBe(2);
    const dl = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a]);
    expect(dl.at(-1)![2]).toMatchObject({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'denied',
    });
    expect(JSON.parse(h.beacons[0]!.body).o).toBe('p');
  });

  it('legitimate interest is objection-based: its toggles start on; a partial save objects only to what was switched off (issue 15 item 7)', async () => {
    const h = await start();
    button(h.cmp, 'more')!.click();
    const root = h.cmp.root;
    await vi.waitFor(() => expect(root.querySelector('[data-vendor="2"]')).not.toBeNull());
    const inputs = (selector: string) => [
      ...root.querySelectorAll<HTMLInputElement>(`${selector} input`),
    ];
    // Purpose 2: consent off, legitimate interest on; vendor 2 (LI for 2, 7, 8…): the same.
    expect(inputs('[data-purpose="2"]').map((i) => i.checked)).toEqual([false, true]);
    expect(inputs('[data-vendor="2"]').map((i) => i.checked)).toEqual([false, true]);
    const off = (input: HTMLInputElement) => {
      input.checked = false;
      input.dispatchEvent(new Event('change'));
    };
    off(inputs('[data-purpose="8"]').at(-1)!);
    off(inputs('[data-vendor="2"]').at(-1)!);
    button(h.cmp, 'save')!.click();
    await flush();
    const tc = tcOf(h);
    expect(ids(tc.purposeConsents)).toEqual([]);
    expect(ids(tc.purposeLegitimateInterests)).toEqual([2, 7, 9, 10]);
    const liVendors = masks()
      .filter(([, , li]) => li & 0b1111000010)
      .map(([id]) => id);
    expect(liVendors).toContain(2);
    expect(ids(tc.vendorLegitimateInterests)).toEqual(liVendors.filter((id) => id !== 2));
  });

  it("a 'require legitimate interest' restriction gives the vendor its LI signal and an LI toggle (issue 15 item 8)", async () => {
    const base = bannerConfigFixture();
    const config = bannerConfigFixture({
      gdpr: { ...base.gdpr!, restrictions: [{ purposeId: 7, type: 2, vendorIds: [1] }] },
    });
    // Vendor 1 declares purpose 7 as flexible consent and no legitimate interest at all.
    expect(masks().find(([id]) => id === 1)![2]).toBe(0);
    const h = await start({ config });
    button(h.cmp, 'more')!.click();
    const root = h.cmp.root;
    await vi.waitFor(() => expect(root.querySelector('[data-vendor="1"]')).not.toBeNull());
    const vendor1 = [...root.querySelectorAll<HTMLInputElement>('[data-vendor="1"] input')];
    expect(vendor1.map((i) => i.checked)).toEqual([false, true]);
    expect(root.querySelector('[data-vendor="1"]')!.textContent).toContain(
      BANNER_EN_TEXTS.labels.legitimateInterest,
    );
    button(h.cmp, 'accept')!.click();
    await flush();
    const tc = tcOf(h);
    expect(tc.vendorLegitimateInterests.has(1)).toBe(true);
    expect(
      tc.publisherRestrictions.getRestrictions(1).map((r) => [r.purposeId, r.restrictionType]),
    ).toEqual([[7, 2]]);
  });

  it('a vendor name and privacy link from the vendor list stay text; javascript: links are dropped', async () => {
    const h = await start();
    button(h.cmp, 'vendors')!.click();
    await vi.waitFor(() => expect(h.cmp.root.querySelector('[data-vendor="2"]')).not.toBeNull());
    const v2 = h.cmp.root.querySelector('[data-vendor="2"]')!;
    expect(v2.textContent).toContain('Vendor <b>Two</b>');
    expect(v2.querySelector('b')).toBeNull();
    expect(v2.querySelector('a')).toBeNull();
    expect(h.cmp.root.querySelector('[data-vendor="1"] a')!.getAttribute('href')).toBe(
      'https://one.example/privacy',
    );
  });
});

describe('proof of consent', () => {
  it('a choice posts its consent record after the paint; the settings show its consent id', async () => {
    const h = await start({ consent: true });
    // Before any choice there is no consent id to show.
    button(h.cmp, 'more')!.click();
    await vi.waitFor(() => expect(h.cmp.root.querySelector('[data-view="second"]')).not.toBeNull());
    expect(h.cmp.root.querySelector('.cid')).toBeNull();
    button(h.cmp, 'accept')!.click();
    await flush();
    const records = h.beacons.filter((b) => b.url === 'https://t.example/consent');
    expect(records).toHaveLength(1);
    const parsed = ConsentRecordBeacon.safeParse(JSON.parse(records[0]!.body));
    expect(parsed.error?.issues).toBeUndefined();
    const record = parsed.data!;
    expect(record.tcString).toBe(h.cmp.tcf!.state().tcString);
    expect(record.choices.outcome).toBe('a');
    expect(record.choices.purposes).toEqual(ids(tcOf(h).purposeConsents));
    expect(record.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await h.cmp.openSecondLayer('purposes');
    expect(h.cmp.root.querySelector('.cid')!.textContent).toBe(`Consent ID: ${record.id}`);
    // A new choice is a new record with a new id, which the settings now show.
    button(h.cmp, 'reject')!.click();
    await flush();
    const again = h.beacons.filter((b) => b.url === 'https://t.example/consent');
    expect(again).toHaveLength(2);
    const second = JSON.parse(again[1]!.body) as { id: string };
    expect(second.id).not.toBe(record.id);
    await h.cmp.openSecondLayer('purposes');
    expect(h.cmp.root.querySelector('.cid output')!.textContent).toBe(second.id);
  });

  it('makes a v4 UUID without crypto.randomUUID (a page that is not a secure context)', () => {
    const bytes = crypto.getRandomValues.bind(crypto);
    const id = newConsentId({ getRandomValues: bytes } as unknown as Crypto);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('Google providers and non-IAB vendors', () => {
  it('counts them among the partners and lists them after the IAB vendors, each with a consent toggle', async () => {
    const config = bannerConfigFixture();
    config.gdpr!.googleVendors = [89, 1051];
    config.gdpr!.customVendors = [
      {
        id: 'crm',
        name: 'In-house <b>CRM</b>',
        policyUrl: 'https://publisher.example/crm',
        purposes: [1],
        legIntPurposes: [],
      },
    ];
    const iab = masks().length;
    const h = await start({ config });
    expect(button(h.cmp, 'vendors')!.textContent).toBe(`Vendors (${iab + 3})`);
    button(h.cmp, 'vendors')!.click();
    const root = h.cmp.root;
    await vi.waitFor(() => expect(root.querySelector('[data-google-vendor="89"]')).not.toBeNull());
    expect(h.fetches).toContain('https://cdn.example/google-vendors.json');
    const rows = [
      ...root.querySelectorAll('[data-vendor], [data-google-vendor], [data-other-vendor]'),
    ];
    expect(rows.slice(iab).map((r) => r.textContent)).toEqual([
      expect.stringContaining('Google ATP <i>89</i>'),
      expect.stringContaining('Provider 1051'),
      expect.stringContaining('In-house <b>CRM</b>'),
    ]);
    expect(root.querySelector('[data-google-vendor="89"] i')).toBeNull();
    expect(root.querySelector('[data-google-vendor="89"] a')!.getAttribute('href')).toBe(
      'https://atp89.example/privacy',
    );
    expect(root.querySelector('[data-google-vendor="1051"] a')).toBeNull();
    expect(root.querySelector('[data-other-vendor="crm"] a')!.getAttribute('href')).toBe(
      'https://publisher.example/crm',
    );

    // Consent to provider 89 only, and to the custom vendor.
    root.querySelector<HTMLInputElement>('[data-google-vendor="89"] input')!.click();
    root.querySelector<HTMLInputElement>('[data-other-vendor="crm"] input')!.click();
    button(h.cmp, 'save')!.click();
    const [data] = (await call('__tcfapi', 'getTCData')) as [Record<string, unknown>, boolean];
    expect(data.addtlConsent).toBe('2~89~dv.1051');
    expect((await call('__tcfapi', 'getNonIABVendorConsents'))[0]).toMatchObject({
      nonIabVendorConsents: { crm: true },
    });
  });

  it('asks for no Google names when the property asks no Google provider', async () => {
    const h = await start();
    button(h.cmp, 'vendors')!.click();
    await vi.waitFor(() => expect(h.cmp.root.querySelector('[data-vendor="1"]')).not.toBeNull());
    expect(h.fetches.some((u) => u.includes('google-vendors'))).toBe(false);
  });
});

describe('publisher text is never HTML', () => {
  it('renders a theme text containing markup as text, and drops javascript: links', async () => {
    const config = bannerConfigFixture();
    const attack = '<img src=x onerror="window.__pwned=1">';
    config.theme.texts.en = {
      ...BANNER_EN_TEXTS,
      privacyHeader: attack,
      privacyBody: `Hello ${attack}`,
      footerLinks: [
        { text: 'Bad', url: 'javascript:alert(1)' },
        { text: 'Also bad', url: ' JAVASCRIPT:alert(1)' },
        { text: 'Good', url: 'https://publisher.example/privacy' },
      ],
    };
    const h = await start({ config });
    const root = h.cmp.root;
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('h2')!.textContent).toBe(attack);
    const links = [...root.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([['Good', 'https://publisher.example/privacy']]);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('keeps custom CSS inside the shadow root', async () => {
    const config = bannerConfigFixture();
    config.theme.customCss = '.dlg{border:3px solid red}';
    const h = await start({ config });
    const styles = [...h.cmp.root.querySelectorAll('style')].map((s) => s.textContent);
    expect(styles).toContain('.dlg{border:3px solid red}');
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });
});

describe('keyboard', () => {
  it('moves focus into the dialog and traps Tab and Shift+Tab inside it', async () => {
    const h = await start();
    const root = h.cmp.root;
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(root.activeElement).toBe(dialog);
    const focusables = [...dialog.querySelectorAll<HTMLElement>('a[href],button')];
    const first = focusables[0]!;
    const last = focusables.at(-1)!;
    last.focus();
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(root.activeElement).toBe(first);
    first.focus();
    dialog.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true }),
    );
    expect(root.activeElement).toBe(last);
  });
});

describe('US screen', () => {
  it('pops up with the theme US texts and links; confirming an opt-out stores it', async () => {
    const h = await start({ region: { country: 'US', state: 'VA' } });
    const root = h.cmp.root;
    expect(root.querySelector('[data-view="us"] h2')!.textContent).toBe(
      'Do Not Sell or Share My Personal Information',
    );
    expect(root.querySelector('[data-view="us"] b')!.textContent).toBe('targeted advertising');
    const input = root.querySelector<HTMLInputElement>('[data-view="us"] input')!;
    input.checked = true;
    input.dispatchEvent(new Event('change'));
    button(h.cmp, 'confirm')!.click();
    await flush();
    expect(document.cookie).toContain('usprivacy=1YYN');
    expect(button(h.cmp, 'reopen')!.textContent).toBe(
      'Do Not Sell or Share My Personal Information',
    );
  });

  it("shows the consent id of the visitor's record once they have chosen, as the settings do", async () => {
    const h = await start({ region: { country: 'US', state: 'VA' }, consent: true });
    expect(h.cmp.root.querySelector('[data-view="us"]')).not.toBeNull();
    expect(h.cmp.root.querySelector('.cid')).toBeNull();
    button(h.cmp, 'confirm')!.click();
    await flush();
    const records = h.beacons.filter((b) => b.url === 'https://t.example/consent');
    expect(records).toHaveLength(1);
    const record = ConsentRecordBeacon.parse(JSON.parse(records[0]!.body));
    expect(record.choices.usOptOut).toBe(false);
    button(h.cmp, 'reopen')!.click();
    await vi.waitFor(() => expect(h.cmp.root.querySelector('[data-view="us"]')).not.toBeNull());
    expect(h.cmp.root.querySelector('[data-view="us"] .cid')!.textContent).toBe(
      `Consent ID: ${record.id}`,
    );
  });

  it("autoPopUp 'link' opens from the publisher's footer element instead of popping up", async () => {
    const config = bannerConfigFixture();
    config.us!.mspa = { ...config.us!.mspa!, autoPopUp: 'link', footerElementId: 'dns-link' };
    const h = await start({
      config,
      region: { country: 'US', state: 'NY' },
      beforeInit: () => {
        const a = document.createElement('a');
        a.id = 'dns-link';
        document.body.append(a);
      },
    });
    expect(h.cmp.root.querySelector('[data-view="us"]')).toBeNull();
    expect(button(h.cmp, 'reopen')).toBeNull();
    document.getElementById('dns-link')!.click();
    expect(h.cmp.root.querySelector('[data-view="us"]')).not.toBeNull();
  });

  it('autoPopUp false shows only the link', async () => {
    const config = bannerConfigFixture();
    config.us!.mspa = { ...config.us!.mspa!, autoPopUp: false };
    const h = await start({ config, region: { country: 'US' } });
    expect(h.cmp.root.querySelector('[data-view="us"]')).toBeNull();
    expect(button(h.cmp, 'reopen')).not.toBeNull();
  });
});

describe('Consent or Pay', () => {
  const copConfig = (redirect: 'SAME_TAB' | 'NEW_TAB', layout: 'Subscribe' | 'SubscribeAndLogin') =>
    bannerConfigFixture({
      consentOrPay: {
        enabled: true,
        countries: ['FR', 'DE'],
        layout,
        callbacks: {
          action1: 'https://publisher.example/subscribe',
          action2: 'https://publisher.example/login',
        },
        redirect,
        texts: {
          en: {
            privacyHeader: 'Accept or subscribe',
            privacyBody: 'Accept cookies or subscribe.',
            acceptLabel: 'Accept',
            viewPreferencesLabel: 'View preferences',
            subscribeLabel: 'Subscribe',
            loginLabel: 'Log in',
          },
        },
      },
    });

  it('shows subscribe (and login) with the callback URLs, same tab or new tab', async () => {
    const h = await start({ config: copConfig('NEW_TAB', 'SubscribeAndLogin') });
    expect(button(h.cmp, 'reject')).toBeNull();
    button(h.cmp, 'subscribe')!.click();
    button(h.cmp, 'login')!.click();
    expect(h.navigations).toEqual([
      { url: 'https://publisher.example/subscribe', newTab: true },
      { url: 'https://publisher.example/login', newTab: true },
    ]);
    resetWindow();
    const same = await start({ config: copConfig('SAME_TAB', 'Subscribe') });
    expect(button(same.cmp, 'login')).toBeNull();
    button(same.cmp, 'subscribe')!.click();
    expect(same.navigations).toEqual([
      { url: 'https://publisher.example/subscribe', newTab: false },
    ]);
  });

  it('applies only in its countries', async () => {
    const h = await start({
      config: copConfig('SAME_TAB', 'Subscribe'),
      region: { country: 'IT' },
    });
    expect(h.cmp.view()).toEqual({ view: 'first' });
  });
});
