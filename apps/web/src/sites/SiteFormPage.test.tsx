import {
  INVALID_URL,
  PAGE_NOT_FOUND,
  REQUIRED,
  RESTRICTED_ACCESS,
  UNSAFE_CONTENT,
} from '@assent/core';
import {
  BULK_UPDATE_POLL_INTERVAL_MS,
  COP_CONTENT_REVIEW_NOTE,
  COP_REQUEST_RECEIVED,
} from '@assent/core/account';
import {
  AMP_GPP_ONLY_UNSUPPORTED,
  AMP_VERSION_UNSUPPORTED,
  COP_COUNTRIES_REQUIRED,
  DELETE_PROPERTY_CONFIRM,
  DELETE_PROPERTY_TITLE,
  DUPLICATE_PROPERTY,
  FOOTER_LINK_UNSUPPORTED,
  GBC_AVAILABLE_NOTE,
  GBC_PURPOSES,
  GBC_PURPOSE_REQUIRED,
  MSPA_PURPOSES,
  MSPA_PURPOSES_REQUIRED,
  MSPA_SIGNATORY_NO,
  MSPA_SIGNATORY_YES,
  NOT_ABLE_TO_DELETE,
  PENDING_UPDATES,
  PRIVACY_POLICY_REQUIRED,
  REPROMPT_DAYS_RANGE,
  SENSITIVE_DATA_CATEGORIES,
  SENSITIVE_DATA_DIALOG_TITLE,
  SITE_SAVE_ERROR,
  SITE_URL_HAS_SCHEME,
  SITE_URL_INVALID,
  WARNING_AMP_TCF_AND_GPP,
  WARNING_GDPR_AND_US,
  WARNING_SINGLE_ENCODING,
  WARNING_USP_DEPRECATED,
  deletePropertyConfirmation,
  propertyDeleted,
} from '@assent/core/property';
import { auditLogKeys } from '@assent/core/queries';
import { buildOrganisation, textChangeRequest } from '@assent/core/testing';
import { CHOOSE_VENDORS, NO_IAB_VENDORS_SELECTED, VendorSelection } from '@assent/core/vendors';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES } from '../components/copy';
import { COP_INTRO_TITLE, COP_REQUEST_BUTTON, COP_SUCCESS_TITLE } from '../promotions/copy';
import {
  CANCEL,
  CARD_TITLES,
  COP_DIALOG,
  FIX_FIELDS,
  GBC_DIALOG,
  LABELS,
  LEGAL_BASIS_DIALOG,
  MSPA_SIGNATORY_DIALOG,
  SAVE_PENDING,
  SAVE_PROPERTY,
  FORM_ACTIONS,
} from '../property-form/copy';
import {
  ACCOUNT,
  PCODE,
  SITE_THEMES,
  otherProperty,
  storedSite,
  withFormRoutes,
} from '../property-form/testing';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { COP_AVAILABLE_FROM } from './ConsentOrPayField';

