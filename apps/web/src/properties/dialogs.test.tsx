import { HELP_CENTER_PATH } from '@assent/core';
import { REQUIRED } from '@assent/core';
import {
  SURVEY_ANSWER_REQUIRED,
  SURVEY_THANKS,
  TAG_COPIED_CONFIRMATION_MS,
} from '@assent/core/account';
import {
  AUDIT_FAILURE_TITLE,
  AUDIT_SUCCESS_TITLE,
  COPY_PROPERTIES,
  END_DATE_IN_FUTURE,
  END_DATE_TOO_OLD,
} from '@assent/core/audit-log';
import type { AuditLog } from '@assent/core/audit-log';
import {
  DELETE_PROPERTY_CONFIRM,
  DELETE_PROPERTY_TITLE,
  DOCUMENTATION_ALERT,
  NOT_ABLE_TO_DELETE,
  PENDING_UPDATES,
  PROPERTY_MORE_OPTIONS,
  PROPERTY_NAMES_COPIED,
  TAG_COPIED,
  TAKE_SURVEY,
  deletePropertyConfirmation,
} from '@assent/core/property';
import { DISPLAY_PERSISTENT_LINK, TCF_TAG_TAB } from '@assent/core/tags';
import { buildOrganisation } from '@assent/core/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNIVERSAL_TAG_BUTTON } from '../shell/UniversalTagButton';
import { SURVEY_SUBMIT, SURVEY_TITLE } from '../promotions/copy';
import { apiError } from '../testing/fake-api';
import { listItem } from '../testing/builders';
import { fakeApi, renderApp } from '../testing/render';
import { DOWNLOAD_LOGS_TITLE, END_DATE_LABEL, PREPARE_LOGS } from './DownloadLogsDialog';
import {
  DOCUMENTATION_ALERT_TEXT,
  DOCUMENTATION_FEEDBACK,
  TAG_TAB,
  TCF_TAG_NOTE,
} from './TagDialog';

const PATH = '/protect/p-AB12CD/properties';
const tag = (
  type: 'universal' | 'site' | 'amp',
  extra: Partial<{ styles: string; name: string }> = {},
) => ({
  body: {
    type,
    title: 'ignored',
    snippet: `<script src="/banner/${extra.name ?? type}.js"></script>`,
    styles: extra.styles ?? null,
    instructions: ['Paste the tag in the <head> of every page.'],
  },
});

