import { HELP_CENTER_PATH } from '@assent/core';
import {
  PRODUCTS_WELCOME_INTERVAL_MS,
  PRODUCTS_WELCOME_KEY,
  SURVEY_ANSWERS,
  SURVEY_POPUP_REAPPEAR_MS,
  SURVEY_THANKS,
  surveyPopupKey,
} from '@assent/core/account';
import { buildAccountUser, buildOrganisation } from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../testing/fake-api';
import { TEST_NOW, fakeApi, renderApp } from '../testing/render';
import {
  MONETISATION,
  PRODUCTS,
  SURVEY_POPUP_CLOSE,
  SURVEY_QUESTION,
  SURVEY_TITLE,
  TERMS_ACCEPT,
  TERMS_CHECKBOX,
  TERMS_TEXT,
  TERMS_TITLE,
} from './copy';

const PCODE = 'AB12CD';
const MONETISATION_PATH = `/protect/p-${PCODE}/monetisation`;
const PROPERTIES_PATH = `/protect/p-${PCODE}/properties`;
const PRODUCTS_PATH = '/protect/assent-products';
const DAY = 86_400_000;
const ago = (ms: number) => String(TEST_NOW.getTime() - ms);

afterEach(() => {
  vi.restoreAllMocks();
});

/** window.open is not in jsdom: record what the page opens. */
const spyOpen = () => vi.spyOn(window, 'open').mockImplementation(() => null);

/** The first render of a lazy page compiles it: allow more than the default second. */
const goTo = () => screen.findByRole('button', { name: MONETISATION.goTo }, { timeout: 5000 });
/** POST /customization/cop-banner-event answers the stored event. */
const eventStored = ({ body }: { body: unknown }) => ({
  status: 201,
  body: { ...(body as object), createdAt: TEST_NOW.toISOString() },
});

const posts = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

