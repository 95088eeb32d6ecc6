import { BACK_TO_ALL_PROPERTIES } from '@assent/core/property';
import { Callout } from '@blueprintjs/core';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { BackLink } from './BackLink';
import { PageLayout } from './PageLayout';

export const BACK_TO_PROPERTIES = BACK_TO_ALL_PROPERTIES;

/** An honest page for a screen that is not built yet; it keeps its route working. */
export function Placeholder({ title, text }: { title: string; text: string }) {
  const { pCode } = useAccount();
  return (
    <PageLayout
      title={title}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
    >
      <Callout intent="primary" title="Coming soon">
        {text}
      </Callout>
    </PageLayout>
  );
}