async function openMoreOptions(
  user: ReturnType<typeof renderApp>['user'],
  name: string,
  option: string,
) {
  await user.click(await screen.findByRole('button', { name: `More Options: ${name}` }));
  await user.click(await screen.findByText(option));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('tag dialogs', () => {
  it("shows the server's message when the universal tag is not available", async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on(
        'GET /customization/v2/tag',
        apiError(501, 'NOT_IMPLEMENTED', 'Tags are not available yet.'),
      );
    const { user } = renderApp({ path: PATH, api });
    await user.click(await screen.findByRole('button', { name: UNIVERSAL_TAG_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Universal Tag' });
    expect(await within(dialog).findByText('Tags are not available yet.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/customization/v2/tag')?.search).toBe(
      '?pCode=AB12CD&type=universal',
    );
  });

  it("copies the tag and says 'The tag has been copied' for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/v2/tag', tag('universal'));
    const { user } = renderApp({ path: PATH, api });
    await user.click(await screen.findByRole('button', { name: UNIVERSAL_TAG_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Universal Tag' });
    await user.click(await within(dialog).findByRole('button', { name: 'COPY' }));
    expect(await within(dialog).findByText(TAG_COPIED)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      '<script src="/banner/universal.js"></script>',
    );
    await act(async () => {
      vi.advanceTimersByTime(TAG_COPIED_CONFIRMATION_MS + 10);
    });
    expect(within(dialog).queryByText(TAG_COPIED)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'INSTRUCTIONS' }));
    expect(within(dialog).getByText('Paste the tag in the <head> of every page.')).toBeTruthy();
  });

  it('offers the TCF 2.0 tab to premium accounts only, saying it is the same tag', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/v2/tag', tag('universal'));
    const { user } = renderApp({
      path: PATH,
      api,
      organisations: [
        buildOrganisation({ pcode: 'AB12CD', premiumEligible: true, sspTosAccepted: false }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: UNIVERSAL_TAG_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Universal Tag' });
    expect(within(dialog).getByRole('tab', { name: TAG_TAB }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(within(dialog).queryByText(TCF_TAG_NOTE)).toBeNull();
    await user.click(await within(dialog).findByRole('tab', { name: TCF_TAG_TAB }));
    expect(within(dialog).getByText(TCF_TAG_NOTE)).toBeTruthy();
    expect(
      await within(dialog).findByText('<script src="/banner/universal.js"></script>'),
    ).toBeTruthy();
    // One tag for both tabs: no other variant is asked for.
    expect(
      api.calls.filter((c) => c.path === '/customization/v2/tag').map((c) => c.search),
    ).toEqual(['?pCode=AB12CD&type=universal']);
  });

  it('shows no TCF 2.0 tab to accounts without premium', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [listItem(1)] })
      .on('GET /customization/v2/tag', ({ url }) =>
        tag(url.searchParams.get('type') === 'site' ? 'site' : 'universal'),
      );
    const { user } = renderApp({
      path: PATH,
      api,
      organisations: [
        buildOrganisation({ pcode: 'AB12CD', premiumEligible: false, sspTosAccepted: false }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: UNIVERSAL_TAG_BUTTON }));
    const universal = await screen.findByRole('dialog', { name: 'Your Universal Tag' });
    expect(
      await within(universal).findByText('<script src="/banner/universal.js"></script>'),
    ).toBeTruthy();
    expect(within(universal).queryByRole('tab')).toBeNull();
    expect(within(universal).queryByText(TCF_TAG_TAB)).toBeNull();
    await user.click(within(universal).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openMoreOptions(user, 'site-01.example.com', PROPERTY_MORE_OPTIONS.getTag);
    const site = await screen.findByRole('dialog', { name: 'Your Site Tag' });
    expect(await within(site).findByText('<script src="/banner/site.js"></script>')).toBeTruthy();
    expect(within(site).queryByRole('tab')).toBeNull();
  });

  it('shows the documentation alert with the instructions', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/v2/tag', tag('universal'));
    const { user } = renderApp({ path: PATH, api });
    await user.click(await screen.findByRole('button', { name: UNIVERSAL_TAG_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Universal Tag' });
    await within(dialog).findByText('<script src="/banner/universal.js"></script>');
    const instructions = within(dialog).getByRole('button', { name: 'INSTRUCTIONS' });
    expect(instructions.getAttribute('aria-expanded')).toBe('false');
    await user.click(instructions);
    expect(instructions.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByRole('heading', { name: DOCUMENTATION_ALERT })).toBeTruthy();
    expect(within(dialog).getByText(DOCUMENTATION_ALERT_TEXT)).toBeTruthy();
    const link = within(dialog).getByRole('button', { name: DOCUMENTATION_FEEDBACK });
    expect(link.getAttribute('href')).toBe(HELP_CENTER_PATH);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('gets the AMP tag with its styles block and the persistent link checkbox', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [listItem(1, { ampEnabled: true })] })
      .on('GET /customization/v2/tag', ({ url }) =>
        tag('amp', {
          name: `amp-${url.searchParams.get('persistentLink')}`,
          styles: '<style amp-custom></style>',
        }),
      );
    const { user } = renderApp({ path: PATH, api });
    await openMoreOptions(user, 'site-01.example.com', PROPERTY_MORE_OPTIONS.getAmpTag);
    const dialog = await screen.findByRole('dialog', { name: 'Your Choice AMP Tag' });
    expect(
      await within(dialog).findByText('<script src="/banner/amp-false.js"></script>'),
    ).toBeTruthy();
    expect(within(dialog).getByText('<style amp-custom></style>')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(DISPLAY_PERSISTENT_LINK));
    expect(
      await within(dialog).findByText('<script src="/banner/amp-true.js"></script>'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/customization/v2/tag').at(-1)?.search).toBe(
      '?pCode=AB12CD&type=amp&id=uuid-01&persistentLink=true',
    );
  });
});

describe('delete confirmation', () => {
  it("asks with the spec's text and deletes", async () => {
    let items = [listItem(1)];
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', () => ({ body: items }))
      .on('DELETE /customization/v2/site/uuid-01', () => {
        items = [];
        return { body: { deleted: true } };
      });
    const { user } = renderApp({ path: PATH, api });
    await openMoreOptions(user, 'site-01.example.com', PROPERTY_MORE_OPTIONS.delete);
    const dialog = await screen.findByRole('dialog', { name: DELETE_PROPERTY_TITLE });
    expect(within(dialog).getByText(deletePropertyConfirmation('site'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: DELETE_PROPERTY_CONFIRM }));
    expect(await screen.findByText('No properties yet')).toBeTruthy();
  });

  it("refuses a property with pending updates: 'Not able to delete'", async () => {
    const api = fakeApi().on('GET /customization/v2/site/rows', {
      body: [listItem(1, { editable: false })],
    });
    const { user } = renderApp({ path: PATH, api });
    await openMoreOptions(user, 'site-01.example.com', PROPERTY_MORE_OPTIONS.delete);
    const dialog = await screen.findByRole('dialog', { name: NOT_ABLE_TO_DELETE });
    expect(within(dialog).getByText(PENDING_UPDATES)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it("shows the server's refusal in the dialog", async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', {
        body: [listItem(1, { propertyType: 'APP', propertyTypeLabel: 'App' })],
      })
      .on(
        'DELETE /customization/v2/app/uuid-01',
        apiError(409, 'NOT_EDITABLE', NOT_ABLE_TO_DELETE),
      );
    const { user } = renderApp({ path: PATH, api });
    await openMoreOptions(user, 'com.example.app01', PROPERTY_MORE_OPTIONS.delete);
    const dialog = await screen.findByRole('dialog', { name: DELETE_PROPERTY_TITLE });
    expect(within(dialog).getByText(deletePropertyConfirmation('app'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: DELETE_PROPERTY_CONFIRM }));
    expect(await within(dialog).findByText(NOT_ABLE_TO_DELETE)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')?.search).toBe(
      '?pCode=AB12CD&packageId=com.example.app01',
    );
  });
});

describe('download logs and audit modals', () => {
  const log = (id: string, state: AuditLog['queryState'], url: string): AuditLog => ({
    id,
    queryId: `q-${id}`,
    url,
    queryState: state,
    isDownloaded: false,
    isDownloading: false,
    endDate: '2024-03-14',
    daysBack: 30,
    rows: state === 'SUCCEEDED' ? 12 : null,
    error: state === 'FAILED' ? 'Query failed' : null,
    createdAt: '2024-03-15T10:00:00.000Z',
  });

  it('checks the end date and prepares the logs of the site', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [listItem(1)] })
      .on('POST /customization/v2/audit-log', {
        status: 202,
        body: log('1', 'QUEUED', 'http://site-01.example.com'),
      });
    const { user } = renderApp({ path: PATH, api });
    await openMoreOptions(user, 'site-01.example.com', PROPERTY_MORE_OPTIONS.downloadLogs);
    const dialog = await screen.findByRole('dialog', { name: DOWNLOAD_LOGS_TITLE });
    const end = within(dialog).getByLabelText(new RegExp(END_DATE_LABEL)) as HTMLInputElement;
    // The end date starts on today; no period is chosen for the user.
    expect(end.value).toBe('2024-03-15');
    for (const days of ['30 days', '60 days', '90 days'])
      expect((within(dialog).getByLabelText(days) as HTMLInputElement).checked).toBe(false);
    await user.clear(end);
    await user.click(within(dialog).getByRole('button', { name: PREPARE_LOGS }));
    expect(within(dialog).getAllByText(REQUIRED)).toHaveLength(2);
    await user.type(end, '2024-04-01');
    await user.click(within(dialog).getByRole('button', { name: PREPARE_LOGS }));
    expect(within(dialog).getByText(END_DATE_IN_FUTURE)).toBeTruthy();
    await user.clear(end);
    await user.type(end, '2023-02-14');
    await user.click(within(dialog).getByRole('button', { name: PREPARE_LOGS }));
    expect(within(dialog).getByText(END_DATE_TOO_OLD)).toBeTruthy();
    await user.clear(end);
    await user.type(end, '2024-03-10');
    await user.click(within(dialog).getByLabelText('60 days'));
    await user.click(within(dialog).getByRole('button', { name: PREPARE_LOGS }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: DOWNLOAD_LOGS_TITLE })).toBeNull(),
    );
    expect(api.calls.find((c) => c.path === '/customization/v2/audit-log')?.body).toEqual({
      url: 'http://site-01.example.com',
      endDate: '2024-03-10',
      daysBack: 60,
    });
  });

  it('lists ready logs in the success modal; OK acknowledges them', async () => {
    let logs = [log('1', 'SUCCEEDED', 'http://a.example.com')];
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/v2/audit-log/status', () => ({ body: logs }))
      .on('POST /customization/v2/audit-log/hide', () => {
        logs = [];
        return { body: { hidden: 1 } };
      });
    const { user } = renderApp({ path: PATH, api });
    const dialog = await screen.findByRole('dialog', { name: AUDIT_SUCCESS_TITLE });
    expect(within(dialog).getByText('http://a.example.com')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: AUDIT_SUCCESS_TITLE })).toBeNull(),
    );
    expect(api.calls.find((c) => c.path === '/customization/v2/audit-log/hide')?.body).toEqual({
      ids: ['1'],
    });
  });

  it('lists failed logs with Copy Properties', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/v2/audit-log/status', {
        body: [
          log('2', 'FAILED', 'http://b.example.com'),
          log('3', 'CANCELLED', 'http://c.example.com'),
        ],
      });
    const { user } = renderApp({ path: PATH, api });
    const dialog = await screen.findByRole('dialog', { name: AUDIT_FAILURE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: COPY_PROPERTIES }));
    expect(await within(dialog).findByText(PROPERTY_NAMES_COPIED)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('http://b.example.com\nhttp://c.example.com');
  });

  it('polls pending logs every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state: AuditLog['queryState'] = 'RUNNING';
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/v2/audit-log/status', () => ({
        body: [log('4', state, 'http://d.example.com')],
      }));
    renderApp({ path: PATH, api });
    const polls = () =>
      api.calls.filter((c) => c.path === '/customization/v2/audit-log/status').length;
    await waitFor(() => expect(polls()).toBe(1));
    state = 'SUCCEEDED';
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(polls()).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(1_500);
    });
    await waitFor(() => expect(polls()).toBe(2));
    expect(await screen.findByRole('dialog', { name: AUDIT_SUCCESS_TITLE })).toBeTruthy();
  });
});

