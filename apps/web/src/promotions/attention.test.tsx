import { TAKE_SURVEY, universalTagWarningKey } from '@assent/core/property';
import { buildOrganisation } from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLOSE_TAG_WARNING } from '../properties/UniversalTagWarning';
import { gdprAnalytics, listItem } from '../testing/builders';
import { fakeApi, renderApp } from '../testing/render';
import { MAYBE_LATER, PRICING_TITLE, SURVEY_TITLE } from './copy';

const PCODE = 'AB12CD';
const PATH = `/protect/p-${PCODE}/properties`;

/** An account on day one: one site just added, the survey not filled, both terms accepted. */
function dayOneApi() {
  return fakeApi()
    .on('GET /customization/v2/site/rows', { body: [listItem(1)] })
    .on(`POST /analytics/v1/properties/pcode/${PCODE}`, { body: { 'uuid-01': gdprAnalytics(0) } })
    .on(`GET /customization/${PCODE}/survey`, { body: { filled: false } });
}

const pricing = () => screen.queryByRole('dialog', { name: PRICING_TITLE });
const surveyPopup = () => screen.queryByRole('complementary', { name: SURVEY_TITLE });

describe('promotions take turns (issue 17 item 9)', () => {
  it('shows one modal or popup at a time: the pricing promotion, then the survey popup', async () => {
    const { user } = renderApp({
      path: PATH,
      api: dayOneApi(),
      organisations: [buildOrganisation({ pcode: PCODE })],
    });
    const dialog = await screen.findByRole('dialog', { name: PRICING_TITLE });
    // The survey is known to be unfilled (the premium banner offers it), yet its popup waits.
    await screen.findByRole('button', { name: TAKE_SURVEY });
    expect(surveyPopup()).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: MAYBE_LATER }));
    expect(await screen.findByRole('complementary', { name: SURVEY_TITLE })).toBeTruthy();
    expect(pricing()).toBeNull();
  });

  it('while a new site waits for its tag, the promotions wait; closing the warning lets them in', async () => {
    const { user } = renderApp({
      path: PATH,
      api: dayOneApi(),
      organisations: [buildOrganisation({ pcode: PCODE })],
      storage: { [universalTagWarningKey(PCODE)]: 'uuid-01' },
    });
    const warning = await screen.findByTestId('universal-tag-warning');
    await screen.findByRole('button', { name: TAKE_SURVEY });
    expect(pricing()).toBeNull();
    expect(surveyPopup()).toBeNull();
    await user.click(within(warning).getByRole('button', { name: CLOSE_TAG_WARNING }));
    expect(await screen.findByRole('dialog', { name: PRICING_TITLE })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('universal-tag-warning')).toBeNull());
    expect(surveyPopup()).toBeNull();
  });
});
