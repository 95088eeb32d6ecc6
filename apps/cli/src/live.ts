import type { LiveAccount, PlanContext } from '@assent/core';
import type { AccountSession } from './session';

/**
 * Everything export and plan compare against: the account's themes, every property in full (one
 * export call), and the account's flags.
 */
export async function loadLiveAccount(
  session: AccountSession,
): Promise<{ live: LiveAccount; planContext: PlanContext }> {
  const query = { pCode: session.account };
  const [themes, properties, organisations] = await Promise.all([
    session.client.themes.list({ query }),
    session.client.sites.export({ query }),
    session.client.auth.organisations(),
  ]);
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