const NEW = `${ACCOUNT}/sites/new`;
const SITE_PATH = '/customization/v2/site';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text input or select by the start of its label (labels may add '(required)'). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escape(label)}`)) as HTMLInputElement;
const radio = (group: string, option: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', {
    name: option,
  }) as HTMLInputElement;
const checkbox = (name: string, groupName?: string) =>
  (groupName
    ? within(screen.getByRole('group', { name: groupName })).getByRole('checkbox', { name })
    : screen.getByRole('checkbox', { name })) as HTMLInputElement;
/** Types into the publisher-country picker and picks a country from its list. */
async function chooseCountry(user: UserEvent, query: string, name: string) {
  await user.clear(field(LABELS.publisherCountry));
  await user.type(field(LABELS.publisherCountry), query);
  const option = await screen.findByRole('option', { name: new RegExp(`^${name}`) });
  // Blueprint puts the click handler on the option's inner target.
  await user.click(option.firstElementChild as HTMLElement);
}
const saveButton = () => screen.getByRole('button', { name: SAVE_PROPERTY }) as HTMLButtonElement;
const posted = (api: ReturnType<typeof fakeApi>, path = SITE_PATH) =>
  api.calls.find((c) => c.method === 'POST' && c.path === path)?.body as Record<string, unknown>;

async function renderNew(options: Parameters<typeof withFormRoutes>[1] = {}, path = NEW) {
  const api = withFormRoutes(fakeApi(), options);
  const rendered = renderApp({ path, api });
  await screen.findByRole('form', { name: 'Create a site' });
  return rendered;
}

/** A new form with the fields every save needs. */
async function renderFilled(options: Parameters<typeof withFormRoutes>[1] = {}) {
  const rendered = await renderNew(options);
  const { user } = rendered;
  await user.type(field(LABELS.url), 'news.example.com');
  await user.selectOptions(field(LABELS.theme), 'Default theme');
  return rendered;
}

describe('site form: create', () => {
  it('opens clean: no message, SAVE PROPERTY disabled until something changes; CANCEL leaves', async () => {
    const { user, router } = await renderNew();
    expect(screen.getByRole('link', { name: /Back to all properties/ })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText(REQUIRED)).toBeNull();
    for (const title of [
      CARD_TITLES.general,
      CARD_TITLES.consentScope,
      CARD_TITLES.consentConfiguration,
      CARD_TITLES.googleVendors,
      CARD_TITLES.googleBasicConsent,
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeTruthy();
    }
    expect(screen.queryByRole('region', { name: CARD_TITLES.usConsentScope })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES.title })).toBeNull();
  });

  it('asks before unsaved changes are left: links, CANCEL and unloading (issue 17 item 5)', async () => {
    const { user, router } = await renderNew();
    const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(unload()).toBe(true);
    await user.type(field(LABELS.url), 'a');
    expect(saveButton().disabled).toBe(false);
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('link', { name: /Back to all properties/ }));
    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title });
    expect(within(question).getByText(UNSAVED_CHANGES.message)).toBeTruthy();
    // Staying keeps the page and what was typed.
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(NEW);
    expect(field(LABELS.url).value).toBe('a');
    await user.click(screen.getByRole('button', { name: CANCEL }));
    await user.click(
      within(await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title })).getByRole(
        'button',
        { name: UNSAVED_CHANGES.leave },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
  });

  it('keeps CANCEL and SAVE PROPERTY in the form footer (issue 17 item 4)', async () => {
    await renderNew();
    const footer = screen.getByLabelText(FORM_ACTIONS);
    expect(footer.classList.contains('assent-form-footer')).toBe(true);
    expect(footer.contains(saveButton())).toBe(true);
    expect(within(footer).getByRole('button', { name: CANCEL })).toBeTruthy();
  });

  it('checks the url: scheme, host, and duplicates of the account (any case)', async () => {
    const { user } = await renderNew({ list: [otherProperty('taken.example.com')] });
    const url = field(LABELS.url);
    await user.type(url, 'https://news.example.com');
    expect(await screen.findByText(SITE_URL_HAS_SCHEME)).toBeTruthy();
    await user.clear(url);
    await user.type(url, 'not a host');
    expect(await screen.findByText(SITE_URL_INVALID)).toBeTruthy();
    await user.clear(url);
    await user.type(url, 'TAKEN.example.com');
    expect(await screen.findByText(DUPLICATE_PROPERTY)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });

  it('subdomains only for a bare domain; subdomains and AMP exclude each other', async () => {
    const { user } = await renderNew();
    const subdomains = () => checkbox(LABELS.applyToSubDomains);
    const amp = () => checkbox(LABELS.ampEnabled);
    expect(subdomains().disabled).toBe(true);
    await user.type(field(LABELS.url), 'example.co.uk');
    expect(subdomains().disabled).toBe(false);
    await user.click(subdomains());
    expect(subdomains().checked).toBe(true);
    expect(amp().disabled).toBe(true);
    await user.click(subdomains());
    await user.click(amp());
    expect(subdomains().disabled).toBe(true);
    // AMP keeps only 'Your site only'.
    const scope = within(screen.getByRole('radiogroup', { name: LABELS.consentScope }));
    expect(scope.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Your site only',
    ]);
    await user.click(amp());
    // A url with a path is no bare domain: subdomains go off and stay disabled.
    await user.click(subdomains());
    await user.type(field(LABELS.url), '/news');
    expect(subdomains().checked).toBe(false);
    expect(subdomains().disabled).toBe(true);
  });

  it('AMP: says AMP pages store only the TC string, and refuses GPP alone (issue 15 item 5)', async () => {
    const { user } = await renderNew();
    await user.type(field(LABELS.url), 'news.example.com');
    expect(screen.queryByText(WARNING_AMP_TCF_AND_GPP)).toBeNull();
    await user.click(checkbox(LABELS.ampEnabled));
    // TCF and GPP stays chosen; the form says what AMP pages get.
    expect(field(LABELS.encodingMode).value).toBe('TCF_AND_GPP');
    expect(screen.getByText(WARNING_AMP_TCF_AND_GPP)).toBeTruthy();
    await user.selectOptions(field(LABELS.encodingMode), 'GPP');
    expect(await screen.findByText(AMP_GPP_ONLY_UNSUPPORTED)).toBeTruthy();
    await user.selectOptions(field(LABELS.encodingMode), 'TCF');
    expect(screen.queryByText(AMP_GPP_ONLY_UNSUPPORTED)).toBeNull();
    expect(screen.queryByText(WARNING_AMP_TCF_AND_GPP)).toBeNull();
  });

  it('consent locations are required and set the regulations, cards and warnings', async () => {
    const { user } = await renderNew();
    await user.click(checkbox('EEA & UK', LABELS.consentLocations));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    await user.click(checkbox('USA', LABELS.consentLocations));
    expect(screen.getByTestId('regulations').textContent).toBe('US');
    expect(screen.queryByRole('region', { name: CARD_TITLES.consentScope })).toBeNull();
    expect(screen.getByRole('region', { name: CARD_TITLES.usConsentScope })).toBeTruthy();
    expect(screen.getByRole('region', { name: CARD_TITLES.mspa })).toBeTruthy();
    await user.click(checkbox('EEA & UK', LABELS.consentLocations));
    expect(screen.getByTestId('regulations').textContent).toBe('GDPR & US');
    expect(screen.getByText(WARNING_GDPR_AND_US)).toBeTruthy();
    await user.selectOptions(field(LABELS.encodingMode), 'TCF');
    expect(screen.getByText(WARNING_SINGLE_ENCODING)).toBeTruthy();
  });

  it('says, for GDPR, that no IAB vendor is selected, linking to the Vendors tab (issue 17 item 10)', async () => {
    const api = withFormRoutes(fakeApi()).on('GET /customization/v2/vendors/selection', {
      body: { ...VendorSelection.parse({}), vendorListVersion: null, updatedAt: null },
    });
    const { user, router } = renderApp({ path: NEW, api });
    await screen.findByRole('form', { name: 'Create a site' });
    expect(await screen.findByText(NO_IAB_VENDORS_SELECTED)).toBeTruthy();
    // US only: no GDPR banner, no vendor notice.
    await user.click(checkbox('USA', LABELS.consentLocations));
    await user.click(checkbox('EEA & UK', LABELS.consentLocations));
    expect(screen.queryByText(NO_IAB_VENDORS_SELECTED)).toBeNull();
    await user.click(checkbox('EEA & UK', LABELS.consentLocations));
    await user.click(await screen.findByRole('link', { name: CHOOSE_VENDORS }));
    // The locations were changed: leaving asks first (issue 17 item 5).
    await user.click(
      within(await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title })).getByRole(
        'button',
        { name: UNSAVED_CHANGES.leave },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/vendors`));
  });

  it('the publisher country picker is searchable and sorted by name (issue 17 item 11)', async () => {
    const { user } = await renderNew();
    const picker = field(LABELS.publisherCountry);
    expect(picker.value).toBe('United Kingdom');
    await user.clear(picker);
    await user.type(picker, 'united');
    const list = await screen.findByRole('listbox', { name: 'Countries' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['United Arab EmiratesAE', 'United KingdomGB', 'United StatesUS']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(field(LABELS.publisherCountry).value).toBe('United Kingdom'));
    // By ISO code too.
    await chooseCountry(user, 'de', 'Germany');
    expect(field(LABELS.publisherCountry).value).toBe('Germany');
  });

  it('switching the CMP version derives requireConsentFrom, then the locations back', async () => {
    const { user } = await renderNew();
    await user.selectOptions(field(LABELS.cmpVersion), 'v53');
    expect(screen.queryByRole('group', { name: LABELS.consentLocations })).toBeNull();
    expect(checkbox('GDPR', LABELS.regulations).checked).toBe(true);
    expect(radio(LABELS.requireConsentFrom, 'Visitors in the EEA & UK').checked).toBe(true);
    // A publisher country needing consent forces 'always'.
    await chooseCountry(user, 'germ', 'Germany');
    expect(radio(LABELS.requireConsentFrom, 'Everyone (worldwide)').checked).toBe(true);
    await user.selectOptions(field(LABELS.cmpVersion), 'Latest (v64)');
    expect(checkbox('Worldwide', LABELS.consentLocations).checked).toBe(true);
    expect(checkbox('EEA & UK', LABELS.consentLocations).checked).toBe(false);
  });

  it('AMP needs version 20 or newer (a site pinned to an older one shows why)', async () => {
    const api = withFormRoutes(fakeApi()).on(`GET ${SITE_PATH}/site-1`, {
      body: storedSite({ cmpVersion: 10 }),
    });
    const { user } = renderApp({ path: `${ACCOUNT}/sites/edit/site-1`, api });
    await screen.findByRole('form', { name: 'Edit a site' });
    expect((field(LABELS.cmpVersion) as unknown as HTMLSelectElement).value).toBe('10');
    await user.click(checkbox(LABELS.ampEnabled));
    expect(await screen.findByText(AMP_VERSION_UNSUPPORTED)).toBeTruthy();
    await user.selectOptions(field(LABELS.cmpVersion), 'v20');
    expect(screen.queryByText(AMP_VERSION_UNSUPPORTED)).toBeNull();
  });

  it('consent scope: a group reveals its URL and storage; the URL must be valid', async () => {
    const { user } = await renderNew();
    await user.click(radio(LABELS.consentScope, 'Group of sites'));
    expect(radio(LABELS.storage, LABELS.storageIframe).checked).toBe(true);
    await user.type(field(LABELS.groupUrl), 'group.example.com');
    expect(await screen.findByText(INVALID_URL)).toBeTruthy();
    await user.click(radio(LABELS.consentScope, 'All sites (global)'));
    expect(screen.queryByLabelText(new RegExp(`^${LABELS.groupUrl}`))).toBeNull();
    // 'I define' only for service or service group.
    expect(radio(LABELS.legalBasis, 'I define').disabled).toBe(true);
  });

  it("'Show new vendors every' takes 0 to 350 days", async () => {
    const { user } = await renderNew();
    const days = field(LABELS.repromptDays);
    expect(days.value).toBe('30');
    await user.clear(days);
    await user.type(days, '351');
    expect(await screen.findByText(REPROMPT_DAYS_RANGE)).toBeTruthy();
  });
});