describe('monetisation page: GO TO THE PLATFORM', () => {
  it("asks for the terms first ('Access more with your existing login') when one is missing", async () => {
    const open = spyOpen();
    let org = buildOrganisation({ pcode: PCODE, cmpTosAccepted: true, sspTosAccepted: false });
    const api = fakeApi()
      .on('GET /auth/organisations', () => ({ body: [org] }))
      .on('POST /auth/terms', () => {
        org = { ...org, sspTosAccepted: true };
        return { body: org };
      })
      .on('POST /customization/cop-banner-event', eventStored);
    const { user } = renderApp({
      path: MONETISATION_PATH,
      api,
      organisations: [org],
    });
    await user.click(await goTo());
    const dialog = await screen.findByRole('dialog', { name: TERMS_TITLE });
    expect(within(dialog).getByText(TERMS_TEXT)).toBeTruthy();
    const accept = within(dialog).getByRole('button', { name: TERMS_ACCEPT }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(open).not.toHaveBeenCalled();

    await user.click(within(dialog).getByLabelText(TERMS_CHECKBOX));
    expect(accept.disabled).toBe(false);
    await user.click(accept);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TERMS_TITLE })).toBeNull());
    // Only the missing acceptance is saved, for the signed-in user and this account.
    expect(posts(api, '/auth/terms')).toEqual([
      { accepted: true, productType: 'SSP', email: 'jane@example.com', pcode: PCODE },
    ]);
    expect(open).toHaveBeenCalledWith(HELP_CENTER_PATH, '_blank', 'noopener,noreferrer');
    await waitFor(() =>
      expect(posts(api, '/customization/cop-banner-event')).toEqual([
        { pcode: PCODE, eventType: 'ASSENT_SSP' },
      ]),
    );
  });

  it('saves both acceptances when both are missing; Cancel goes nowhere', async () => {
    const open = spyOpen();
    const org = buildOrganisation({ pcode: PCODE, cmpTosAccepted: false, sspTosAccepted: false });
    const api = fakeApi()
      .on('POST /auth/terms', ({ body }) => ({ body: { ...org, ...(body as object) } }))
      .on('POST /customization/cop-banner-event', eventStored);
    const { user } = renderApp({ path: MONETISATION_PATH, api, organisations: [org] });
    await user.click(await goTo());
    let dialog = await screen.findByRole('dialog', { name: TERMS_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TERMS_TITLE })).toBeNull());
    expect(open).not.toHaveBeenCalled();
    expect(posts(api, '/customization/cop-banner-event')).toEqual([]);

    await user.click(screen.getByRole('button', { name: MONETISATION.goTo }));
    dialog = await screen.findByRole('dialog', { name: TERMS_TITLE });
    await user.click(within(dialog).getByLabelText(TERMS_CHECKBOX));
    await user.click(within(dialog).getByRole('button', { name: TERMS_ACCEPT }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(
      posts(api, '/auth/terms').map((b) => (b as { productType: string }).productType),
    ).toEqual(['CMP', 'SSP']);
  });

  it('opens the platform at once when both terms are accepted and posts {PRODUCT}_SSP', async () => {
    const open = spyOpen();
    const api = fakeApi().on('POST /customization/cop-banner-event', eventStored);
    const { user } = renderApp({
      path: MONETISATION_PATH,
      api,
      organisations: [buildOrganisation({ pcode: PCODE })],
    });
    expect(await screen.findByRole('heading', { name: MONETISATION.hero })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MONETISATION.goTo }));
    expect(screen.queryByRole('dialog', { name: TERMS_TITLE })).toBeNull();
    expect(open).toHaveBeenCalledWith(HELP_CENTER_PATH, '_blank', 'noopener,noreferrer');
    await waitFor(() =>
      expect(posts(api, '/customization/cop-banner-event')).toEqual([
        { pcode: PCODE, eventType: 'ASSENT_SSP' },
      ]),
    );
  });

  it('only logs a failed banner event', async () => {
    spyOpen();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi().on(
      'POST /customization/cop-banner-event',
      apiError(500, 'INTERNAL_ERROR', 'Something broke'),
    );
    const { user } = renderApp({
      path: MONETISATION_PATH,
      api,
      organisations: [buildOrganisation({ pcode: PCODE })],
    });
    await user.click(await goTo());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Assent: SSP banner event failed', expect.anything()),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Something broke')).toBeNull();
  });
});

describe('products welcome modal', () => {
  const user = buildAccountUser({ pcodes: [] });

  it('shows when nothing is stored; GOT IT stores the time', async () => {
    const rendered = renderApp({ path: PRODUCTS_PATH, user });
    const dialog = await screen.findByRole('dialog', { name: PRODUCTS.welcomeTitle });
    expect(within(dialog).getByText(PRODUCTS.welcomeText)).toBeTruthy();
    await rendered.user.click(within(dialog).getByRole('button', { name: PRODUCTS.welcomeOk }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: PRODUCTS.welcomeTitle })).toBeNull(),
    );
    expect(rendered.storage.getItem(PRODUCTS_WELCOME_KEY)).toBe(String(TEST_NOW.getTime()));
  });

  it('stays away for 3 days (259,200,000 ms) after it was shown, then comes back', async () => {
    expect(PRODUCTS_WELCOME_INTERVAL_MS).toBe(259_200_000);
    const first = renderApp({
      path: PRODUCTS_PATH,
      user,
      storage: { [PRODUCTS_WELCOME_KEY]: ago(PRODUCTS_WELCOME_INTERVAL_MS - 1) },
    });
    expect(await screen.findByRole('heading', { name: PRODUCTS.title })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: PRODUCTS.welcomeTitle })).toBeNull();
    first.unmount();

    renderApp({
      path: PRODUCTS_PATH,
      user,
      storage: { [PRODUCTS_WELCOME_KEY]: ago(PRODUCTS_WELCOME_INTERVAL_MS) },
    });
    expect(await screen.findByRole('dialog', { name: PRODUCTS.welcomeTitle })).toBeTruthy();
  });
});

