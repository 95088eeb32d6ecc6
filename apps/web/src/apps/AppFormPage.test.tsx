import { APP_ERROR_CLEAR_MS } from '@assent/core/account';
import {
  APP_CREATE_ERROR,
  DUPLICATE_PROPERTY,
  MSPA_PURPOSES,
  PACKAGE_ID_INVALID,
  UNEXPECTED_ERROR,
} from '@assent/core/property';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES } from '../components/copy';
import { CARD_TITLES, LABELS, SAVE_PENDING, SAVE_PROPERTY } from '../property-form/copy';
import {
  ACCOUNT,
  PCODE,
  initData,
  otherProperty,
  storedApp,
  withFormRoutes,
} from '../property-form/testing';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';

const NEW = `${ACCOUNT}/apps/new`;
const APP_PATH = '/customization/v2/app';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escape(label)}`)) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: SAVE_PROPERTY }) as HTMLButtonElement;

async function renderNew(options: Parameters<typeof withFormRoutes>[1] = {}) {
  const api = withFormRoutes(fakeApi(), { type: 'APP', ...options });
  const rendered = renderApp({ path: NEW, api });
  await screen.findByRole('form', { name: 'Create New App' });
  return rendered;
}

async function renderFilled(options: Parameters<typeof withFormRoutes>[1] = {}) {
  const rendered = await renderNew(options);
  await rendered.user.type(field(LABELS.packageId), 'com.example.news');
  await rendered.user.selectOptions(field(LABELS.theme), 'Default app theme');
  return rendered;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('app form', () => {
  it("Create New App: back link, CANCEL to the account's list, SAVE PROPERTY once changed", async () => {
    const { user, router } = await renderNew();
    expect(screen.getByRole('link', { name: /Back to all properties/ })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await user.type(field(LABELS.appName), 'News');
    expect(saveButton().disabled).toBe(false);
    // Unsaved changes: CANCEL asks first (issue 17 item 5).
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title });
    expect(router.state.location.pathname).toBe(NEW);
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES.leave }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
  });

  it('has the cards of an app; the CMP version is fixed to the first fetched', async () => {
    const versions = initData('APP').cmpVersions;
    const first = versions.find((v) => v.version === 62)!;
    await renderNew({ init: { cmpVersions: [first, ...versions.filter((v) => v !== first)] } });
    const version = field(LABELS.cmpVersion) as unknown as HTMLSelectElement;
    expect(version.disabled).toBe(true);
    expect(version.value).toBe('62');
    for (const title of [
      CARD_TITLES.general,
      CARD_TITLES.consentScope,
      CARD_TITLES.consentConfiguration,
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeTruthy();
    }
    const scope = within(screen.getByRole('radiogroup', { name: LABELS.consentScope }));
    expect(scope.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Your app only',
    ]);
    expect(screen.queryByRole('region', { name: CARD_TITLES.googleBasicConsent })).toBeNull();
  });

  it('checks the package id, and duplicates among the properties', async () => {
    const { user } = await renderNew({ list: [otherProperty('com.example.taken', 'APP')] });
    await user.type(field(LABELS.packageId), '1news');
    expect(await screen.findByText(PACKAGE_ID_INVALID)).toBeTruthy();
    await user.clear(field(LABELS.packageId));
    await user.type(field(LABELS.packageId), 'COM.example.taken');
    expect(await screen.findByText(DUPLICATE_PROPERTY)).toBeTruthy();
  });

  it('US regulation adds the two US cards with the first four purposes', async () => {
    const { user } = await renderNew();
    await user.click(
      within(screen.getByRole('group', { name: LABELS.consentLocations })).getByRole('checkbox', {
        name: 'USA',
      }),
    );
    expect(screen.getByRole('region', { name: CARD_TITLES.usConsentScope })).toBeTruthy();
    expect(screen.getByRole('region', { name: CARD_TITLES.mspa })).toBeTruthy();
    const purposes = within(screen.getByRole('group', { name: LABELS.mspaPurposes }));
    expect(purposes.getAllByRole('checkbox')).toHaveLength(4);
    expect(purposes.getByRole('checkbox', { name: MSPA_PURPOSES[3].name })).toBeTruthy();
  });

  it('saves a new app (LOADING... while pending), then the properties list', async () => {
    const { user, api, router } = await renderFilled();
    let release: () => void = () => {};
    api.on(`POST ${APP_PATH}`, ({ body }) => {
      return new Promise((resolve) => {
        release = () =>
          resolve({ status: 201, body: storedApp(body as object, { uuid: 'app-new' }) });
      });
    });
    await user.click(saveButton());
    expect(
      ((await screen.findByRole('button', { name: SAVE_PENDING })) as HTMLButtonElement).disabled,
    ).toBe(true);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
    const post = api.calls.find((c) => c.method === 'POST' && c.path === APP_PATH);
    expect(post?.search).toBe(`?pCode=${PCODE}`);
    expect(post?.body).toMatchObject({
      propertyType: 'APP',
      packageId: 'com.example.news',
      themeId: '2',
      consentScope: 'service',
    });
  });

  it("a refusal reads 'There was an error creating your app' with the server's message; it clears after 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api } = await renderFilled();
    api.on(`POST ${APP_PATH}`, apiError(400, 'VALIDATION_ERROR', 'Theme not found'));
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(APP_CREATE_ERROR);
    expect(alert.textContent).toContain('Theme not found');
    await act(async () => {
      vi.advanceTimersByTime(APP_ERROR_CLEAR_MS);
    });
    expect(screen.queryByText(APP_CREATE_ERROR)).toBeNull();
  });

  it("any other failure reads 'There was an unexpected error, please try again later'", async () => {
    const { user, api } = await renderFilled();
    api.on(`POST ${APP_PATH}`, apiError(500, 'INTERNAL_ERROR', 'boom'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toContain(UNEXPECTED_ERROR);
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('edits an app with PUT and its package id', async () => {
    const api = withFormRoutes(fakeApi(), { type: 'APP' })
      .on(`GET ${APP_PATH}/app-1`, { body: storedApp() })
      .on(`PUT ${APP_PATH}/app-1`, ({ body }) => ({ body: storedApp(body as object) }));
    const { user, router } = renderApp({ path: `${ACCOUNT}/apps/edit/app-1`, api });
    await screen.findByRole('form', { name: 'Edit an App' });
    expect(field(LABELS.packageId).value).toBe('com.example.news');
    expect(saveButton().disabled).toBe(true);
    await user.type(field(LABELS.appName), ' Plus');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      packageId: 'com.example.news',
      publisherName: 'Example News App Plus',
    });
  });

  it('an app that is not there sends the user back to the properties list', async () => {
    const api = withFormRoutes(fakeApi(), { type: 'APP' }).on(
      `GET ${APP_PATH}/gone`,
      apiError(404, 'NOT_FOUND', 'Not found'),
    );
    const { router } = renderApp({ path: `${ACCOUNT}/apps/edit/gone`, api });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
  });

  it('routes: edit without an id → the list; no action → the list; another action → not found', async () => {
    const api = withFormRoutes(fakeApi(), { type: 'APP' });
    const first = renderApp({ path: `${ACCOUNT}/apps/edit`, api });
    await waitFor(() => expect(first.router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
    first.unmount();
    const second = renderApp({ path: `${ACCOUNT}/apps`, api });
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe(`${ACCOUNT}/properties`),
    );
    second.unmount();
    renderApp({ path: `${ACCOUNT}/apps/archive/app-1`, api });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