describe('site form: legal basis', () => {
  it("'I define' opens the customise dialog; Cancel reverts, OK sets (purpose 1 forced)", async () => {
    const { user } = await renderNew();
    await user.click(radio(LABELS.legalBasis, 'I define'));
    let dialog = await screen.findByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    // The vendor list is not loaded (404 here): the fallback purposes show.
    expect(await within(dialog).findByText(LEGAL_BASIS_DIALOG.fallbackNote)).toBeTruthy();
    expect(within(dialog).getByText(/Store and\/or access information on a device/)).toBeTruthy();
    const purposeOne = within(dialog).getByLabelText(
      'Legal basis of purpose 1',
    ) as HTMLSelectElement;
    expect(purposeOne.disabled).toBe(true);
    expect(purposeOne.value).toBe('consent');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.legalBasis, "I don't declare").checked).toBe(true);
    expect(screen.queryByRole('region', { name: CARD_TITLES.privacyPolicy })).toBeNull();

    await user.click(radio(LABELS.legalBasis, 'I define'));
    dialog = await screen.findByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    const purposeThree = within(dialog).getByLabelText('Legal basis of purpose 3');
    // No legitimate interest for purposes 3 to 6.
    expect(
      (
        within(purposeThree).getByRole('option', {
          name: LEGAL_BASIS_DIALOG.legitimate,
        }) as HTMLOptionElement
      ).disabled,
    ).toBe(true);
    await user.selectOptions(purposeThree, 'consent');
    await user.selectOptions(
      within(dialog).getByLabelText('Legal basis of purpose 8'),
      'legitimate',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.legalBasis, 'I define').checked).toBe(true);
    expect(screen.getByTestId('legal-basis-summary').textContent).toBe(
      'Consent: purposes 1, 3 · Legitimate interest: purposes 8',
    );
    // A declared legal basis under GDPR asks for the privacy policy link.
    expect(screen.getByRole('region', { name: CARD_TITLES.privacyPolicy })).toBeTruthy();
    await user.click(radio(LABELS.legalBasis, "I don't declare"));
    expect(screen.queryByRole('region', { name: CARD_TITLES.privacyPolicy })).toBeNull();
  });

  it('purpose 1 is not forced for a publisher in DE', async () => {
    const { user } = await renderNew();
    await chooseCountry(user, 'germ', 'Germany');
    await user.click(radio(LABELS.legalBasis, 'I define'));
    const dialog = await screen.findByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    const purposeOne = within(dialog).getByLabelText(
      'Legal basis of purpose 1',
    ) as HTMLSelectElement;
    expect(purposeOne.disabled).toBe(false);
    expect(purposeOne.value).toBe('none');
  });

  it("the global scope does not keep 'I define' selected and disabled (issue 17 item 7)", async () => {
    const { user } = await renderNew();
    await user.click(radio(LABELS.legalBasis, 'I define'));
    const dialog = await screen.findByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(radio(LABELS.legalBasis, 'I define').checked).toBe(true));
    await user.click(radio(LABELS.consentScope, 'All sites (global)'));
    expect(radio(LABELS.legalBasis, 'I define').checked).toBe(false);
    expect(radio(LABELS.legalBasis, "I don't declare").checked).toBe(true);
    expect(screen.queryByTestId('legal-basis-summary')).toBeNull();
  });

  it('a theme of another vendor-list version resets the legal basis', async () => {
    const { user } = await renderNew();
    await user.selectOptions(field(LABELS.theme), 'Default theme');
    await user.click(radio(LABELS.legalBasis, 'I define'));
    const dialog = await screen.findByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(radio(LABELS.legalBasis, 'I define').checked).toBe(true));
    await user.selectOptions(field(LABELS.theme), 'TCF 2.0 theme');
    expect(radio(LABELS.legalBasis, "I don't declare").checked).toBe(true);
  });

  it('after a save attempt every message shows, with the privacy policy and publisher name required', async () => {
    const { user, api } = await renderFilled();
    await user.click(radio(LABELS.legalBasis, 'I define'));
    const dialog = await screen.findByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(PRIVACY_POLICY_REQUIRED)).toBeNull();
    await user.click(saveButton());
    expect(await screen.findByText(PRIVACY_POLICY_REQUIRED)).toBeTruthy();
    expect(screen.getByText(FIX_FIELDS)).toBeTruthy();
    expect(field(LABELS.publisherName).getAttribute('aria-invalid')).toBe('true');
    // Focus moves to the first field with a message.
    await waitFor(() => expect(document.activeElement).toBe(field(LABELS.publisherName)));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('site form: Google basic consent', () => {
  it('Yes opens the dialog; OK needs a purpose; Cancel with none turns it off', async () => {
    const { user } = await renderNew();
    expect(screen.getByText(GBC_AVAILABLE_NOTE)).toBeTruthy();
    await user.click(radio(LABELS.gbcEnabled, 'Yes'));
    const dialog = await screen.findByRole('dialog', { name: GBC_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByRole('alert').textContent).toContain(GBC_PURPOSE_REQUIRED);
    await user.click(within(dialog).getByRole('button', { name: GBC_DIALOG.dismiss }));
    expect(within(dialog).queryByText(GBC_PURPOSE_REQUIRED)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.gbcEnabled, 'No').checked).toBe(true);
  });

  it('a default value only for a checked purpose; then locations are required', async () => {
    const { user, api } = await renderFilled();
    await user.click(radio(LABELS.gbcEnabled, 'Yes'));
    const dialog = await screen.findByRole('dialog', { name: GBC_DIALOG.title });
    const [first] = GBC_PURPOSES;
    const defaultOf = () =>
      within(dialog).getByLabelText(
        `${GBC_DIALOG.defaultValue}: ${first.name}`,
      ) as HTMLSelectElement;
    expect(defaultOf().disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: first.name }));
    expect(defaultOf().disabled).toBe(false);
    expect(defaultOf().value).toBe('DENIED');
    await user.selectOptions(defaultOf(), 'GRANTED');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/1 purpose selected/)).toBeTruthy();
    expect(checkbox(LABELS.urlPassThrough)).toBeTruthy();
    await user.click(saveButton());
    const locations = screen.getByRole('group', { name: LABELS.gbcLocations });
    expect(locations.getAttribute('aria-invalid')).toBe('true');
    await user.click(checkbox('EEA & UK', LABELS.gbcLocations));
    await user.click(saveButton());
    await waitFor(() => expect(posted(api)).toBeTruthy());
    expect(posted(api)).toMatchObject({
      gbcEnabled: true,
      gbcLocations: ['EEA'],
      gbcApplicablePurposes: [{ id: 1, defaultValue: 'GRANTED' }],
    });
  });

  it('needs version 52; URL passthrough and ads data redaction need a newer one', async () => {
    const { user } = await renderNew();
    await user.selectOptions(field(LABELS.cmpVersion), 'v40');
    expect(radio(LABELS.gbcEnabled, 'Yes').disabled).toBe(true);
    await user.selectOptions(field(LABELS.cmpVersion), 'v54');
    await user.click(radio(LABELS.gbcEnabled, 'Yes'));
    const dialog = await screen.findByRole('dialog', { name: GBC_DIALOG.title });
    await user.click(within(dialog).getByRole('checkbox', { name: GBC_PURPOSES[1].name }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('checkbox', { name: LABELS.urlPassThrough })).toBeNull();
  });
});

