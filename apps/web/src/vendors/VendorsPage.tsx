import { PageLayout } from '../components/PageLayout';

export default function VendorsPage() {
  return <PageLayout title="Vendors">{null}</PageLayout>;
}
