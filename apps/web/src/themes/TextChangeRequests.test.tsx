import { LANGUAGE_NAMES } from '@assent/core';
import {
  REASON_REQUIRED,
  SAVE_THEME,
  TEXT_REQUEST_APPLIED,
  TEXT_REQUEST_COLUMNS,
  TEXT_REQUEST_COOLDOWN_MS,
  TEXT_REQUEST_MODAL_TITLES,
  TEXT_REQUEST_REJECTED,
  TEXT_REQUEST_REVIEWING,
  TEXT_REQUEST_STATUS_LABELS,
  TEXT_REQUIRED,
  THEME_TAB_LABELS,
  textRequestReviewMessage,
} from '@assent/core/theme';
import type { TextChangeRequest, TextChangeRequestDraft, ThemeValues } from '@assent/core/theme';
import {
  JAN_1_2026_SECONDS,
  buildAccountUser,
  buildOrganisation,
  storedSiteTheme,
  textChangeRequest,
} from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeApi } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { LANGUAGE_TAB_LABELS, TEXT_REQUEST_LABELS as L } from './copy';

/**
 * Text change requests (themes-and-bulk-update §2, §4, §6): the request modal and its required
 * fields, the review modal with the reference id, the submitted requests table with its statuses
 * and messages, the 15-day rule after an approval, Approve and Reject for admins, and a new theme
 * keeping its request until it is saved.
 */

const PCODE = 'PR3M1UM';
const DAY_S = 24 * 3600;
/** Ten days after the builder's request was submitted. */
const TEN_DAYS_LATER = new Date((JAN_1_2026_SECONDS + 10 * DAY_S) * 1000);

