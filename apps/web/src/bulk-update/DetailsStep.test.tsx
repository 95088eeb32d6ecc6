import { INVALID_URL, LINK_TEXT_REQUIRED, LINK_URL_INVALID } from '@assent/core';
import { BULK_REGULATION_REQUIRED, BULK_STEP_TITLES } from '@assent/core/bulk-update';
import {
  GBC_PURPOSE_REQUIRED,
  MSPA_PURPOSES,
  REPROMPT_DAYS_MINIMUM,
  SENSITIVE_DATA_CATEGORIES,
  SENSITIVE_DATA_DIALOG_TITLE,
} from '@assent/core/property';
import { ADD_ONE } from '@assent/core/theme';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render';
import { DETAILS, LEGAL_BASIS_DIALOG, STEP_ACTIONS } from './copy';
import { FLOW, bulkApi, selectAndNext, waitForPath } from './testing';

const next = () => screen.getByRole('button', { name: 'NEXT' }) as HTMLButtonElement;
const radio = (group: string, option: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', {
    name: option,
  }) as HTMLInputElement;
const box = (group: string, option: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('checkbox', {
    name: option,
  }) as HTMLInputElement;

async function toDetails() {
  const app = renderApp({ path: FLOW, api: bulkApi() });
  await selectAndNext(app.user, ['site-01.example.com', 'site-02.example.com']);
  await waitForPath(app.router, `${FLOW}/details`);
  await screen.findByText(STEP_ACTIONS.step(2, BULK_STEP_TITLES.details));
  return app;
}

const pickEea = (user: UserEvent) => user.click(box(DETAILS.consentLocations, 'EEA & UK'));

describe('bulk update, step 2: choose the changes', () => {
  it('enables NEXT only with a regulation or Google basic consent', async () => {
    const { user } = await toDetails();
    expect(next().disabled).toBe(true);
    expect(screen.getByText(BULK_REGULATION_REQUIRED)).toBeTruthy();
    await pickEea(user);
    expect(next().disabled).toBe(false);
    expect(screen.queryByText(BULK_REGULATION_REQUIRED)).toBeNull();
    await user.click(box(DETAILS.consentLocations, 'EEA & UK'));
    expect(next().disabled).toBe(true);
    await user.click(radio(DETAILS.gbcEnabled, 'Yes'));
    expect(next().disabled).toBe(false);
  });

  it('asks Google basic consent for its locations and a purpose before going on', async () => {
    const { user, router } = await toDetails();
    await user.click(radio(DETAILS.gbcEnabled, 'Yes'));
    await user.click(next());
    expect(await screen.findByText(GBC_PURPOSE_REQUIRED)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${FLOW}/details`);
    await user.click(box(DETAILS.gbcLocations, 'EEA & UK'));
    await user.click(screen.getByRole('checkbox', { name: /ad_storage/ }));
    await user.click(next());
    await waitForPath(router, `${FLOW}/overview`);
  });

  it('needs an MSPA opt-out purpose among 1 to 4 when MSPA purposes are given', async () => {
    const { user } = await toDetails();
    await pickEea(user);
    const child = MSPA_PURPOSES.find((p) => p.id === 6)!;
    await user.click(box(DETAILS.mspaPurposes, `6. ${child.name}`));
    expect(next().disabled).toBe(true);
    await user.click(box(DETAILS.mspaPurposes, `1. ${MSPA_PURPOSES[0].name}`));
    expect(next().disabled).toBe(false);
  });

  it('removes the sensitive-data purpose when its dialog closes with nothing chosen', async () => {
    const { user } = await toDetails();
    const sensitive = `5. ${MSPA_PURPOSES.find((p) => p.id === 5)!.name}`;
    await user.click(box(DETAILS.mspaPurposes, sensitive));
    const dialog = await screen.findByRole('dialog', { name: SENSITIVE_DATA_DIALOG_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box(DETAILS.mspaPurposes, sensitive).checked).toBe(false);

    await user.click(box(DETAILS.mspaPurposes, sensitive));
    const again = await screen.findByRole('dialog', { name: SENSITIVE_DATA_DIALOG_TITLE });
    await user.click(
      within(again).getByRole('checkbox', { name: SENSITIVE_DATA_CATEGORIES[0].name }),
    );
    await user.click(within(again).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box(DETAILS.mspaPurposes, sensitive).checked).toBe(true);
  });

  it('forces purpose 1 on in the customise dialog', async () => {
    const { user } = await toDetails();
    await user.click(radio(DETAILS.legalBasis, 'Customized'));
    const dialog = await screen.findByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    const purposeOne = within(dialog).getByLabelText(
      'Legal basis of purpose 1',
    ) as HTMLSelectElement;
    expect(purposeOne.disabled).toBe(true);
    expect(purposeOne.value).toBe('consent');
    await user.selectOptions(within(dialog).getByLabelText('Legal basis of purpose 2'), 'consent');
    await user.selectOptions(
      within(dialog).getByLabelText('Legal basis of purpose 7'),
      'legitimate',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('bulk-legal-basis-summary').textContent).toBe(
      'Consent: purposes 1, 2 · Legitimate interest: purposes 7',
    );
    // No legal basis is a choice of its own; No change forgets the purposes.
    await user.click(radio(DETAILS.legalBasis, 'No legal basis'));
    expect(screen.queryByTestId('bulk-legal-basis-summary')).toBeNull();
  });

  it('reveals the group URL and storage for a group scope, and checks the URL', async () => {
    const { user, router } = await toDetails();
    await pickEea(user);
    expect(screen.queryByLabelText(new RegExp(`^${DETAILS.groupUrl}`))).toBeNull();
    await user.click(radio(DETAILS.consentScope, 'Group of sites'));
    const url = screen.getByLabelText(new RegExp(`^${DETAILS.groupUrl}`));
    expect(radio(DETAILS.storage, DETAILS.storageIframe).checked).toBe(true);
    await user.type(url, 'not a url');
    expect(await screen.findByText(INVALID_URL)).toBeTruthy();
    await user.click(next());
    expect(router.state.location.pathname).toBe(`${FLOW}/details`);
    await waitFor(() => expect(document.activeElement).toBe(url));
    await user.clear(url);
    await user.type(url, 'https://group.example.com');
    expect(screen.queryByText(INVALID_URL)).toBeNull();
    await user.click(next());
    await waitForPath(router, `${FLOW}/overview`);
  });

  it("checks footer links ('Link text is required', 'Link URL is not valid'), up to three", async () => {
    const { user } = await toDetails();
    await pickEea(user);
    await user.click(screen.getByRole('checkbox', { name: DETAILS.changeLinks }));
    const url = screen.getByLabelText(DETAILS.linkUrl(1));
    await user.type(url, 'privacy page');
    expect(await screen.findByText(LINK_TEXT_REQUIRED)).toBeTruthy();
    expect(screen.getByText(LINK_URL_INVALID)).toBeTruthy();
    await user.click(next());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(DETAILS.linkText(1))),
    );
    await user.type(screen.getByLabelText(DETAILS.linkText(1)), 'Privacy');
    await user.clear(url);
    await user.type(url, 'https://example.com/privacy');
    expect(screen.queryByText(LINK_TEXT_REQUIRED)).toBeNull();
    expect(screen.queryByText(LINK_URL_INVALID)).toBeNull();
    await user.click(screen.getByRole('button', { name: ADD_ONE }));
    await user.click(screen.getByRole('button', { name: ADD_ONE }));
    expect((screen.getByRole('button', { name: ADD_ONE }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("refuses 'Show new vendors every' under 6 days", async () => {
    const { user, router } = await toDetails();
    await pickEea(user);
    const days = screen.getByLabelText(DETAILS.repromptDays);
    await user.type(days, '5');
    expect(await screen.findByText(REPROMPT_DAYS_MINIMUM)).toBeTruthy();
    await user.click(next());
    expect(router.state.location.pathname).toBe(`${FLOW}/details`);
    await user.clear(days);
    await user.type(days, '6');
    expect(screen.queryByText(REPROMPT_DAYS_MINIMUM)).toBeNull();
  });
});