describe('survey popup', () => {
  const unfilled = () =>
    fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on(`GET /customization/${PCODE}/survey`, { body: { filled: false } });
  const popup = () => screen.findByRole('complementary', { name: SURVEY_TITLE });

  it('shows while the survey is not filled, with its question and the four answers', async () => {
    renderApp({ path: PROPERTIES_PATH, api: unfilled() });
    const card = await popup();
    expect(within(card).getByText(SURVEY_QUESTION)).toBeTruthy();
    expect(
      within(within(card).getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(SURVEY_ANSWERS.map((a) => a.label));
  });

  it('never shows once the survey is filled', async () => {
    renderApp({
      path: PROPERTIES_PATH,
      api: fakeApi()
        .on('GET /customization/v2/site/rows', { body: [] })
        .on(`GET /customization/${PCODE}/survey`, { body: { filled: true } }),
    });
    await screen.findByText('No properties yet');
    expect(screen.queryByRole('complementary', { name: SURVEY_TITLE })).toBeNull();
  });

  it('closing stores the time under assent.surveyPopup.closedAt.{pcode}', async () => {
    const { user, storage } = renderApp({ path: PROPERTIES_PATH, api: unfilled() });
    const card = await popup();
    await user.click(within(card).getByRole('button', { name: SURVEY_POPUP_CLOSE }));
    expect(screen.queryByRole('complementary', { name: SURVEY_TITLE })).toBeNull();
    expect(surveyPopupKey(PCODE)).toBe(`assent.surveyPopup.closedAt.${PCODE}`);
    expect(storage.getItem(`assent.surveyPopup.closedAt.${PCODE}`)).toBe(
      String(TEST_NOW.getTime()),
    );
  });

  it('comes back 30 days after it was closed, not before', async () => {
    const first = renderApp({
      path: PROPERTIES_PATH,
      api: unfilled(),
      storage: { [surveyPopupKey(PCODE)]: ago(SURVEY_POPUP_REAPPEAR_MS - 1) },
    });
    await screen.findByText('No properties yet');
    expect(screen.queryByRole('complementary', { name: SURVEY_TITLE })).toBeNull();
    first.unmount();

    expect(SURVEY_POPUP_REAPPEAR_MS).toBe(30 * DAY);
    renderApp({
      path: PROPERTIES_PATH,
      api: unfilled(),
      storage: { [surveyPopupKey(PCODE)]: ago(SURVEY_POPUP_REAPPEAR_MS) },
    });
    expect(await popup()).toBeTruthy();
  });

  it('answers with one click and thanks', async () => {
    const api = unfilled().on(`POST /customization/${PCODE}/survey`, {
      status: 201,
      body: { filled: true },
    });
    const { user } = renderApp({ path: PROPERTIES_PATH, api });
    const card = await popup();
    await user.click(within(card).getByRole('button', { name: 'Maybe' }));
    expect(await within(card).findByText(SURVEY_THANKS)).toBeTruthy();
    expect(posts(api, `/customization/${PCODE}/survey`)).toEqual([{ answer: 2, comment: '' }]);
  });

  it('only logs a failed answer', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = unfilled().on(
      `POST /customization/${PCODE}/survey`,
      apiError(500, 'INTERNAL_ERROR', 'Survey store down'),
    );
    const { user } = renderApp({ path: PROPERTIES_PATH, api });
    const card = await popup();
    await user.click(within(card).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Assent: survey popup answer failed',
        expect.objectContaining({ message: 'Survey store down' }),
      ),
    );
    expect(within(card).queryByText(SURVEY_THANKS)).toBeNull();
    expect(screen.queryByText('Survey store down')).toBeNull();
    expect(screen.queryByText('Error submitting survey')).toBeNull();
  });
});