describe('survey modal', () => {
  it('needs an answer, then thanks', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/site/rows', { body: [] })
      .on('GET /customization/AB12CD/survey', { body: { filled: false } })
      .on('POST /customization/AB12CD/survey', { status: 201, body: { filled: true } });
    const { user, storage } = renderApp({ path: PATH, api });
    // The popup was closed recently: only the banner's link opens the survey.
    storage.setItem(
      'assent.surveyPopup.closedAt.AB12CD',
      String(Date.parse('2024-03-10T00:00:00Z')),
    );
    await user.click(await screen.findByRole('button', { name: TAKE_SURVEY }));
    const dialog = await screen.findByRole('dialog', { name: SURVEY_TITLE });
    await user.click(within(dialog).getByRole('button', { name: SURVEY_SUBMIT }));
    expect(within(dialog).getByText(SURVEY_ANSWER_REQUIRED)).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Maybe'));
    await user.type(within(dialog).getByRole('textbox'), 'Later this year');
    await user.click(within(dialog).getByRole('button', { name: SURVEY_SUBMIT }));
    expect(await screen.findByText(SURVEY_THANKS)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/survey'))?.body).toEqual({
      answer: 2,
      comment: 'Later this year',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: TAKE_SURVEY })).toBeNull());
  });
});