describe('site form: US privacy', () => {
  async function renderUs() {
    const rendered = await renderNew();
    await rendered.user.click(checkbox('USA', LABELS.consentLocations));
    return rendered;
  }

  it('the US Privacy String shows its warning and the LSPA checkbox; its text is checked', async () => {
    const { user } = await renderUs();
    expect(screen.queryByText(WARNING_USP_DEPRECATED)).toBeNull();
    await user.click(radio(LABELS.ccpaViaUsp, 'Yes'));
    expect(screen.getByText(WARNING_USP_DEPRECATED)).toBeTruthy();
    expect(checkbox(LABELS.lspa).checked).toBe(false);
    await user.type(field(LABELS.dnsText), '<script>alert(1)</script>');
    expect(await screen.findByText(UNSAFE_CONTENT)).toBeTruthy();
  });

  it('shows the first four opt-out purposes; one is required', async () => {
    const { user } = await renderUs();
    const purposes = within(screen.getByRole('group', { name: LABELS.mspaPurposes }));
    expect(purposes.getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(
      MSPA_PURPOSES.slice(0, 4).map((p) => p.name),
    );
    for (const p of MSPA_PURPOSES.slice(0, 3)) {
      await user.click(purposes.getByRole('checkbox', { name: p.name }));
    }
    expect(await screen.findByText(MSPA_PURPOSES_REQUIRED)).toBeTruthy();
  });

  it('sensitive data: Yes opens the purposes dialog; closing it empty answers No', async () => {
    const { user } = await renderUs();
    await user.click(radio(LABELS.sensitiveData, 'Yes'));
    let dialog = await screen.findByRole('dialog', { name: SENSITIVE_DATA_DIALOG_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.sensitiveData, 'No').checked).toBe(true);

    await user.click(radio(LABELS.sensitiveData, 'Yes'));
    dialog = await screen.findByRole('dialog', { name: SENSITIVE_DATA_DIALOG_TITLE });
    await user.click(
      within(dialog).getByRole('checkbox', { name: SENSITIVE_DATA_CATEGORIES[7].name }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.sensitiveData, 'Yes').checked).toBe(true);
    expect(screen.getByText('1 category selected')).toBeTruthy();
  });

  it('covered transaction: Yes re-confirms the signatory; National only when covered', async () => {
    const { user } = await renderUs();
    const national = () => radio(LABELS.mspaJurisdiction, 'National');
    expect(national().disabled).toBe(true);
    await user.click(radio(LABELS.coveredTransaction, 'Yes'));
    let dialog = await screen.findByRole('dialog', { name: MSPA_SIGNATORY_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: MSPA_SIGNATORY_NO }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.coveredTransaction, 'No').checked).toBe(true);
    expect(national().disabled).toBe(true);

    await user.click(radio(LABELS.coveredTransaction, 'Yes'));
    dialog = await screen.findByRole('dialog', { name: MSPA_SIGNATORY_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: MSPA_SIGNATORY_YES }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.coveredTransaction, 'Yes').checked).toBe(true);
    expect(national().checked).toBe(true);
    await user.click(radio(LABELS.coveredTransaction, 'No'));
    expect(radio(LABELS.mspaJurisdiction, 'State and National').checked).toBe(true);
    expect(national().disabled).toBe(true);
  });

  it('keyboard: Escape declines the signatory and closes the sensitive-data dialog as Cancel', async () => {
    const { user } = await renderUs();
    radio(LABELS.coveredTransaction, 'Yes').focus();
    await user.keyboard(' ');
    const signatory = await screen.findByRole('dialog', { name: MSPA_SIGNATORY_DIALOG.title });
    // Focus moves into the dialog (its confirm button).
    await waitFor(() => expect(document.activeElement?.textContent).toBe(MSPA_SIGNATORY_YES));
    expect(signatory.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.coveredTransaction, 'No').checked).toBe(true);
    // Issue 17 item 4: focus goes back to what opened the dialog.
    await waitFor(() =>
      expect(document.activeElement).toBe(radio(LABELS.coveredTransaction, 'Yes')),
    );
    await user.click(radio(LABELS.sensitiveData, 'Yes'));
    const sensitive = await screen.findByRole('dialog', { name: SENSITIVE_DATA_DIALOG_TITLE });
    await waitFor(() => expect(sensitive.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.sensitiveData, 'No').checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(radio(LABELS.sensitiveData, 'Yes')));
  });

  it("auto-popup 'link' reveals the footer element id, on the versions that offer it", async () => {
    const { user } = await renderUs();
    await user.click(radio(LABELS.autoPopUp, LABELS.autoPopUpLink));
    expect(field(LABELS.footerHtmlId)).toBeTruthy();
    await user.selectOptions(field(LABELS.cmpVersion), 'v56');
    expect(screen.queryByRole('radio', { name: LABELS.autoPopUpLink })).toBeNull();
    expect(screen.queryByLabelText(new RegExp(`^${LABELS.footerHtmlId}`))).toBeNull();
    // Issue 17 item 7: a valid option stays selected and nothing is left in error.
    expect(radio(LABELS.autoPopUp, LABELS.autoPopUpTrue).checked).toBe(true);
    expect(screen.queryByText(FOOTER_LINK_UNSUPPORTED)).toBeNull();
  });
});

