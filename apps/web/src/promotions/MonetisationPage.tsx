import { PageLayout } from '../components/PageLayout';

export default function MonetisationPage() {
  return <PageLayout title="Monetisation portal">{null}</PageLayout>;
}
