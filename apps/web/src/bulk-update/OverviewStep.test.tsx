import { BULK_STEP_TITLES, BULK_SUBMIT } from '@assent/core/bulk-update';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listItem } from '../testing/builders';
import { apiError } from '../testing/fake-api';
import { renderApp } from '../testing/render';
import { DETAILS, OVERVIEW, STEP_ACTIONS, TABLE } from './copy';
import { OVERVIEW_PREVIEW } from './OverviewStep';
import {
  FLOW,
  PROPERTIES_PAGE,
  SUBMIT_ROUTE,
  bulkApi,
  job,
  selectAndNext,
  waitForPath,
} from './testing';

const box = (group: string, option: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('checkbox', { name: option });

/** Step 1 → 2 (EEA, theme, France) → 3. */
async function toOverview(api = bulkApi()) {
  const app = renderApp({ path: FLOW, api });
  const { user, router } = app;
  await selectAndNext(user, ['site-01.example.com', 'site-02.example.com']);
  await waitForPath(router, `${FLOW}/details`);
  await user.click(box(DETAILS.consentLocations, 'EEA & UK'));
  await user.selectOptions(screen.getByLabelText(DETAILS.theme), 'TCF 2.0 theme');
  await user.selectOptions(screen.getByLabelText(DETAILS.publisherCountry), 'France');
  await user.click(screen.getByRole('button', { name: 'NEXT' }));
  await waitForPath(router, `${FLOW}/overview`);
  await screen.findByText(STEP_ACTIONS.step(3, BULK_STEP_TITLES.overview));
  return app;
}

const changeRows = () =>
  within(screen.getByRole('table', { name: OVERVIEW.changes }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((c) => c.textContent));

describe('bulk update, step 3: overview and SUBMIT', () => {
  it('summarises every change with its value and the properties it touches', async () => {
    await toOverview();
    expect(screen.getByText(OVERVIEW.intro(2))).toBeTruthy();
    expect(changeRows()).toEqual([
      [DETAILS.theme, 'TCF 2.0 theme', OVERVIEW.touchesCount(2)],
      [DETAILS.consentLocations, 'EEA & UK', OVERVIEW.touchesCount(2)],
      [DETAILS.publisherCountry, 'France (FR)', OVERVIEW.touchesCount(2)],
    ]);
    const listed = within(screen.getByRole('table', { name: OVERVIEW.properties }));
    expect(listed.getByText('site-01.example.com')).toBeTruthy();
    expect(listed.getByText('site-02.example.com')).toBeTruthy();
  });

  it("names the first ten of many selected properties, and 'and N more' shows them all", async () => {
    const many = Array.from({ length: 25 }, (_, i) => listItem(i + 1));
    const { user, router } = renderApp({ path: FLOW, api: bulkApi(many) });
    await screen.findByRole('table', { name: TABLE.label });
    await user.click(screen.getByRole('button', { name: TABLE.selectAll(25) }));
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await waitForPath(router, `${FLOW}/details`);
    await user.click(box(DETAILS.consentLocations, 'EEA & UK'));
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await waitForPath(router, `${FLOW}/overview`);
    const listed = () =>
      within(screen.getByRole('table', { name: OVERVIEW.properties })).getAllByRole('row').length -
      1;
    expect(changeRows()).toEqual([
      [DETAILS.consentLocations, 'EEA & UK', OVERVIEW.touchesCount(25)],
    ]);
    expect(listed()).toBe(OVERVIEW_PREVIEW);
    await user.click(screen.getByRole('button', { name: OVERVIEW.more(25 - OVERVIEW_PREVIEW) }));
    expect(listed()).toBe(25);
    await user.click(screen.getByRole('button', { name: OVERVIEW.fewer }));
    expect(listed()).toBe(OVERVIEW_PREVIEW);
  });

  it('BACK returns to the details with the changes kept', async () => {
    const { user, router } = await toOverview();
    await user.click(screen.getByRole('button', { name: STEP_ACTIONS.back }));
    await waitForPath(router, `${FLOW}/details`);
    expect((screen.getByLabelText(DETAILS.publisherCountry) as HTMLSelectElement).value).toBe('FR');
    expect((box(DETAILS.consentLocations, 'EEA & UK') as HTMLInputElement).checked).toBe(true);
  });

  it('submits the sites and the changed fields only, then returns to the properties', async () => {
    const api = bulkApi().on(SUBMIT_ROUTE, {
      status: 202,
      body: { code: 'BULK_UPDATE_STARTED', message: 'The bulk update has started.', job: job() },
    });
    const { user, router } = await toOverview(api);
    await user.click(screen.getByRole('button', { name: BULK_SUBMIT }));
    await waitForPath(router, PROPERTIES_PAGE);
    const submit = api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/bulk-update'));
    expect(submit?.search).toBe('?pCode=AB12CD');
    expect(submit?.body).toEqual({
      sites: [1, 2],
      fields: { themeId: '5', consentLocations: ['EEA'], publisherCC: 'FR' },
      items: [],
    });
    expect(await screen.findByText('The bulk update has started.')).toBeTruthy();
  });

  it("shows the server's refusal and stays", async () => {
    const api = bulkApi().on(
      SUBMIT_ROUTE,
      apiError(409, 'CONFLICT', 'A bulk update is already running for this account.'),
    );
    const { user, router } = await toOverview(api);
    await user.click(screen.getByRole('button', { name: BULK_SUBMIT }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A bulk update is already running for this account.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`${FLOW}/overview`));
  });
});
