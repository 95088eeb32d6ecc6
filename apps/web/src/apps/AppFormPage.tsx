import { Placeholder } from '../components/Placeholder';

export interface AppFormPageProps {
  action: 'new' | 'edit';
  /** The app's uuid when editing. */
  id?: string | undefined;
}

/**
 * Create New App / Edit an App. PLACEHOLDER: the forms engineer replaces this file (keep the
 * default export and the props; the account comes from `useAccount()`).
 */
export default function AppFormPage({ action, id }: AppFormPageProps) {
  return (
    <Placeholder
      title={action === 'new' ? 'Create New App' : 'Edit an App'}
      text={`The app form${id ? ` for ${id}` : ''} is being built.`}
    />
  );
}
