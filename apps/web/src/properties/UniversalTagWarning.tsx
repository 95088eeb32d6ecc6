import {
  UNIVERSAL_TAG_WARNING,
  UNIVERSAL_TAG_WARNING_NOTE,
  dismissUniversalTagWarning,
  propertyAwaitingTag,
  propertyIdentifier,
  universalTagDetected,
  universalTagWarningState,
} from '@assent/core/property';
import type { PropertyListRow } from '@assent/core/property';
import { propertyAnalyticsQuery } from '@assent/core/queries';
import { dashboardPresetRange } from '@assent/core/reports';
import { Button, Callout } from '@blueprintjs/core';
import { CodeIcon, CrossIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useClient, useConsoleStorage, useNow } from '../app/ServicesContext';
import { useAttentionTurn } from '../components/attention';
import { UNIVERSAL_TAG_BUTTON } from '../shell/UniversalTagButton';

export const CLOSE_TAG_WARNING = 'Close the universal tag alert';

/**
 * After a site is added (the site form remembers it per account code): 'Congrats on adding your
 * property! Next, retrieve the Universal Tag.' with the 24-hour note, a warning until the site's
 * analytics count a banner shown, then green. It stays until closed or the site is gone.
 */
export function UniversalTagWarning({
  pCode,
  properties,
  onGetTag,
}: {
  pCode: string;
  /** The account's properties, once loaded. */
  properties: PropertyListRow[] | undefined;
  onGetTag: () => void;
}) {
  const client = useClient();
  const storage = useConsoleStorage();
  const now = useNow();
  const [propertyId, setPropertyId] = useState(() => propertyAwaitingTag(pCode, storage));
  const site = propertyId ? properties?.find((p) => p.uuid === propertyId) : undefined;
  const range = useMemo(() => dashboardPresetRange('last30Days', now()), [now]);
  const analytics = useQuery({
    ...propertyAnalyticsQuery(client, { pCode, propertyIds: site ? [site.uuid] : [], ...range }),
    enabled: Boolean(site),
  });
  const dismiss = () => {
    dismissUniversalTagWarning(pCode, storage);
    setPropertyId(undefined);
  };
  const gone = Boolean(propertyId && properties && !site);
  useEffect(() => {
    // The site was deleted (or belongs elsewhere): nothing is waiting for its tag any more.
    if (gone) {
      dismissUniversalTagWarning(pCode, storage);
      setPropertyId(undefined);
    }
  }, [gone, pCode, storage]);

  // Inline, so it shows whatever the turn; while it shows, the promotions after it wait.
  useAttentionTurn('universalTagWarning', site !== undefined);
  if (!site) return null;
  const detected = universalTagWarningState(analytics.data?.[site.uuid]) === 'detected';
  return (
    <Callout
      intent={detected ? 'success' : 'warning'}
      title={UNIVERSAL_TAG_WARNING}
      className="assent-tag-warning"
      data-testid="universal-tag-warning"
    >
      <div className="assent-tag-warning-body">
        <p>
          {detected ? universalTagDetected(propertyIdentifier(site)) : UNIVERSAL_TAG_WARNING_NOTE}
        </p>
        <div className="assent-tag-warning-actions">
          <Button
            size="small"
            intent={detected ? 'success' : 'warning'}
            icon={<CodeIcon />}
            text={UNIVERSAL_TAG_BUTTON}
            onClick={onGetTag}
          />
          <Button
            size="small"
            variant="minimal"
            icon={<CrossIcon />}
            aria-label={CLOSE_TAG_WARNING}
            title={CLOSE_TAG_WARNING}
            onClick={dismiss}
          />
        </div>
      </div>
    </Callout>
  );
}
