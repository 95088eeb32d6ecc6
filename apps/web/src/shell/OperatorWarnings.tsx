import type { AssentClient } from '@assent/core/api';
import { healthQuery } from '@assent/core/queries';
import { Callout } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../app/ServicesContext';

export const OPERATOR_WARNING_TITLE = 'This server needs its operator';

/** The server's health, asked again after 5 minutes (the start-up's prefetch asks it first). */
export const operatorWarningsQuery = (client: AssentClient) => ({
  ...healthQuery(client),
  staleTime: 5 * 60_000,
});

/**
 * The server's configuration warnings (`/healthz`), on every page in a danger callout: today an
 * unset ASSENT_CMP_ID, whose strings Google and vendors reject. Nothing shows while the server is
 * healthy or cannot be asked.
 */
export function OperatorWarnings() {
  const client = useClient();
  const { data } = useQuery(operatorWarningsQuery(client));
  const warnings = data?.warnings ?? [];
  if (!warnings.length) return null;
  return (
    <Callout intent="danger" icon={<ErrorIcon />} title={OPERATOR_WARNING_TITLE} role="alert">
      {warnings.map((w) => (
        <p key={w}>{w}</p>
      ))}
    </Callout>
  );
}
