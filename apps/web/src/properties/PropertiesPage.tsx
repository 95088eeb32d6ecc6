import { PROPERTIES_TITLE } from '@assent/core';
import { PageLayout } from '../components/PageLayout';

export default function PropertiesPage() {
  return <PageLayout title={PROPERTIES_TITLE}>{null}</PageLayout>;
}
