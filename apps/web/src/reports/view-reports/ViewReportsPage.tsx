import { Callout } from '@blueprintjs/core';
import { PageLayout } from '../../components/PageLayout';

/** Placeholder until the saved-reports list lands (branch rpb11 replaces this file). */
export default function ViewReportsPage() {
  return (
    <PageLayout title="Reports">
      <Callout intent="primary" title="Saved reports">
        <p>The list of saved reports is not built yet.</p>
      </Callout>
    </PageLayout>
  );
}
