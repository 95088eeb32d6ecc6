import { Placeholder } from '../components/Placeholder';

/** The actions the site page takes (routes check them before rendering this page). */
export type SiteFormAction = 'new' | 'edit' | 'delete' | 'newuser';

export interface SiteFormPageProps {
  action: SiteFormAction;
  /** The site's uuid for edit and delete. */
  id?: string | undefined;
}

/**
 * Create a site / Edit a site. PLACEHOLDER: the forms engineer replaces this file (keep the default
 * export and the props; the account comes from `useAccount()`).
 */
export default function SiteFormPage({ action, id }: SiteFormPageProps) {
  const title = action === 'edit' || action === 'delete' ? 'Edit a site' : 'Create a site';
  return (
    <Placeholder
      title={title}
      text={`The site form (${action}${id ? ` ${id}` : ''}) is being built.`}
    />
  );
}
