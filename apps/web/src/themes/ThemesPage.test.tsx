import {
  CANCEL,
  CONFIRM,
  CREATE_APP_THEME,
  CREATE_SITE_THEME,
  NO_RESULTS_FOUND,
  THEMES_DESCRIPTION,
  deleteThemeConfirmation,
  themeInUse,
} from '@assent/core/theme';
import type { ThemeListItem } from '@assent/core/theme';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { THEME_FILTER_LABEL } from './copy';

const PATH = '/protect/p-AB12CD/themes';

const item = (themeId: string, themeName: string, over: Partial<ThemeListItem> = {}) => ({
  themeId,
  themeName,
  themeType: 'SITE' as const,
  privacyModes: ['GDPR' as const],
  regulation: 'GDPR',
  gvlVersion: 3 as const,
  ...over,
});

const listApi = (items: ThemeListItem[]) =>
  fakeApi().on('GET /customization/v2/theme', { body: items });

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('themes list', () => {
  it('describes the page and lists the themes sorted by name with the spec columns', async () => {
    renderApp({
      path: PATH,
      api: listApi([
        item('12', 'zebra'),
        item('10', 'Alpha app', { themeType: 'APP', regulation: 'GDPR & US' }),
        item('11', 'beta'),
      ]),
    });
    expect(await screen.findByText(THEMES_DESCRIPTION)).toBeTruthy();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'theme',
      'regulation',
      'Type',
      'actions',
    ]);
    expect(rows().map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Alpha app',
      'beta',
      'zebra',
    ]);
    const first = within(rows()[0]!);
    expect(first.getByText('GDPR & US')).toBeTruthy();
    expect(first.getByText('App')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Edit Alpha app' }).getAttribute('href')).toBe(
      '/protect/p-AB12CD/themes/app/edit/10',
    );
  });

  it('filters by name and says No Results Found when nothing matches', async () => {
    const { user } = renderApp({
      path: PATH,
      api: listApi([item('10', 'News'), item('11', 'Sport')]),
    });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: THEME_FILTER_LABEL }), 'spo');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('Sport')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: THEME_FILTER_LABEL }), 'x');
    expect(await screen.findByText(NO_RESULTS_FOUND)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens the site and app create pages', async () => {
    const { user, router } = renderApp({ path: PATH, api: listApi([]) });
    expect(await screen.findByText(NO_RESULTS_FOUND)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: CREATE_APP_THEME }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/themes/app/new'),
    );
    await router.navigate(PATH);
    await user.click(await screen.findByRole('button', { name: CREATE_SITE_THEME }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/themes/site/new'),
    );
  });

  it('offers no Edit or Delete on the built-in themes', async () => {
    renderApp({ path: PATH, api: listApi([item('1', 'Default theme'), item('10', 'Mine')]) });
    await screen.findByRole('table');
    expect(within(rows()[0]!).queryByRole('button')).toBeNull();
    expect(within(rows()[0]!).queryByRole('link')).toBeNull();
    expect(within(rows()[1]!).getByRole('button', { name: 'Delete Mine' })).toBeTruthy();
  });

  it('deletes after CONFIRM and closes the modal when the deletion has finished', async () => {
    let items = [item('10', 'News'), item('11', 'Sport')];
    let finish: () => void = () => {};
    const api = fakeApi()
      .on('GET /customization/v2/theme', () => ({ body: items }))
      .on(
        'DELETE /customization/v2/theme/10',
        () =>
          new Promise((resolve) => {
            finish = () => {
              items = items.filter((t) => t.themeId !== '10');
              resolve({ body: { deleted: true } });
            };
          }),
      );
    const { user } = renderApp({ path: PATH, api });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete News' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(deleteThemeConfirmation('News'))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: CANCEL })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: CONFIRM }));
    // Still open while the server works.
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(screen.getByRole('dialog')).toBeTruthy();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    const call = api.calls.find((c) => c.method === 'DELETE');
    expect(call?.search).toBe('?pCode=AB12CD&themeName=News');
  });

  it('refuses to delete a theme in use, saying how many properties use it', async () => {
    const api = listApi([item('10', 'News')]).on(
      'DELETE /customization/v2/theme/10',
      apiError(409, 'CONFLICT', themeInUse(3)),
    );
    const { user } = renderApp({ path: PATH, api });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete News' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: CONFIRM }));
    expect(await within(dialog).findByText(themeInUse(3))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: CANCEL }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(1);
  });
});