describe('site form: Consent or Pay', () => {
  it('enabled accounts: Yes opens the settings; OK checks countries and URLs; Cancel restores', async () => {
    const { user, api } = await renderFilled({ init: { consentOrPayEnabled: true } });
    await user.click(radio(LABELS.consentOrPay, 'Yes'));
    let dialog = await screen.findByRole('dialog', { name: COP_DIALOG.title });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByText(COP_COUNTRIES_REQUIRED)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio(LABELS.consentOrPay, 'No').checked).toBe(true);

    await user.click(radio(LABELS.consentOrPay, 'Yes'));
    dialog = await screen.findByRole('dialog', { name: COP_DIALOG.title });
    await user.click(within(dialog).getByRole('checkbox', { name: COP_DIALOG.eea }));
    // 'Add a country' searches by name (issue 17 item 11); a chosen country leaves the list.
    await user.type(within(dialog).getByRole('combobox', { name: COP_DIALOG.addCountry }), 'swit');
    const switzerland = await screen.findByRole('option', { name: /^Switzerland/ });
    await user.click(switzerland.firstElementChild as HTMLElement);
    expect(
      within(within(dialog).getByRole('list', { name: COP_DIALOG.countries })).getByText(
        'Switzerland',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Redirect to my pages' }));
    await user.type(within(dialog).getByLabelText(/^Login URL/), 'login');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByText(REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(INVALID_URL)).toBeTruthy();
    await user.type(
      within(dialog).getByLabelText(/^Subscribe URL/),
      'https://example.com/subscribe',
    );
    await user.clear(within(dialog).getByLabelText(/^Login URL/));
    expect(within(dialog).queryByText(REQUIRED)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('consent-or-pay-summary').textContent).toContain(COP_DIALOG.eea);
    await user.click(saveButton());
    await waitFor(() => expect(posted(api)).toBeTruthy());
    const config = posted(api).consentOrPayConfig as { enabled: boolean; countries: string[] };
    // 'eea' is expanded on save.
    expect(config.enabled).toBe(true);
    expect(config.countries).toContain('DE');
    expect(config.countries).not.toContain('eea');
  });

  it("notes 'CoP content is currently under review' only while the theme's CoP text is in review", async () => {
    const { user, api } = await renderFilled({
      init: {
        consentOrPayEnabled: true,
        themes: [
          ...SITE_THEMES,
          { themeId: '7', themeName: 'Newsroom theme', themeType: 'SITE', gvlVersion: 3 },
          { themeId: '8', themeName: 'Shop theme', themeType: 'SITE', gvlVersion: 3 },
        ],
      },
    });
    const copRequest = (themeId: string, status: 'in-progress' | 'approved') => ({
      body: [textChangeRequest({ themeId, customizationType: 'CoP', language: 'de', status })],
    });
    api
      .on('GET /text-customization-request/7', copRequest('7', 'in-progress'))
      .on('GET /text-customization-request/8', copRequest('8', 'approved'));
    const requestsAsked = () =>
      api.calls.filter((c) => c.path.startsWith('/text-customization-request/')).length;

    // The built-in default theme takes no text requests: nothing is in review, nothing is asked.
    await user.click(radio(LABELS.consentOrPay, 'Yes'));
    let dialog = await screen.findByRole('dialog', { name: COP_DIALOG.title });
    expect(within(dialog).queryByText(COP_CONTENT_REVIEW_NOTE)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsAsked()).toBe(0);

    // An account theme with a Consent-or-Pay request in review: the note, in the dialog and the card.
    await user.selectOptions(field(LABELS.theme), 'Newsroom theme');
    await user.click(radio(LABELS.consentOrPay, 'Yes'));
    dialog = await screen.findByRole('dialog', { name: COP_DIALOG.title });
    expect(await within(dialog).findByText(COP_CONTENT_REVIEW_NOTE)).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: COP_DIALOG.eea }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('cop-content-review').textContent).toBe(COP_CONTENT_REVIEW_NOTE);
    expect(api.calls.find((c) => c.path.startsWith('/text-customization-request/'))?.path).toBe(
      '/text-customization-request/7',
    );

    // A theme whose request was approved uses the custom text: no note.
    await user.selectOptions(field(LABELS.theme), 'Shop theme');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/text-customization-request/8')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('cop-content-review')).toBeNull());
    expect(screen.getByTestId('consent-or-pay-summary')).toBeTruthy();
  });

  it('No disables it at once; versions before 62 do not offer it', async () => {
    const { user } = await renderNew({ init: { consentOrPayEnabled: true } });
    await user.click(radio(LABELS.consentOrPay, 'Yes'));
    const dialog = await screen.findByRole('dialog', { name: COP_DIALOG.title });
    await user.click(within(dialog).getByRole('checkbox', { name: COP_DIALOG.eea }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(radio(LABELS.consentOrPay, 'No'));
    expect(screen.queryByTestId('consent-or-pay-summary')).toBeNull();
    await user.selectOptions(field(LABELS.cmpVersion), 'v60');
    expect(screen.queryByRole('radiogroup', { name: LABELS.consentOrPay })).toBeNull();
    expect(screen.getByText(COP_AVAILABLE_FROM)).toBeTruthy();
  });

  it('other accounts request access: REQUEST event, then the success modal', async () => {
    const { user, api } = await renderNew();
    api.on(`POST /customization/cop-banner-event`, ({ body }) => ({
      status: 201,
      body: { ...(body as object), createdAt: '2024-03-15T12:00:00.000Z' },
    }));
    await user.click(await screen.findByRole('button', { name: LABELS.consentOrPayRequest }));
    const intro = await screen.findByRole('dialog', { name: COP_INTRO_TITLE });
    api.on(`GET /customization/cop-banner-event/${PCODE}`, {
      body: [{ pcode: PCODE, eventType: 'REQUEST', createdAt: '2024-03-15T12:00:00.000Z' }],
    });
    await user.click(within(intro).getByRole('button', { name: COP_REQUEST_BUTTON }));
    const success = await screen.findByRole('dialog', { name: COP_SUCCESS_TITLE });
    expect(within(success).getByText(COP_REQUEST_RECEIVED)).toBeTruthy();
    expect(posted(api, '/customization/cop-banner-event')).toEqual({
      pcode: PCODE,
      eventType: 'REQUEST',
    });
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(LABELS.consentOrPayRequested)).toBeTruthy();
  });

  it('an account that already asked sees it from the latest event', async () => {
    const api = withFormRoutes(fakeApi()).on(`GET /customization/cop-banner-event/${PCODE}`, {
      body: [{ pcode: PCODE, eventType: 'REQUEST', createdAt: '2024-03-15T12:00:00.000Z' }],
    });
    renderApp({ path: NEW, api, organisations: [buildOrganisation()] });
    expect(await screen.findByText(LABELS.consentOrPayRequested)).toBeTruthy();
    expect(screen.queryByRole('button', { name: LABELS.consentOrPayRequest })).toBeNull();
  });
});

