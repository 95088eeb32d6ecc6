import { CREATE_THEME_FROM_SITE, SAVE_THEME } from '@assent/core/theme';
import type { ThemeValues } from '@assent/core/theme';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LABELS } from '../property-form/copy';
import {
  ACCOUNT,
  SITE_THEMES,
  initData,
  storedSite,
  withFormRoutes,
} from '../property-form/testing';
import { fakeApi, renderApp } from '../testing/render';

/**
 * The site form's link to create a theme (themes-and-bulk-update §2, from-site): the theme editor
 * opens with `from-site`, and its save returns to the site form it came from with the new theme
 * chosen.
 */

const NEW_THEME = {
  themeId: '77',
  themeName: 'Made from the site',
  themeType: 'SITE',
  gvlVersion: 3,
} as const;

/** Site form routes whose init data lists the new theme once it has been created. */
function siteAndThemeApi() {
  let created = false;
  const api = fakeApi()
    .on('GET /customization/v2/site/init', () => ({
      body: initData('SITE', { themes: created ? [...SITE_THEMES, NEW_THEME] : SITE_THEMES }),
    }))
    .on('GET /customization/v2/site/site-1', { body: storedSite() })
    .on('POST /customization/v2/theme', ({ body }) => {
      created = true;
      return {
        status: 201,
        body: {
          ...(body as ThemeValues),
          themeId: NEW_THEME.themeId,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      };
    });
  return withFormRoutes(api);
}

const themeSelect = () => screen.getByLabelText<HTMLSelectElement>(new RegExp(`^${LABELS.theme}`));

async function createThemeFromSite(path: string, expectedLink: string) {
  const api = siteAndThemeApi();
  const ui = renderApp({ path, api });
  const link = await screen.findByRole('link', { name: CREATE_THEME_FROM_SITE });
  expect(link.getAttribute('href')).toBe(expectedLink);
  await ui.user.click(link);
  const name = await screen.findByRole('textbox', { name: /^Theme name/ });
  await ui.user.type(name, NEW_THEME.themeName);
  await ui.user.click(screen.getByRole('button', { name: SAVE_THEME }));
  return { ...ui, api };
}

describe('from-site: the site form creates a theme and gets it back', () => {
  it('from a new site: back on the new site form with the new theme chosen', async () => {
    const { router } = await createThemeFromSite(
      `${ACCOUNT}/sites/new`,
      `${ACCOUNT}/themes/site/new?from-site`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/sites/new`));
    expect(router.state.location.search).toBe('?theme=77');
    await waitFor(() => expect(themeSelect().value).toBe('77'));
    expect(themeSelect().selectedOptions[0]?.textContent).toBe(NEW_THEME.themeName);
  });

  it("from a site's edit form: back on that form, the new theme chosen and ready to save", async () => {
    const { router } = await createThemeFromSite(
      `${ACCOUNT}/sites/edit/site-1`,
      `${ACCOUNT}/themes/site/new?from-site=site-1`,
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${ACCOUNT}/sites/edit/site-1`),
    );
    await waitFor(() => expect(themeSelect().value).toBe('77'));
    const save = screen.getByRole('button', { name: 'SAVE PROPERTY' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
  });
});
