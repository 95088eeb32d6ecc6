import { Callout } from '@blueprintjs/core';

export interface AnalyticsTabProps {
  pCode: string;
  /** The analytics ids of the properties selected at the top of the reports page. */
  propertyIds: string[];
  /** The saved report the page's `report_id` names, loaded into the builder. */
  reportId?: string;
}

/** Placeholder until the custom report builder lands (branch rpb11 replaces this file). */
export function AnalyticsTab({ propertyIds }: AnalyticsTabProps) {
  return (
    <Callout intent="primary" title="Create your Custom Report">
      <p>The custom report builder is not built yet ({propertyIds.length} properties selected).</p>
    </Callout>
  );
}