/** A fake API with theme 42 and a stateful list of its text change requests. */
function requestsApi(initial: TextChangeRequest[] = []) {
  const requests = [...initial];
  const stored = storedSiteTheme({ themeId: '42', themeName: 'Stored' });
  const api = fakeApi()
    .on('GET /customization/v2/theme/42', { body: stored })
    .on('GET /text-customization-request/42', () => ({
      body: [...requests].sort((a, b) => b.createdOn - a.createdOn || b.id - a.id),
    }))
    .on('GET /text-customization-request/77', () => ({
      body: requests.filter((r) => r.themeId === '77'),
    }))
    .on('POST /text-customization-request', ({ body }) => {
      const created = (body as TextChangeRequestDraft[]).map((draft, i) => ({
        ...draft,
        id: 100 + requests.length + i,
        status: 'in-progress' as const,
        createdOn: JAN_1_2026_SECONDS,
      }));
      requests.push(...created);
      return { status: 201, body: created };
    })
    .on('POST /customization/v2/theme', ({ body }) => ({
      status: 201,
      body: {
        ...(body as ThemeValues),
        themeId: '77',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    }));
  for (const r of initial) {
    api.on(`PUT /text-customization-request/${r.id}/status`, ({ url }) => {
      const status = url.searchParams.get('status') as 'approved' | 'rejected';
      const index = requests.findIndex((x) => x.id === r.id);
      requests[index] = { ...requests[index]!, status, updatedOn: JAN_1_2026_SECONDS + DAY_S };
      return { body: requests[index] };
    });
  }
  return api;
}

async function openAdvancedEnglish(
  api: FakeApi,
  options: { isAdmin?: boolean; now?: Date; path?: string } = {},
) {
  const ui = renderApp({
    path: options.path ?? `/protect/p-${PCODE}/themes/site/edit/42`,
    api,
    now: options.now ?? TEN_DAYS_LATER,
    user: buildAccountUser({ pcodes: [PCODE], isAdmin: options.isAdmin ?? false }),
    organisations: [buildOrganisation({ pcode: PCODE, premiumEligible: true })],
  });
  await screen.findByRole('textbox', { name: /^Theme name/ });
  await ui.user.click(screen.getByRole('tab', { name: new RegExp(THEME_TAB_LABELS.advanced) }));
  const languages = screen.getByRole('group', { name: LANGUAGE_TAB_LABELS.languages });
  await ui.user.click(within(languages).getByRole('checkbox', { name: LANGUAGE_NAMES.en }));
  return ui;
}

const requestButton = () =>
  screen.getByRole('button', { name: LANGUAGE_TAB_LABELS.requestChange }) as HTMLButtonElement;
/** The dialog's footer Close (the header has an X named Close too). */
const closeButton = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button', { name: L.close })
    .find((b) => b.textContent === L.close)!;
const table = () => screen.findByRole('table');
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

describe('text change requests: the request modal', () => {
  it('requires the proposed text and the reason, then shows the review modal with the reference id', async () => {
    const api = requestsApi();
    const { user } = await openAdvancedEnglish(api);
    await user.click(requestButton());
    const dialog = await screen.findByRole('dialog', { name: TEXT_REQUEST_MODAL_TITLES.request });
    await user.click(within(dialog).getByRole('button', { name: L.submit }));
    expect(within(dialog).getByText(TEXT_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/text-customization-request')).toBe(false);

    await user.type(within(dialog).getByLabelText(L.customizationText), 'We and our partners.');
    expect(within(dialog).queryByText(TEXT_REQUIRED)).toBeNull();
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(L.reason), 'Shorter');
    await user.click(within(dialog).getByRole('button', { name: L.submit }));

    const review = await screen.findByRole('dialog', {
      name: TEXT_REQUEST_MODAL_TITLES.underReview,
    });
    expect(within(review).getByText(textRequestReviewMessage(100))).toBeTruthy();
    expect(within(review).getByText(/notify you by email/)).toBeTruthy();
    const sent = api.calls.find((c) => c.path === '/text-customization-request')?.body;
    expect(sent).toEqual([
      {
        customizationText: 'We and our partners.',
        reason: 'Shorter',
        language: 'en',
        customizationType: 'advanced',
        themeId: '42',
      },
    ]);
    await user.click(closeButton(review));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The new request is listed, in progress, and the standard text applies meanwhile.
    const [row] = await rows();
    expect(within(row!).getByText(TEXT_REQUEST_STATUS_LABELS['in-progress'])).toBeTruthy();
    expect(screen.getByText(TEXT_REQUEST_REVIEWING)).toBeTruthy();
  });
});

describe('text change requests: the submitted requests table', () => {
  it('lists the requests with the spec columns; in progress locks the textarea', async () => {
    const api = requestsApi([textChangeRequest()]);
    const { user } = await openAdvancedEnglish(api);
    expect(screen.getByRole('heading', { name: TEXT_REQUEST_MODAL_TITLES.submitted })).toBeTruthy();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(TEXT_REQUEST_COLUMNS.map((c) => c.title));
    const [row] = await rows();
    expect(within(row!).getByText('7')).toBeTruthy();
    expect(within(row!).getByText('We and our partners use cookies.')).toBeTruthy();
    expect(within(row!).getByText('2026-01-01')).toBeTruthy();
    expect(within(row!).getByText(TEXT_REQUEST_STATUS_LABELS['in-progress'])).toBeTruthy();
    expect(screen.getByText(TEXT_REQUEST_REVIEWING)).toBeTruthy();
    // A non-admin has no Approve or Reject.
    expect(screen.queryByRole('button', { name: L.approve })).toBeNull();
    await user.click(requestButton());
    const dialog = await screen.findByRole('dialog', { name: TEXT_REQUEST_MODAL_TITLES.request });
    const text = within(dialog).getByLabelText<HTMLTextAreaElement>(L.customizationText);
    expect(text.readOnly).toBe(true);
    expect(text.value).toBe('We and our partners use cookies.');
    expect(within(dialog).queryByRole('button', { name: L.submit })).toBeNull();
  });

  it('after an approval: the applied message, and a new request only after 15 days', async () => {
    const approved = textChangeRequest({ status: 'approved', updatedOn: JAN_1_2026_SECONDS });
    const cooldownEnds = JAN_1_2026_SECONDS * 1000 + TEXT_REQUEST_COOLDOWN_MS;
    expect(TEXT_REQUEST_COOLDOWN_MS).toBe(15 * DAY_S * 1000);

    const before = await openAdvancedEnglish(requestsApi([approved]), {
      now: new Date(cooldownEnds - 1000),
    });
    expect(await screen.findByText(TEXT_REQUEST_APPLIED)).toBeTruthy();
    expect(within((await rows())[0]!).getByText(TEXT_REQUEST_STATUS_LABELS.approved)).toBeTruthy();
    expect(requestButton().disabled).toBe(true);
    before.unmount();

    await openAdvancedEnglish(requestsApi([approved]), { now: new Date(cooldownEnds) });
    expect(await screen.findByText(TEXT_REQUEST_APPLIED)).toBeTruthy();
    expect(requestButton().disabled).toBe(false);
  });

  it('after a rejection: the rejected message, and a new request at once', async () => {
    const rejected = textChangeRequest({ status: 'rejected', updatedOn: JAN_1_2026_SECONDS });
    const { user } = await openAdvancedEnglish(requestsApi([rejected]), {
      now: new Date(JAN_1_2026_SECONDS * 1000 + 60_000),
    });
    expect(await screen.findByText(TEXT_REQUEST_REJECTED)).toBeTruthy();
    expect(within((await rows())[0]!).getByText(TEXT_REQUEST_STATUS_LABELS.rejected)).toBeTruthy();
    expect(requestButton().disabled).toBe(false);
    await user.click(requestButton());
    const dialog = await screen.findByRole('dialog', { name: TEXT_REQUEST_MODAL_TITLES.request });
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(L.customizationText).readOnly).toBe(
      false,
    );
  });
});

describe('text change requests: admins', () => {
  it.each([
    ['approved', L.approve, TEXT_REQUEST_APPLIED],
    ['rejected', L.reject, TEXT_REQUEST_REJECTED],
  ] as const)(
    'an admin decides an in-progress request (%s) and the table follows',
    async (status, button, message) => {
      const api = requestsApi([
        textChangeRequest(),
        textChangeRequest({ id: 3, status: 'rejected', createdOn: JAN_1_2026_SECONDS - DAY_S }),
      ]);
      const { user } = await openAdvancedEnglish(api, { isAdmin: true });
      const all = await rows();
      expect(all).toHaveLength(2);
      // Only the in-progress request offers a decision.
      expect(screen.getAllByRole('button', { name: L.approve })).toHaveLength(1);
      expect(within(all[0]!).getByRole('button', { name: L.reject })).toBeTruthy();
      expect(within(all[1]!).queryByRole('button', { name: L.approve })).toBeNull();
      await user.click(within(all[0]!).getByRole('button', { name: button }));
      const put = await waitFor(() => {
        const call = api.calls.find((c) => c.method === 'PUT');
        expect(call).toBeTruthy();
        return call!;
      });
      expect(put.path).toBe('/text-customization-request/7/status');
      expect(put.search).toBe(`?status=${status}`);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(within((await rows())[0]!).getByText(TEXT_REQUEST_STATUS_LABELS[status])).toBeTruthy();
      expect(screen.queryByRole('button', { name: L.approve })).toBeNull();
    },
  );
});

describe('text change requests: a new theme', () => {
  it('keeps the request until the theme is saved, then sends it with the new id', async () => {
    const api = requestsApi();
    const { user, router } = await openAdvancedEnglish(api, {
      path: `/protect/p-${PCODE}/themes/site/new`,
    });
    await user.click(requestButton());
    const dialog = await screen.findByRole('dialog', { name: TEXT_REQUEST_MODAL_TITLES.request });
    await user.type(within(dialog).getByLabelText(L.customizationText), 'New wording');
    await user.type(within(dialog).getByLabelText(L.reason), 'Brand voice');
    await user.click(within(dialog).getByRole('button', { name: L.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(L.queued)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/text-customization-request')).toBe(false);
    // Reopening shows the kept request.
    await user.click(requestButton());
    const again = await screen.findByRole('dialog', { name: TEXT_REQUEST_MODAL_TITLES.request });
    expect(within(again).getByLabelText<HTMLTextAreaElement>(L.reason).value).toBe('Brand voice');
    await user.click(closeButton(again));

    await user.click(screen.getByRole('tab', { name: THEME_TAB_LABELS.basic }));
    await user.type(screen.getByRole('textbox', { name: /^Theme name/ }), 'Fresh');
    await user.click(screen.getByRole('button', { name: SAVE_THEME }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/protect/p-${PCODE}/themes`));
    const order = api.calls
      .filter((c) => c.method === 'POST')
      .map((c) => c.path)
      .filter((p) => p !== `/analytics/v1/properties/pcode/${PCODE}`);
    expect(order).toEqual(['/customization/v2/theme', '/text-customization-request']);
    expect(api.calls.find((c) => c.path === '/text-customization-request')?.body).toEqual([
      {
        customizationText: 'New wording',
        reason: 'Brand voice',
        language: 'en',
        customizationType: 'advanced',
        themeId: '77',
      },
    ]);
  });
});
