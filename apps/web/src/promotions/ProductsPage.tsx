import { PageLayout } from '../components/PageLayout';

/** /protect/{product}-products. */
export function ProductsPage({ product }: { product: string }) {
  return <PageLayout title="Products">{product}</PageLayout>;
}
