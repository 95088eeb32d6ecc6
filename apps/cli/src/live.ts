import type { LiveAccount, LiveProperty, PlanContext } from '@assent/core';
import type { AccountSession } from './session';
import { mapLimit } from './session';

/** Concurrent GETs of full properties: enough to hide latency, few enough to be polite. */
const FETCH_CONCURRENCY = 16;

/**
 * Everything export and plan compare against: the account's themes, every property in full
 * (the list gives a summary, so each is read by its uuid), and the account's flags.
 */
export async function loadLiveAccount(
  session: AccountSession,
): Promise<{ live: LiveAccount; planContext: PlanContext }> {
  const query = { pCode: session.account };
  const [themes, items, organisations] = await Promise.all([
    session.client.themes.list({ query }),
    session.client.sites.list({ query }),
    session.client.auth.organisations(),
  ]);
  const properties: LiveProperty[] = await mapLimit(items, FETCH_CONCURRENCY, (item) => {
    const input = { params: { id: item.uuid }, query };
    return item.propertyType === 'APP'
      ? session.client.apps.get(input)
      : session.client.sites.get(input);
  });
  const organisation = organisations.find((o) => o.pcode === session.account);
  return {
    live: {
      account: session.account,
      properties,
      themes: themes.map((t) => ({
        themeId: t.themeId,
        themeName: t.themeName,
        themeType: t.themeType,
      })),
    },
    planContext: { consentOrPayEnabled: organisation?.consentOrPayEnabled ?? false },
  };
}
