import { CONSENT_ID_RULE, CONSENT_RECORD_NOT_FOUND } from '@assent/core/audit-log';
import type { ConsentRecord } from '@assent/core/audit-log';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { CONSENT_ID_LABEL, FIND, FIND_CONSENT, FIND_CONSENT_TITLE } from './find-consent';

const PATH = '/protect/p-AB12CD/properties';
const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const RECORD: ConsentRecord = {
  id: ID,
  propertyUuid: 'p-1',
  property: 'news.example',
  createdAt: '2024-03-14T10:00:00.000Z',
  configVersion: 'cfg-7',
  vendorListVersion: 90,
  tcString: 'CQJ0FMAQJ0FMAAGABBENBJFgAP_gAEPgAAqIKiNX',
  gppString: null,
  uspString: null,
  country: 'FR',
  choices: {
    outcome: 'p',
    purposes: [1],
    legitimateInterests: [],
    specialFeatures: [],
    vendors: [755],
    vendorLegitimateInterests: [],
    googleVendors: [],
    customVendors: [],
  },
  words: [
    { label: 'Choice', text: 'Saved own choices' },
    { label: 'Purposes consented', text: '1 Store and/or access information on a device' },
    { label: 'IAB vendors consented', text: 'Google Advertising Products (755)' },
  ],
};

const api = () =>
  fakeApi()
    .on('GET /customization/v2/site/rows', { body: [] })
    .on(`GET /customization/v2/consent-record/${ID}`, { body: RECORD })
    .on(
      'GET /customization/v2/consent-record/00000000-0000-4000-8000-000000000000',
      apiError(404, 'NOT_FOUND', CONSENT_RECORD_NOT_FOUND),
    );

async function openFind() {
  const view = renderApp({ path: PATH, api: api() });
  await view.user.click(await screen.findByRole('button', { name: FIND_CONSENT }));
  const dialog = await screen.findByRole('dialog', { name: FIND_CONSENT_TITLE });
  return {
    ...view,
    dialog,
    input: within(dialog).getByLabelText(CONSENT_ID_LABEL, { exact: false }),
  };
}

describe('Find consent (properties list)', () => {
  it('finds a record by the id a visitor quotes and shows it readable, with its TC string', async () => {
    const { user, dialog, input, api: calls } = await openFind();
    // Quoted in capitals with spaces around: the same id.
    await user.type(input, `  ${ID.toUpperCase()} `);
    await user.click(within(dialog).getByRole('button', { name: FIND }));
    const table = await within(dialog).findByRole('table', { name: 'Consent record' });
    const row = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')!.textContent;
    expect(row(CONSENT_ID_LABEL)).toContain(ID);
    expect(row('Property')).toContain('news.example');
    expect(row('Choice')).toContain('Saved own choices');
    expect(row('Purposes consented')).toContain('1 Store and/or access information on a device');
    expect(row('TC string')).toContain(RECORD.tcString);
    expect(within(table).queryByRole('rowheader', { name: 'GPP string' })).toBeNull();
    expect(calls.calls.at(-1)).toMatchObject({
      path: `/customization/v2/consent-record/${ID}`,
      search: '?pCode=AB12CD',
    });
  });

  it('says what a consent id looks like, and that an id of no record of the account is not found', async () => {
    const { user, dialog, input } = await openFind();
    await user.type(input, 'visitor-42');
    await user.click(within(dialog).getByRole('button', { name: FIND }));
    expect(await within(dialog).findByText(CONSENT_ID_RULE)).toBeTruthy();
    await user.clear(input);
    await user.type(input, '00000000-0000-4000-8000-000000000000');
    await user.click(within(dialog).getByRole('button', { name: FIND }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CONSENT_RECORD_NOT_FOUND);
  });
});
