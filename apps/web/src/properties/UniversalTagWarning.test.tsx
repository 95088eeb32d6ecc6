import {
  UNIVERSAL_TAG_WARNING,
  UNIVERSAL_TAG_WARNING_NOTE,
  universalTagDetected,
  universalTagWarningKey,
} from '@assent/core/property';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LABELS, SAVE_PROPERTY } from '../property-form/copy';
import { ACCOUNT, PCODE, storedSite, withFormRoutes } from '../property-form/testing';
import { UNIVERSAL_TAG_BUTTON } from '../shell/UniversalTagButton';
import { gdprAnalytics, listItem } from '../testing/builders';
import { fakeApi, renderApp } from '../testing/render';
import { CLOSE_TAG_WARNING } from './UniversalTagWarning';

const PATH = `${ACCOUNT}/properties`;
const ANALYTICS = `POST /analytics/v1/properties/pcode/${PCODE}`;
const universalTag = {
  body: {
    type: 'universal',
    title: 'Your Universal Tag',
    snippet: '<script src="/banner/universal.js"></script>',
    styles: null,
    instructions: ['Paste the tag in the <head> of every page.'],
  },
};
const warning = () => screen.findByTestId('universal-tag-warning');

describe('universal-tag warning', () => {
  it('follows a new site to the list: the warning, its 24-hour note and the universal tag', async () => {
    let created = false;
    const api = withFormRoutes(fakeApi())
      .on('GET /customization/v2/site/rows', () => ({
        body: created ? [listItem(1, { uuid: 'site-new', url: 'news.example.com' })] : [],
      }))
      .on('POST /customization/v2/site', ({ body }) => {
        created = true;
        return {
          status: 201,
          body: {
            ...(body as object),
            uuid: 'site-new',
            siteId: 10,
            pCode: PCODE,
            editable: true,
            createdAt: '2024-03-15T00:00:00.000Z',
            updatedAt: '2024-03-15T00:00:00.000Z',
          },
        };
      })
      .on('GET /customization/v2/tag', universalTag);
    const { user, router, storage } = renderApp({ path: `${ACCOUNT}/sites/new`, api });
    await screen.findByRole('form', { name: 'Create a site' });
    // No warning before anything was added.
    expect(storage.getItem(universalTagWarningKey(PCODE))).toBeNull();
    await user.type(screen.getByLabelText(new RegExp(`^${LABELS.url}`)), 'news.example.com');
    await user.selectOptions(
      screen.getByLabelText(new RegExp(`^${LABELS.theme}`)),
      'Default theme',
    );
    await user.click(screen.getByRole('button', { name: SAVE_PROPERTY }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));

    const callout = await warning();
    expect(within(callout).getByRole('heading', { name: UNIVERSAL_TAG_WARNING })).toBeTruthy();
    expect(within(callout).getByText(UNIVERSAL_TAG_WARNING_NOTE)).toBeTruthy();
    expect(callout.className).toContain('bp6-intent-warning');
    expect(storage.getItem(universalTagWarningKey(PCODE))).toBe('site-new');
    // Its analytics are asked for the new site only.
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) =>
            c.path.startsWith('/analytics/') &&
            JSON.stringify((c.body as { propertyIds: string[] }).propertyIds) === '["site-new"]',
        ),
      ).toBe(true),
    );

    await user.click(within(callout).getByRole('button', { name: UNIVERSAL_TAG_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Universal Tag' });
    expect(
      await within(dialog).findByText('<script src="/banner/universal.js"></script>'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // It stays on the list until closed; closing forgets it.
    expect(screen.getByTestId('universal-tag-warning')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: CLOSE_TAG_WARNING }));
    expect(screen.queryByTestId('universal-tag-warning')).toBeNull();
    expect(storage.getItem(universalTagWarningKey(PCODE))).toBeNull();
  });

  it('an edited site raises no warning', async () => {
    const api = withFormRoutes(fakeApi())
      .on('GET /customization/v2/site/site-1', { body: storedSite() })
      .on('PUT /customization/v2/site/site-1', ({ body }) => ({
        body: storedSite(body as object),
      }));
    const { user, router, storage } = renderApp({ path: `${ACCOUNT}/sites/edit/site-1`, api });
    await screen.findByRole('form', { name: 'Edit a site' });
    await user.type(screen.getByLabelText(new RegExp(`^${LABELS.publisherName}`)), ' Daily');
    await user.click(screen.getByRole('button', { name: SAVE_PROPERTY }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
    expect(storage.getItem(universalTagWarningKey(PCODE))).toBeNull();
    expect(screen.queryByTestId('universal-tag-warning')).toBeNull();
  });

  it("turns green once the site's analytics count a banner shown", async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', {
        body: [listItem(1, { uuid: 'site-new', url: 'news.example.com' })],
      })
      .on(ANALYTICS, { body: { 'site-new': gdprAnalytics(60) } });
    renderApp({ path: PATH, api, storage: { [universalTagWarningKey(PCODE)]: 'site-new' } });
    const callout = await warning();
    expect(await within(callout).findByText(universalTagDetected('news.example.com'))).toBeTruthy();
    expect(callout.className).toContain('bp6-intent-success');
    expect(within(callout).queryByText(UNIVERSAL_TAG_WARNING_NOTE)).toBeNull();
    expect(within(callout).getByRole('heading', { name: UNIVERSAL_TAG_WARNING })).toBeTruthy();
  });

  it('is forgotten when the site is no longer on the account', async () => {
    const api = fakeApi().on('GET /customization/v2/site/rows', { body: [listItem(2)] });
    const { storage } = renderApp({
      path: PATH,
      api,
      storage: { [universalTagWarningKey(PCODE)]: 'site-deleted' },
    });
    await screen.findByRole('table');
    await waitFor(() => expect(storage.getItem(universalTagWarningKey(PCODE))).toBeNull());
    expect(screen.queryByTestId('universal-tag-warning')).toBeNull();
  });
});
