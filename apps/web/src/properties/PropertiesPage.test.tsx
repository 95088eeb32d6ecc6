import { RESTRICTED_ACCESS } from '@assent/core';
import { createMemoryConsoleStorage, pricingPromotionKey } from '@assent/core/account';
import {
  BULK_UPDATE_BUTTON,
  OLD_SDK_VERSION_LABEL,
  PREMIUM_BANNER,
  PREMIUM_BANNER_BUTTON,
  PROPERTIES_EMPTY_TITLE,
  PROPERTIES_FILTER_LABEL,
  PROPERTIES_TITLE,
  PROTECT_AN_APP,
  PROTECT_A_SITE,
  TAKE_SURVEY,
} from '@assent/core/property';
import { buildOrganisation } from '@assent/core/testing';
import { CHOOSE_VENDORS, NO_IAB_VENDORS_SELECTED, VendorSelection } from '@assent/core/vendors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRICING_TITLE } from '../promotions/copy';
import { apiError } from '../testing/fake-api';
import { gdprAnalytics, listItem } from '../testing/builders';
import { fakeApi, renderApp, TEST_NOW } from '../testing/render';
import { prefetchForLocation } from '../app/prefetch';
import { createServices } from '../app/services';

const PATH = '/protect/p-AB12CD/properties';
const ANALYTICS = '/analytics/v1/properties/pcode/AB12CD';

