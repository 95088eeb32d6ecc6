import { PAGE_NOT_FOUND } from '@assent/core';
import {
  BULK_STEP_TITLES,
  MULTIPLE_VERSIONS_DETECTED,
  MULTIPLE_VERSIONS_TEXT,
} from '@assent/core/bulk-update';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listItem } from '../testing/builders';
import { renderApp } from '../testing/render';
import { FILTERS, STEP_ACTIONS, TABLE } from './copy';
import { BULK_PAGE_SIZE } from './SelectStep';
import { FLOW, bodyRows, bulkApi, rowCheckbox, selectAndNext, waitForPath } from './testing';

const rowNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const count = () => screen.getByTestId('bulk-selected-count').textContent;

describe('bulk update, step 1: select properties', () => {
  it('lists every property with its type, regulation and version; NEXT needs a selection', async () => {
    renderApp({ path: FLOW, api: bulkApi() });
    expect(await screen.findByText(STEP_ACTIONS.step(1, BULK_STEP_TITLES.select))).toBeTruthy();
    await screen.findByRole('table', { name: TABLE.label });
    expect(bodyRows()).toHaveLength(6);
    const app = bodyRows()[5]!;
    expect(
      within(app)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'com.example.app06Publisher 06', 'App', 'USP', 'v50', 'Default theme', 'GB']);
    expect(within(bodyRows()[1]!).getByText('Site & Subdomains')).toBeTruthy();
    expect(within(bodyRows()[3]!).getByText('Site AMP')).toBeTruthy();
    expect(count()).toBe(TABLE.selected(0, 6));
    expect((screen.getByRole('button', { name: 'NEXT' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('applies the filters with APPLY FILTERS, which clears the selection', async () => {
    const { user } = renderApp({ path: FLOW, api: bulkApi() });
    await screen.findByRole('table', { name: TABLE.label });
    await user.click(rowCheckbox('site-01.example.com'));
    expect(count()).toBe(TABLE.selected(1, 6));

    const type = screen.getByRole('group', { name: FILTERS.type });
    await user.click(within(type).getByRole('checkbox', { name: 'Site' }));
    // A draft: nothing changes until the filters apply.
    expect(bodyRows()).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: FILTERS.apply }));
    expect(rowNames()).toEqual([
      'site-01.example.comPublisher 01',
      'site-03.example.comPublisher 03',
      'site-05.example.comPublisher 05',
    ]);
    expect(count()).toBe(TABLE.selected(0, 3));

    // Several fields at once: a site on 60 published from France.
    await user.click(
      within(screen.getByRole('group', { name: FILTERS.cmpVersion })).getByRole('checkbox', {
        name: 'v60',
      }),
    );
    await user.click(
      within(screen.getByRole('group', { name: FILTERS.publisherCountry })).getByRole('checkbox', {
        name: 'France',
      }),
    );
    await user.click(screen.getByRole('button', { name: FILTERS.apply }));
    expect(rowNames()).toEqual(['site-03.example.comPublisher 03']);

    await user.click(screen.getByRole('button', { name: FILTERS.reset }));
    expect(bodyRows()).toHaveLength(6);
  });

  it('filters by name, regulation, scope and a customised legal basis', async () => {
    const { user } = renderApp({ path: FLOW, api: bulkApi() });
    await screen.findByRole('table', { name: TABLE.label });
    await user.type(screen.getByLabelText(FILTERS.name), 'app06');
    await user.click(screen.getByRole('button', { name: FILTERS.apply }));
    expect(bodyRows()).toHaveLength(1);
    await user.clear(screen.getByLabelText(FILTERS.name));

    const legal = screen.getByRole('radiogroup', { name: FILTERS.legalBasis });
    await user.click(within(legal).getByRole('radio', { name: 'Customized' }));
    const purposes = screen.getByRole('group', { name: FILTERS.customizedPurposes });
    await user.click(within(purposes).getByRole('checkbox', { name: '2' }));
    await user.click(screen.getByRole('button', { name: FILTERS.apply }));
    expect(rowNames()).toEqual(['com.example.app06Publisher 06']);
    await user.click(within(purposes).getByRole('checkbox', { name: '3' }));
    await user.click(screen.getByRole('button', { name: FILTERS.apply }));
    expect(screen.getByText(TABLE.noMatch)).toBeTruthy();

    // No legal basis clears the customised purposes.
    await user.click(within(legal).getByRole('radio', { name: 'No legal basis' }));
    expect(screen.queryByRole('group', { name: FILTERS.customizedPurposes })).toBeNull();
    const scope = screen.getByRole('group', { name: FILTERS.consentScope });
    await user.click(within(scope).getByRole('checkbox', { name: 'Group of sites' }));
    await user.click(screen.getByRole('button', { name: FILTERS.apply }));
    expect(rowNames()).toEqual(['site-05.example.comPublisher 05']);
  });

  it('selects a page, then every match across pages, and clears', async () => {
    const many = Array.from({ length: BULK_PAGE_SIZE + 10 }, (_, i) => listItem(i + 1));
    const { user } = renderApp({ path: FLOW, api: bulkApi(many) });
    await screen.findByRole('table', { name: TABLE.label });
    expect(bodyRows()).toHaveLength(BULK_PAGE_SIZE);
    await user.click(screen.getByRole('checkbox', { name: TABLE.selectPage }));
    expect(count()).toBe(TABLE.selected(BULK_PAGE_SIZE, many.length));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(bodyRows()).toHaveLength(10);
    expect(rowCheckbox('site-51.example.com').checked).toBe(false);
    await user.click(screen.getByRole('button', { name: TABLE.selectAll(many.length) }));
    expect(count()).toBe(TABLE.selected(many.length, many.length));
    expect(rowCheckbox('site-51.example.com').checked).toBe(true);
    await user.click(screen.getByRole('button', { name: TABLE.clear }));
    expect(count()).toBe(TABLE.selected(0, many.length));
  });

  it("warns 'Multiple versions detected' for different CMP versions: Cancel stays, Next goes on", async () => {
    const { user, router } = renderApp({ path: FLOW, api: bulkApi() });
    await selectAndNext(user, ['site-01.example.com', 'site-03.example.com']);
    const modal = await screen.findByRole('dialog', { name: MULTIPLE_VERSIONS_DETECTED });
    expect(within(modal).getByText(MULTIPLE_VERSIONS_TEXT)).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(FLOW);
    expect(count()).toBe(TABLE.selected(2, 6));

    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    const again = await screen.findByRole('dialog', { name: MULTIPLE_VERSIONS_DETECTED });
    await user.click(within(again).getByRole('button', { name: 'Next' }));
    await waitForPath(router, `${FLOW}/details`);
    expect(await screen.findByText(STEP_ACTIONS.step(2, BULK_STEP_TITLES.details))).toBeTruthy();
  });

  it('goes straight to details for one version, and BACK keeps the selection', async () => {
    const { user, router } = renderApp({ path: FLOW, api: bulkApi() });
    await selectAndNext(user, ['site-01.example.com', 'site-02.example.com']);
    await waitForPath(router, `${FLOW}/details`);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: STEP_ACTIONS.back }));
    await waitForPath(router, FLOW);
    await screen.findByRole('table', { name: TABLE.label });
    expect(count()).toBe(TABLE.selected(2, 6));
    expect(rowCheckbox('site-02.example.com').checked).toBe(true);
  });

  it('redirects details and overview without state to the previous step; other pages are not found', async () => {
    const details = renderApp({ path: `${FLOW}/details`, api: bulkApi() });
    await waitForPath(details.router, FLOW);
    details.unmount();
    const overview = renderApp({ path: `${FLOW}/overview`, api: bulkApi() });
    // overview → details → select: neither has its previous step's state.
    await waitForPath(overview.router, FLOW);
    overview.unmount();
    renderApp({ path: `${FLOW}/summary`, api: bulkApi() });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
  });
});
