import { NO_HISTORY } from '@assent/core/history';
import type { ChangeEntry, HistoryPage } from '@assent/core/history';
import { storedSiteTheme } from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, PCODE, storedSite } from '../property-form/testing';
import { gdprAnalytics } from '../testing/builders';
import { fakeApi, renderApp } from '../testing/render';
import { HIDE_SETTINGS, HISTORY_TAB, HISTORY_TITLE, SHOW_SETTINGS } from './copy';

const entry = (over: Partial<ChangeEntry>): ChangeEntry => ({
  id: 'e1',
  at: '2024-03-14T09:05:00.000Z',
  actor: 'editor@example.com',
  tokenName: null,
  via: 'session',
  bulkUpdateId: null,
  entityType: 'SITE',
  entityId: 'site-1',
  entityName: 'news.example.com',
  action: 'UPDATE',
  changes: [],
  ...over,
});

const page = (items: ChangeEntry[], over: Partial<HistoryPage> = {}): HistoryPage => ({
  items,
  total: items.length,
  page: 0,
  size: 50,
  ...over,
});

const SITE_HISTORY = [
  entry({
    id: 'e2',
    at: '2024-03-14T09:05:00.000Z',
    changes: [
      { field: 'publisherName', from: 'Old News', to: '<img src=x onerror=alert(1)>' },
      { field: 'consentLocations', from: ['EEA'], to: ['EEA', 'USA'] },
    ],
  }),
  entry({
    id: 'e1',
    at: '2024-03-01T08:00:00.000Z',
    action: 'CREATE',
    via: 'token',
    tokenName: 'ci',
    changes: [
      { field: 'url', from: null, to: 'news.example.com' },
      { field: 'cmpVersion', from: null, to: 'latest' },
    ],
  }),
];

const siteApi = (history: HistoryPage) =>
  fakeApi()
    .on('GET /customization/v2/site/site-1', { body: storedSite() })
    .on(`POST /analytics/v1/properties/pcode/${PCODE}`, { body: { 'site-1': gdprAnalytics(40) } })
    .on('GET /customization/v2/history', { body: history });

const rowsText = () =>
  within(screen.getByRole('table', { name: HISTORY_TITLE }))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
        .map((c) => c.textContent),
    );

describe('change history', () => {
  it("shows a site's changes in a drawer opened from the detail's History button: when, who, what, each field's old and new value", async () => {
    const api = siteApi(page(SITE_HISTORY));
    const { user } = renderApp({ path: `${ACCOUNT}/sites/detail/site-1`, api });
    // Keyboard: Tab to the button, Enter opens the drawer (a dialog named by its title).
    const button = await screen.findByRole('button', { name: HISTORY_TAB });
    button.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', {
      name: `${HISTORY_TITLE}: news.example.com`,
    });
    await within(drawer).findByRole('table', { name: HISTORY_TITLE });
    const call = api.calls.find((c) => c.path === '/customization/v2/history');
    expect(new URLSearchParams(call?.search).get('entityId')).toBe('site-1');
    expect(new URLSearchParams(call?.search).get('entityType')).toBe('SITE');
    expect(rowsText()).toEqual([
      ['When', 'Who', 'Change', 'Field', 'Old value', 'New value'],
      [
        '14 Mar 2024, 09:05 UTC',
        'editor@example.com',
        'Changed',
        'publisherName',
        'Old News',
        '<img src=x onerror=alert(1)>',
      ],
      ['consentLocations', '["EEA"]', '["EEA","USA"]'],
      [
        '01 Mar 2024, 08:00 UTC',
        'editor@example.com (token "ci")',
        'Created',
        `2 settings set ${SHOW_SETTINGS}`,
      ],
    ]);
    // Publisher text is shown as text: no element was made of it.
    expect(document.querySelector('.assent-history img')).toBeNull();

    await user.click(screen.getByRole('button', { name: SHOW_SETTINGS }));
    expect(rowsText().slice(3)).toEqual([
      [
        '01 Mar 2024, 08:00 UTC',
        'editor@example.com (token "ci")',
        'Created',
        `2 settings set ${HIDE_SETTINGS}`,
      ],
      ['url', '—', 'news.example.com'],
      ['cmpVersion', '—', 'latest'],
    ]);
    // Esc closes the drawer and gives the focus back to the History button.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('pages older changes', async () => {
    const many = page(SITE_HISTORY, { total: 120 });
    const api = siteApi(many);
    const { user } = renderApp({ path: `${ACCOUNT}/sites/detail/site-1`, api });
    await user.click(await screen.findByRole('button', { name: HISTORY_TAB }));
    const pager = await screen.findByRole('navigation', { name: HISTORY_TITLE });
    expect(within(pager).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === '/customization/v2/history')
          .map((c) => new URLSearchParams(c.search).get('page')),
      ).toEqual(['0', '2']),
    );
  });

  it('says when nothing was recorded', async () => {
    const { user } = renderApp({ path: `${ACCOUNT}/sites/detail/site-1`, api: siteApi(page([])) });
    await user.click(await screen.findByRole('button', { name: HISTORY_TAB }));
    expect(await screen.findByText(NO_HISTORY)).toBeTruthy();
  });

  it("opens a theme's history from the theme editor", async () => {
    const api = fakeApi()
      .on('GET /customization/v2/theme/42', {
        body: storedSiteTheme({ themeId: '42', themeName: 'Stored' }),
      })
      .on('GET /customization/v2/history', {
        body: page([
          entry({
            entityType: 'THEME',
            entityId: '42',
            entityName: 'Stored',
            via: 'bulk-update',
            changes: [{ field: 'themeName', from: 'Draft', to: 'Stored' }],
          }),
        ]),
      });
    const { user } = renderApp({ path: `${ACCOUNT}/themes/site/edit/42`, api });
    await user.click(await screen.findByRole('button', { name: HISTORY_TAB }));
    const drawer = await screen.findByRole('dialog', { name: `${HISTORY_TITLE}: Stored` });
    await within(drawer).findByRole('table', { name: HISTORY_TITLE });
    expect(rowsText()[1]).toEqual([
      '14 Mar 2024, 09:05 UTC',
      'editor@example.com (bulk update)',
      'Changed',
      'themeName',
      'Draft',
      'Stored',
    ]);
    const call = api.calls.find((c) => c.path === '/customization/v2/history');
    expect(new URLSearchParams(call?.search).get('entityType')).toBe('THEME');
    expect(new URLSearchParams(call?.search).get('entityId')).toBe('42');
  });

  it('offers no history for a theme not saved yet', async () => {
    renderApp({ path: `${ACCOUNT}/themes/site/new`, api: fakeApi() });
    await screen.findByRole('textbox', { name: /^Theme name/ });
    expect(screen.queryByRole('button', { name: HISTORY_TAB })).toBeNull();
  });
});
