import { Callout } from '@blueprintjs/core';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { BackLink } from '../components/BackLink';
import { PageLayout } from '../components/PageLayout';

/** The sections built in later issues, with what each will hold. */
export const COMING_SOON = {
  reports: {
    title: 'Reports',
    text: 'Reports will show consent insights per property, regulation, country, device, OS, page format and browser against an earlier period, and let you build, save and schedule custom reports. Until then, the properties list shows each property’s consent rate over the last 30 days.',
  },
} as const;

/** An honest page for Reports: what is coming, and the way back. */
export default function ComingSoonPage({ section }: { section: keyof typeof COMING_SOON }) {
  const { pCode } = useAccount();
  const { title, text } = COMING_SOON[section];
  return (
    <PageLayout
      title={title}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
    >
      <Callout intent="primary" title="Coming soon">
        <p>{text}</p>
      </Callout>
    </PageLayout>
  );
}