describe('site form: save', () => {
  it('checks the logo, appends its suffix, sends the save payload and returns to the list', async () => {
    const { user, api, router } = await renderFilled();
    await user.type(field(LABELS.logo), 'https://cdn.example.com/logo.png');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
    const check = api.calls.find((c) => c.path === '/customization/v2/logo-check');
    expect(check?.body).toEqual({ url: 'https://cdn.example.com/logo.png' });
    expect(posted(api)).toMatchObject({
      propertyType: 'SITE',
      url: 'news.example.com',
      themeId: '1',
      publisherLogoUrl: 'https://cdn.example.com/logo.png?v=abc123',
      consentLocations: ['EEA'],
      privacyModes: ['GDPR'],
    });
    expect(api.calls.find((c) => c.method === 'POST' && c.path === SITE_PATH)?.search).toBe(
      `?pCode=${PCODE}`,
    );
  });

  it('a refused logo stops the save and shows its message above the form', async () => {
    const { user, api } = await renderFilled();
    api.on('POST /customization/v2/logo-check', {
      body: { ok: false, suffix: '', message: 'We could not load an image from this URL' },
    });
    await user.type(field(LABELS.logo), 'https://cdn.example.com/logo.png');
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load an image from this URL');
    expect(api.calls.some((c) => c.method === 'POST' && c.path === SITE_PATH)).toBe(false);
    // Issue 17 item 6: fixing the logo takes its message away, above the form and under the field.
    await user.clear(field(LABELS.logo));
    await user.type(field(LABELS.logo), 'https://cdn.example.com/other.png');
    expect(screen.queryByText('We could not load an image from this URL')).toBeNull();
  });

  it("shows the server's refusal in a callout and its fields under each field", async () => {
    const { user, api } = await renderFilled();
    api.on(`POST ${SITE_PATH}`, {
      status: 400,
      body: {
        status: 'VALIDATION_ERROR',
        message: DUPLICATE_PROPERTY,
        fields: { url: DUPLICATE_PROPERTY },
      },
    });
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SITE_SAVE_ERROR);
    expect(alert.textContent).toContain(DUPLICATE_PROPERTY);
    expect(field(LABELS.url).getAttribute('aria-invalid')).toBe('true');
    // Issue 17 item 4: focus goes to the field the server named, not only the callout at the top.
    await waitFor(() => expect(document.activeElement).toBe(field(LABELS.url)));
    await user.type(field(LABELS.url), 'x');
    expect(field(LABELS.url).getAttribute('aria-invalid')).toBe('false');
  });

  it('reads LOADING... and stays disabled while the save is pending', async () => {
    const { user, api } = await renderFilled();
    let release: () => void = () => {};
    api.on(
      `POST ${SITE_PATH}`,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: storedSite() });
        }),
    );
    await user.click(saveButton());
    const pending = await screen.findByRole('button', { name: SAVE_PENDING });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release();
  });
});

