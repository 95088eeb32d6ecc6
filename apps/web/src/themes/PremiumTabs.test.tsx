import { LANGUAGE_NAMES } from '@assent/core';
import {
  CONSENT_OR_PAY_LAYOUT_LABELS,
  EXTENDED_BUTTON_TEXT_PCODE,
  NEW_TAG,
  PRIVACY_BODY_FIXED_SEGMENTS,
  REGULATION_OPTION_LABELS,
  SAVE_THEME,
  THEME_TAB_LABELS,
  defaultFixedSegments,
  defaultPrivacyBody,
  textTooLong,
} from '@assent/core/theme';
import type { ThemeValues } from '@assent/core/theme';
import { buildAccountUser, buildOrganisation } from '@assent/core/testing';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '../testing/render';
import { LANGUAGE_TAB_LABELS as L } from './copy';

/**
 * The premium tabs (themes-and-bulk-update §2, §5, §6): Advanced Customisation and Consent or Pay
 * Settings for premium-eligible accounts with GDPR on, their languages and per-language tabs, the
 * limits, and the four fixed segments of the privacy body.
 */

const PREMIUM = 'PR3M1UM';

function premiumApi() {
  return fakeApi().on('POST /customization/v2/theme', ({ body }) => ({
    status: 201,
    body: {
      ...(body as ThemeValues),
      themeId: '77',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  }));
}

async function openPremium(pcode = PREMIUM, premiumEligible = true) {
  const api = premiumApi();
  const ui = renderApp({
    path: `/protect/p-${pcode}/themes/site/new`,
    api,
    user: buildAccountUser({ pcodes: [pcode] }),
    organisations: [buildOrganisation({ pcode, premiumEligible })],
  });
  await screen.findByRole('textbox', { name: /^Theme name/ });
  return ui;
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
const body = () => screen.getByLabelText<HTMLTextAreaElement>(L.privacyBody);

async function openLanguage(
  user: ReturnType<typeof renderApp>['user'],
  tabName: string,
  language: keyof typeof LANGUAGE_NAMES,
) {
  await user.click(tab(tabName));
  const languages = screen.getByRole('group', { name: L.languages });
  await user.click(within(languages).getByRole('checkbox', { name: LANGUAGE_NAMES[language] }));
  await screen.findByRole('tab', { name: LANGUAGE_NAMES[language], selected: true });
}

describe('premium tabs: visibility', () => {
  it('shows both tabs tagged NEW for a premium account with GDPR; turning GDPR off returns to Basic', async () => {
    const { user } = await openPremium();
    for (const name of [THEME_TAB_LABELS.advanced, THEME_TAB_LABELS.consentOrPay]) {
      expect(within(tab(name)).getByText(NEW_TAG)).toBeTruthy();
    }
    await user.click(tab(THEME_TAB_LABELS.advanced));
    expect(screen.getByRole('group', { name: L.languages })).toBeTruthy();
    // Configure is on Basic: switch back, turn GDPR off (USP on so a regulation remains).
    await user.click(tab(THEME_TAB_LABELS.basic));
    await user.click(screen.getByRole('checkbox', { name: REGULATION_OPTION_LABELS.USP }));
    await user.click(screen.getByRole('checkbox', { name: REGULATION_OPTION_LABELS.GDPR }));
    expect(screen.queryByRole('tab', { name: new RegExp(THEME_TAB_LABELS.advanced) })).toBeNull();
    expect(
      screen.queryByRole('tab', { name: new RegExp(THEME_TAB_LABELS.consentOrPay) }),
    ).toBeNull();
  });

  it('hides both tabs for an account that is not premium-eligible', async () => {
    await openPremium('PLA1N', false);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText(THEME_TAB_LABELS.advanced)).toBeNull();
  });
});

describe('premium tabs: languages', () => {
  it('adds a tab per chosen language with its default texts; unchecking removes it', async () => {
    const { user } = await openPremium();
    await user.click(tab(THEME_TAB_LABELS.advanced));
    expect(screen.getByText(L.noLanguages)).toBeTruthy();
    const languages = screen.getByRole('group', { name: L.languages });
    await user.click(within(languages).getByRole('checkbox', { name: LANGUAGE_NAMES.fr }));
    await user.click(within(languages).getByRole('checkbox', { name: LANGUAGE_NAMES.de }));
    // The last language chosen opens; its body is that language's default text.
    expect(screen.getByRole('tab', { name: LANGUAGE_NAMES.de, selected: true })).toBeTruthy();
    expect(body().value).toBe(defaultPrivacyBody('de', 'site'));
    for (const name of [L.agreeButton, L.secondaryButton, L.disagreeButton, L.privacyHeader]) {
      expect(field(name)).toBeTruthy();
    }
    await user.click(screen.getByRole('tab', { name: LANGUAGE_NAMES.fr }));
    expect(body().value).toBe(defaultPrivacyBody('fr', 'site'));
    await user.click(within(languages).getByRole('checkbox', { name: LANGUAGE_NAMES.fr }));
    expect(screen.queryByRole('tab', { name: LANGUAGE_NAMES.fr })).toBeNull();
    expect(screen.getByRole('tab', { name: LANGUAGE_NAMES.de })).toBeTruthy();
  });

  it('saves each language with its texts and footer links', async () => {
    const { user, api } = await openPremium();
    await user.type(screen.getByRole('textbox', { name: /^Theme name/ }), 'Premium');
    await openLanguage(user, THEME_TAB_LABELS.advanced, 'fr');
    await user.type(field(L.agreeButton), "J'accepte");
    await user.click(screen.getByRole('button', { name: 'Add one' }));
    await user.type(field(`${L.footerLinkLabel} 1`), 'Mentions');
    await user.type(field(`${L.footerLinkUrl} 1`), 'https://example.com/mentions');
    await user.click(screen.getByRole('button', { name: SAVE_THEME }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'POST')?.body as ThemeValues;
    expect(sent.advancedCustomizationSettings).toEqual([
      expect.objectContaining({
        language: 'fr',
        agreeButton: "J'accepte",
        customFooterLink: [{ label: 'Mentions', link: 'https://example.com/mentions' }],
      }),
    ]);
  });
});

describe('premium tabs: limits', () => {
  it('Advanced Customisation: button texts 24, disagree text or X tooltip 24', async () => {
    const { user } = await openPremium();
    await openLanguage(user, THEME_TAB_LABELS.advanced, 'en');
    for (const name of [L.agreeButton, L.secondaryButton, L.disagreeButton]) {
      await user.type(field(name), 'a'.repeat(24));
      expect(field(name).getAttribute('aria-invalid')).not.toBe('true');
      await user.type(field(name), 'a');
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getAllByText(textTooLong(24))).toHaveLength(3);
  });

  it('the special premium code allows 40-character button texts, not 41; the disagree text stays 24', async () => {
    const { user } = await openPremium(EXTENDED_BUTTON_TEXT_PCODE);
    await openLanguage(user, THEME_TAB_LABELS.advanced, 'en');
    await user.type(field(L.agreeButton), 'a'.repeat(40));
    expect(screen.queryByText(textTooLong(40))).toBeNull();
    await user.type(field(L.agreeButton), 'a');
    expect(await screen.findByText(textTooLong(40))).toBeTruthy();
    await user.type(field(L.disagreeButton), 'a'.repeat(25));
    expect(await screen.findByText(textTooLong(24))).toBeTruthy();
  });

  it('Consent or Pay: header 24; accept text disabled; login label disabled with Subscribe', async () => {
    const { user } = await openPremium();
    await openLanguage(user, THEME_TAB_LABELS.consentOrPay, 'en');
    expect(field(L.acceptText).disabled).toBe(true);
    expect(field(L.action2Label).disabled).toBe(true);
    await user.click(
      screen.getByRole('radio', { name: CONSENT_OR_PAY_LAYOUT_LABELS.SubscribeAndLogin }),
    );
    expect(field(L.action2Label).disabled).toBe(false);
    await user.type(field(L.privacyHeader), 'h'.repeat(25));
    expect(await screen.findByText(textTooLong(24))).toBeTruthy();
  });

  it('the special account may change the Consent or Pay accept text (disabled for the others)', async () => {
    const { user, api } = await openPremium(EXTENDED_BUTTON_TEXT_PCODE);
    await user.type(screen.getByRole('textbox', { name: /^Theme name/ }), 'Special');
    await openLanguage(user, THEME_TAB_LABELS.consentOrPay, 'en');
    expect(field(L.acceptText).disabled).toBe(false);
    await user.type(field(L.acceptText), 'Accept with ads');
    await user.click(screen.getByRole('button', { name: SAVE_THEME }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'POST')?.body as ThemeValues;
    expect(sent.consentOrPaySettings[0]?.agreeButton).toBe('Accept with ads');
  });
});

describe('premium tabs: the fixed segments of the privacy body', () => {
  const segments = defaultFixedSegments('en');
  const original = defaultPrivacyBody('en', 'site');

  it('has four fixed segments; text may be typed around them and is saved', async () => {
    const { user, api } = await openPremium();
    expect(segments).toHaveLength(4);
    await user.type(screen.getByRole('textbox', { name: /^Theme name/ }), 'Segments');
    await openLanguage(user, THEME_TAB_LABELS.advanced, 'en');
    const edited = `Hello. ${segments.join(' Between. ')} Bye.`;
    fireEvent.change(body(), { target: { value: edited } });
    expect(body().value).toBe(edited);
    expect(screen.queryByText(PRIVACY_BODY_FIXED_SEGMENTS)).toBeNull();
    await user.click(screen.getByRole('button', { name: SAVE_THEME }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'POST')?.body as ThemeValues;
    expect(sent.advancedCustomizationSettings[0]?.privacyBody).toBe(edited);
  });

  it.each([
    ['typing inside a segment', original.replace('partners', 'partnres')],
    ['deleting one character of a segment', original.replace('<<We', '<<e')],
    ['deleting a whole segment', original.replace(`${segments[1]} `, '')],
    ['replacing a segment with other text', original.replace(segments[2]!, 'Nothing here')],
    [
      'moving a segment',
      original.replace(`${segments[0]} ${segments[1]}`, `${segments[1]} ${segments[0]}`),
    ],
  ])('refuses %s: the body stays as it was, with the message', async (_, attempt) => {
    const { user } = await openPremium();
    await openLanguage(user, THEME_TAB_LABELS.advanced, 'en');
    expect(attempt).not.toBe(original);
    fireEvent.change(body(), { target: { value: attempt } });
    expect(body().value).toBe(original);
    expect(await screen.findByText(PRIVACY_BODY_FIXED_SEGMENTS)).toBeTruthy();
    // A permitted edit afterwards clears the message.
    fireEvent.change(body(), { target: { value: `${original} More.` } });
    expect(body().value).toBe(`${original} More.`);
    expect(screen.queryByText(PRIVACY_BODY_FIXED_SEGMENTS)).toBeNull();
  });

  it('blocks paste, drop and the context menu on the body', async () => {
    const { user } = await openPremium();
    await openLanguage(user, THEME_TAB_LABELS.consentOrPay, 'en');
    for (const make of [createEvent.paste, createEvent.drop, createEvent.contextMenu]) {
      const event = make(body());
      fireEvent(body(), event);
      expect(event.defaultPrevented).toBe(true);
    }
    expect(body().value).toBe(original);
  });
});
