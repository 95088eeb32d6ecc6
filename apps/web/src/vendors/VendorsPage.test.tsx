import { INVALID_URL, NO_ANGLE_BRACKETS } from '@assent/core';
import { REPROMPT_DAYS_MINIMUM } from '@assent/core/property';
import { CUSTOM_VENDOR_PURPOSE_REQUIRED, SHOW_NEW_VENDORS_EVERY } from '@assent/core/vendors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNSAVED_CHANGES } from '../components/copy';
import { fakeApi, renderApp } from '../testing/render';
import { VENDORS } from './copy';

const vendor = (
  id: number,
  name: string,
  purposes: number[],
  deletedDate: string | null = null,
) => ({
  id,
  name,
  purposes,
  legIntPurposes: [],
  flexiblePurposes: [],
  specialPurposes: [],
  features: [],
  specialFeatures: [],
  policyUrl: `https://vendor${id}.example/privacy`,
  usesCookies: true,
  cookieMaxAgeSeconds: null,
  deletedDate,
});

const gvl = {
  gvlVersion: 3,
  vendorListVersion: 42,
  tcfPolicyVersion: 5,
  lastUpdated: '2024-03-07T16:00:00Z',
  purposes: [
    { id: 1, name: 'Store and/or access information on a device', description: '' },
    { id: 2, name: 'Use limited data to select advertising', description: '' },
  ],
  specialPurposes: [],
  features: [],
  specialFeatures: [],
  stacks: [],
  vendors: [
    vendor(1, 'Alpha Ads', [1, 2]),
    vendor(2, 'Beta Analytics', [1]),
    vendor(3, 'Gamma Media', [2]),
    vendor(4, 'Gone Ltd', [1], '2024-01-01T00:00:00Z'),
  ],
};

const selection = {
  gvlVersion: 3,
  vendorIds: [2],
  includeNewVendors: true,
  googleAtpIds: [],
  customVendors: [],
  showNewVendorsEveryDays: 30,
  vendorListVersion: 41,
  updatedAt: null,
};

function vendorsApi() {
  return fakeApi()
    .on('GET /customization/v2/vendors', { body: gvl })
    .on('GET /customization/v2/vendors/selection', { body: selection })
    .on('GET /customization/v2/vendors/google-atp', {
      body: [{ id: 89, name: 'Google ATP One', policyUrl: 'https://atp.example', domains: '' }],
    })
    .on('PUT /customization/v2/vendors/selection', ({ body }) => ({
      body: { ...(body as object), vendorListVersion: 42, updatedAt: '2024-03-15T12:00:00Z' },
    }));
}