describe('site form: edit and routes', () => {
  it('edits a site: Save once changed, PUT with urlChanged, back to the list', async () => {
    const api = withFormRoutes(fakeApi())
      .on(`GET ${SITE_PATH}/site-1`, { body: storedSite() })
      .on(`PUT ${SITE_PATH}/site-1`, ({ body }) => ({ body: storedSite(body as object) }));
    const { user, router } = renderApp({ path: `${ACCOUNT}/sites/edit/site-1`, api });
    await screen.findByRole('form', { name: 'Edit a site' });
    expect(field(LABELS.url).value).toBe('news.example.com');
    expect(saveButton().disabled).toBe(true);
    await user.clear(field(LABELS.publisherName));
    await user.type(field(LABELS.publisherName), 'Daily News');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.search).toBe(`?pCode=${PCODE}&urlChanged=false`);
    expect(put?.body).toMatchObject({ publisherName: 'Daily News', url: 'news.example.com' });
  });

  it('a site with pending updates warns and cannot be saved', async () => {
    const api = withFormRoutes(fakeApi()).on(`GET ${SITE_PATH}/site-1`, {
      body: storedSite({}, { editable: false }),
    });
    const { user } = renderApp({ path: `${ACCOUNT}/sites/edit/site-1`, api });
    expect(await screen.findByText(PENDING_UPDATES)).toBeTruthy();
    await user.type(field(LABELS.publisherName), ' and more');
    expect(saveButton().disabled).toBe(true);
  });

  it("an open form with pending updates becomes editable when the job is done, keeping the edits and the job's changes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = withFormRoutes(fakeApi())
        .on(`GET ${SITE_PATH}/site-1`, { body: storedSite({}, { editable: false }) })
        .on(`PUT ${SITE_PATH}/site-1`, ({ body }) => ({ body: storedSite(body as object) }));
      const { user } = renderApp({ path: `${ACCOUNT}/sites/edit/site-1`, api });
      expect(await screen.findByText(PENDING_UPDATES)).toBeTruthy();
      const name = field(LABELS.publisherName).value;
      await user.type(field(LABELS.publisherName), ' and more');
      expect(saveButton().disabled).toBe(true);

      // The bulk update finishes: it changed the publisher country. No reload.
      api.on(`GET ${SITE_PATH}/site-1`, { body: storedSite({ publisherCC: 'DE' }) });
      await act(() => vi.advanceTimersByTimeAsync(BULK_UPDATE_POLL_INTERVAL_MS));
      await waitFor(() => expect(screen.queryByText(PENDING_UPDATES)).toBeNull());
      expect(saveButton().disabled).toBe(false);
      expect(field(LABELS.publisherName).value).toBe(`${name} and more`);
      await user.click(saveButton());
      await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        publisherName: `${name} and more`,
        publisherCC: 'DE',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a missing site is not found; 403 is access denied; an unknown action is not found', async () => {
    const api = withFormRoutes(fakeApi()).on(
      `GET ${SITE_PATH}/gone`,
      apiError(404, 'NOT_FOUND', 'Not found'),
    );
    const first = renderApp({ path: `${ACCOUNT}/sites/edit/gone`, api });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
    first.unmount();

    const denied = withFormRoutes(fakeApi()).on(
      `GET ${SITE_PATH}/site-1`,
      apiError(403, 'FORBIDDEN', 'No access'),
    );
    const second = renderApp({ path: `${ACCOUNT}/sites/edit/site-1`, api: denied });
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
    second.unmount();

    renderApp({ path: `${ACCOUNT}/sites/archive/site-1`, api: withFormRoutes(fakeApi()) });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
  });

  it('a failed init keeps the title and shows the message', async () => {
    const api = withFormRoutes(fakeApi()).on(
      'GET /customization/v2/site/init',
      apiError(500, 'INTERNAL_ERROR', 'The database is resting'),
    );
    renderApp({ path: NEW, api });
    expect(await screen.findByRole('heading', { name: 'Create a site' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('The database is resting');
  });

  it('newuser creates a site too', async () => {
    await renderNew({}, `${ACCOUNT}/sites/newuser`);
    expect(field(LABELS.url)).toBeTruthy();
  });

  it('the delete action confirms over the form and deletes', async () => {
    const api = withFormRoutes(fakeApi())
      .on(`GET ${SITE_PATH}/site-1`, { body: storedSite() })
      .on(`DELETE ${SITE_PATH}/site-1`, { body: { deleted: true } });
    const { user, router } = renderApp({ path: `${ACCOUNT}/sites/delete/site-1`, api });
    const dialog = await screen.findByRole('dialog', { name: DELETE_PROPERTY_TITLE });
    expect(within(dialog).getByText(deletePropertyConfirmation('site'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: DELETE_PROPERTY_CONFIRM }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('the delete action does what the list does: the same message, and audit logs refreshed', async () => {
    // Regression: the site page had its own copy of the dialog, which left the audit logs stale.
    const api = withFormRoutes(fakeApi())
      .on(`GET ${SITE_PATH}/site-1`, { body: storedSite() })
      .on(`DELETE ${SITE_PATH}/site-1`, { body: { deleted: true } });
    const { user, services } = renderApp({ path: `${ACCOUNT}/sites/delete/site-1`, api });
    const invalidate = vi.spyOn(services.queryClient, 'invalidateQueries');
    const dialog = await screen.findByRole('dialog', { name: DELETE_PROPERTY_TITLE });
    await user.click(within(dialog).getByRole('button', { name: DELETE_PROPERTY_CONFIRM }));
    expect(await screen.findByText(propertyDeleted('news.example.com'))).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: auditLogKeys.account(PCODE) });
  });

  it('cancelling the delete stays on the edit form', async () => {
    const api = withFormRoutes(fakeApi()).on(`GET ${SITE_PATH}/site-1`, { body: storedSite() });
    const { user, router } = renderApp({ path: `${ACCOUNT}/sites/delete/site-1`, api });
    const dialog = await screen.findByRole('dialog', { name: DELETE_PROPERTY_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${ACCOUNT}/sites/edit/site-1`),
    );
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('the delete action refuses a site with pending updates', async () => {
    const api = withFormRoutes(fakeApi()).on(`GET ${SITE_PATH}/site-1`, {
      body: storedSite({}, { editable: false }),
    });
    renderApp({ path: `${ACCOUNT}/sites/delete/site-1`, api });
    expect(await screen.findByRole('dialog', { name: NOT_ABLE_TO_DELETE })).toBeTruthy();
  });
});
