import { useParams } from 'react-router';
import { Placeholder } from '../components/Placeholder';

export interface SiteDetailPageProps {
  /** /sites/reports/{id}: the premium reports of the site. @default false */
  premiumReports?: boolean;
}

/**
 * Site detail (/sites/detail/{id}/{page?}) and premium reports (/sites/reports/{id}).
 * PLACEHOLDER: the forms engineer replaces this file; the id and page come from the route params.
 */
export default function SiteDetailPage({ premiumReports = false }: SiteDetailPageProps) {
  const { id, page } = useParams();
  return (
    <Placeholder
      title={premiumReports ? 'Site reports' : 'Site detail'}
      text={`The site ${premiumReports ? 'reports' : 'detail'} page${id ? ` for ${id}` : ''}${page ? ` (${page})` : ''} is being built.`}
    />
  );
}