describe('vendors tab', () => {
  it('lists the current GVL vendors with search, purpose filter, select all/none and counts', async () => {
    const { user } = renderApp({ path: '/protect/p-AB12CD/vendors', api: vendorsApi() });
    const table = await screen.findByRole('table', { name: VENDORS.iabTab });
    expect(within(table).queryByText('Gone Ltd')).toBeNull();
    expect(screen.getByText(`${VENDORS.counts(1, 3)} · ${VENDORS.shown(3)}`)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(VENDORS.purposeFilter), '2');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: VENDORS.selectAll }));
    expect(screen.getByText(`${VENDORS.counts(3, 3)} · ${VENDORS.shown(2)}`)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(VENDORS.purposeFilter), '');
    await user.type(screen.getByLabelText(`${VENDORS.iabTab}: ${VENDORS.search}`), 'beta');
    await user.click(screen.getByRole('button', { name: VENDORS.selectNone }));
    expect(screen.getByText(`${VENDORS.counts(2, 3)} · ${VENDORS.shown(1)}`)).toBeTruthy();
  });

  it('asks before leaving an unsaved selection, in the console and on unload (issue 17 item 5)', async () => {
    const { user, router } = renderApp({ path: '/protect/p-AB12CD/vendors', api: vendorsApi() });
    const table = await screen.findByRole('table', { name: VENDORS.iabTab });
    const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    // Nothing changed: leaving and unloading ask nothing.
    expect(unload()).toBe(true);
    await user.click(within(table).getByLabelText('Alpha Ads'));
    expect(unload()).toBe(false);

    const sections = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(sections).getByRole('link', { name: /Properties/ }));
    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/protect/p-AB12CD/vendors');
    expect((within(table).getByLabelText('Alpha Ads') as HTMLInputElement).checked).toBe(true);

    await user.click(within(sections).getByRole('link', { name: /Properties/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title })).getByRole(
        'button',
        { name: UNSAVED_CHANGES.leave },
      ),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/properties'),
    );
    expect(unload()).toBe(true);
  });

  it('leaves a saved selection without a question', async () => {
    const { user, router } = renderApp({ path: '/protect/p-AB12CD/vendors', api: vendorsApi() });
    const table = await screen.findByRole('table', { name: VENDORS.iabTab });
    await user.click(within(table).getByLabelText('Alpha Ads'));
    await user.click(screen.getByRole('button', { name: VENDORS.save }));
    expect(await screen.findByText(VENDORS.saved)).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: VENDORS.save }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(sections).getByRole('link', { name: /Properties/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/properties'),
    );
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES.title })).toBeNull();
  });

  it("refuses 'Show new vendors every' under 6 days and saves the selection", async () => {
    const api = vendorsApi();
    const { user } = renderApp({ path: '/protect/p-AB12CD/vendors', api });
    const days = await screen.findByLabelText(SHOW_NEW_VENDORS_EVERY);
    await user.click(
      within(await screen.findByRole('table', { name: VENDORS.iabTab })).getByLabelText(
        'Alpha Ads',
      ),
    );
    await user.clear(days);
    await user.type(days, '5');
    await user.click(screen.getByRole('button', { name: VENDORS.save }));
    expect(screen.getByText(REPROMPT_DAYS_MINIMUM)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(days);
    await user.type(days, '14');
    // Issue 17 item 6: the message goes as soon as the value is fixed, before any save.
    expect(screen.queryByText(REPROMPT_DAYS_MINIMUM)).toBeNull();
    await user.click(screen.getByRole('button', { name: VENDORS.save }));
    expect(await screen.findByText(VENDORS.saved)).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        vendorIds: [1, 2],
        showNewVendorsEveryDays: 14,
      }),
    );
  });

  it('checks a custom vendor by the text and URL rules before adding it, and edits a row (issue 17 item 12)', async () => {
    const api = vendorsApi();
    const { user } = renderApp({ path: '/protect/p-AB12CD/vendors', api });
    await user.click(await screen.findByRole('tab', { name: /Custom vendors/ }));
    await user.type(screen.getByLabelText(VENDORS.customName), '<b>Ads</b>');
    await user.type(screen.getByLabelText(VENDORS.customPolicy), 'not a url');
    await user.click(screen.getByRole('button', { name: VENDORS.addCustom }));
    expect(screen.getByText(NO_ANGLE_BRACKETS)).toBeTruthy();
    expect(screen.getByText(INVALID_URL)).toBeTruthy();
    expect(screen.getByText(CUSTOM_VENDOR_PURPOSE_REQUIRED)).toBeTruthy();
    expect(screen.queryByRole('table', { name: VENDORS.customTab })).toBeNull();

    await user.clear(screen.getByLabelText(VENDORS.customName));
    await user.type(screen.getByLabelText(VENDORS.customName), 'In-house analytics');
    await user.clear(screen.getByLabelText(VENDORS.customPolicy));
    await user.type(screen.getByLabelText(VENDORS.customPolicy), 'https://example.com/privacy');
    await user.click(
      screen.getAllByLabelText('1. Store and/or access information on a device')[0]!,
    );
    expect(screen.queryByText(NO_ANGLE_BRACKETS)).toBeNull();
    await user.click(screen.getByRole('button', { name: VENDORS.addCustom }));
    const table = screen.getByRole('table', { name: VENDORS.customTab });
    expect(within(table).getByText('In-house analytics')).toBeTruthy();

    await user.click(
      within(table).getByRole('button', { name: `${VENDORS.editCustom} In-house analytics` }),
    );
    const name = screen.getByLabelText(VENDORS.customName);
    expect((name as HTMLInputElement).value).toBe('In-house analytics');
    await user.clear(name);
    await user.type(name, 'Analytics <v2>');
    await user.click(screen.getByRole('button', { name: VENDORS.updateCustom }));
    expect(screen.getByText(NO_ANGLE_BRACKETS)).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Analytics v2');
    await user.click(screen.getByRole('button', { name: VENDORS.updateCustom }));
    expect(within(table).getByText('Analytics v2')).toBeTruthy();
    expect(within(table).queryByText('In-house analytics')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: VENDORS.save }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        customVendors: [
          { name: 'Analytics v2', privacyPolicyUrl: 'https://example.com/privacy', purposes: [1] },
        ],
      }),
    );
  });

  it('selects Google ad-technology providers and adds a custom vendor', async () => {
    const api = vendorsApi();
    const { user } = renderApp({ path: '/protect/p-AB12CD/vendors', api });
    await user.click(await screen.findByRole('tab', { name: /Google ad-technology providers/ }));
    await user.click(
      within(await screen.findByRole('table', { name: VENDORS.googleTab })).getByLabelText(
        'Google ATP One',
      ),
    );
    await user.click(screen.getByRole('tab', { name: /Custom vendors/ }));
    await user.type(screen.getByLabelText(VENDORS.customName), 'In-house analytics');
    await user.type(screen.getByLabelText(VENDORS.customPolicy), 'https://example.com/privacy');
    await user.click(
      screen.getAllByLabelText('1. Store and/or access information on a device')[0]!,
    );
    await user.click(screen.getByRole('button', { name: VENDORS.addCustom }));
    expect(
      within(screen.getByRole('table', { name: VENDORS.customTab })).getByText(
        'In-house analytics',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: VENDORS.save }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const body = api.calls.find((c) => c.method === 'PUT')?.body as {
      googleAtpIds: number[];
      customVendors: Array<{ name: string; purposes: number[] }>;
    };
    expect(body.googleAtpIds).toEqual([89]);
    expect(body.customVendors).toMatchObject([{ name: 'In-house analytics', purposes: [1] }]);
  });
});