function listApi(count: number) {
  const items = Array.from({ length: count }, (_, i) => listItem(i + 1));
  return fakeApi()
    .on('GET /customization/v2/site/rows', { body: items })
    .on(`POST ${ANALYTICS}`, ({ body }) => ({
      body: Object.fromEntries(
        (body as { propertyIds: string[] }).propertyIds.map((id) => [id, gdprAnalytics(50)]),
      ),
    }));
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('properties list', () => {
  it('shows the empty state with PROTECT AN APP and PROTECT A SITE', async () => {
    const api = fakeApi().on('GET /customization/v2/site/rows', { body: [] });
    const { user, router } = renderApp({ path: PATH, api });
    expect(await screen.findByRole('heading', { name: PROPERTIES_TITLE })).toBeTruthy();
    expect(await screen.findByText(PROPERTIES_EMPTY_TITLE)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: PROTECT_AN_APP })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: PROTECT_A_SITE })).toHaveLength(2);
    expect(screen.getByRole('button', { name: BULK_UPDATE_BUTTON })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: PROTECT_A_SITE })[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-AB12CD/sites/new'));
  });

  it('says when no IAB vendor is selected, with a link to the Vendors tab (issue 17 item 10)', async () => {
    const api = listApi(1).on('GET /customization/v2/vendors/selection', {
      body: { ...VendorSelection.parse({}), vendorListVersion: null, updatedAt: null },
    });
    const { user, router } = renderApp({ path: PATH, api });
    expect(await screen.findByText(NO_IAB_VENDORS_SELECTED)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: CHOOSE_VENDORS }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-AB12CD/vendors'));
  });

  it('has the spec columns and one row per property, with the consent rate of the page', async () => {
    renderApp({ path: PATH, api: listApi(3) });
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Status',
      'Property',
      'Regulation',
      'Theme',
      'Consent rate',
      'CMP version',
      'Type',
      'Actions',
    ]);
    expect(rows()).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByText('50.0%')).toHaveLength(3));
    const first = within(rows()[0]!);
    expect(first.getByText('site-01.example.com')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('Latest (v64)')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages 20 rows and fetches the analytics of the shown page', async () => {
    const api = listApi(45);
    const { user } = renderApp({ path: PATH, api });
    await screen.findByRole('table');
    expect(rows()).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    await waitFor(() => expect(api.calls.filter((c) => c.path === ANALYTICS)).toHaveLength(1));
    expect(
      (api.calls.find((c) => c.path === ANALYTICS)?.body as { propertyIds: string[] }).propertyIds,
    ).toEqual(Array.from({ length: 20 }, (_, i) => listItem(i + 1).uuid));
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(rows()).toHaveLength(5);
    expect(within(rows()[0]!).getByText('site-41.example.com')).toBeTruthy();
    await waitFor(() => expect(api.calls.filter((c) => c.path === ANALYTICS)).toHaveLength(2));
    const last = api.calls.filter((c) => c.path === ANALYTICS).at(-1)?.body as {
      propertyIds: string[];
      startDate: string;
      endDate: string;
    };
    expect(last.propertyIds).toHaveLength(5);
    expect(last).toMatchObject({ startDate: '2024-02-14', endDate: '2024-03-14' });
    expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("asks the first page's consent rates at start-up, as soon as the list is in", async () => {
    const api = listApi(45);
    const services = createServices({
      fetch: api.fetch,
      storage: createMemoryConsoleStorage(),
      now: () => TEST_NOW,
    });
    await prefetchForLocation({ pathname: PATH, search: '' }, services);
    const asked = api.calls.filter((c) => c.path === ANALYTICS);
    expect(asked).toHaveLength(1);
    expect((asked[0]!.body as { propertyIds: string[] }).propertyIds).toEqual(
      Array.from({ length: 20 }, (_, i) => listItem(i + 1).uuid),
    );
  });

  it("shows the start-up's consent rates without asking for them again", async () => {
    const api = listApi(45);
    renderApp({ path: PATH, api, prefetch: true });
    await waitFor(() => expect(screen.getAllByText('50.0%')).toHaveLength(20));
    expect(api.calls.filter((c) => c.path === ANALYTICS)).toHaveLength(1);
  });

  it('filters by url or packageId', async () => {
    const items = [
      listItem(1, { url: 'news.example.com' }),
      listItem(2, { propertyType: 'APP', packageId: 'com.example.news', propertyTypeLabel: 'App' }),
      listItem(3, { url: 'shop.test' }),
    ];
    const api = fakeApi().on('GET /customization/v2/site/rows', { body: items });
    const { user } = renderApp({ path: PATH, api });
    const filter = await screen.findByLabelText(PROPERTIES_FILTER_LABEL);
    await user.type(filter, 'NEWS');
    expect(
      rows().map((r) => within(r).getAllByRole('cell')[1]!.querySelector('strong')?.textContent),
    ).toEqual(['news.example.com', 'com.example.news']);
    await user.clear(filter);
    await user.type(filter, 'nothing');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No properties match "nothing".')).toBeTruthy();
  });

  it("marks old SDK versions' consent rate as not applicable", async () => {
    const api = fakeApi().on('GET /customization/v2/site/rows', {
      body: [listItem(1, { cmpVersion: 40 })],
    });
    renderApp({ path: PATH, api });
    expect(await screen.findByText(OLD_SDK_VERSION_LABEL)).toBeTruthy();
  });

  it('shows the access-denied view on 403', async () => {
    const api = fakeApi().on(
      'GET /customization/v2/site/rows',
      apiError(403, 'FORBIDDEN', 'No access'),
    );
    renderApp({ path: PATH, api });
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
  });

  it('shows the premium banner; the survey link only while the survey is not filled', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/AB12CD/survey', { body: { filled: false } });
    const { user, router } = renderApp({ path: PATH, api });
    expect(await screen.findByText(PREMIUM_BANNER)).toBeTruthy();
    expect(await screen.findByRole('button', { name: TAKE_SURVEY })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: PREMIUM_BANNER_BUTTON }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/monetisation'),
    );
  });

  it('shows the pricing promotion once per account when both terms are accepted', async () => {
    const api = fakeApi().on('GET /customization/v2/site/rows', { body: [] });
    const { user, storage } = renderApp({
      path: PATH,
      api,
      organisations: [buildOrganisation({ pcode: 'AB12CD' })],
    });
    const dialog = await screen.findByRole('dialog', { name: PRICING_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Maybe later' }));
    expect(storage.getItem(pricingPromotionKey('AB12CD'))).not.toBeNull();
  });
});
