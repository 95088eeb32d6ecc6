import { Placeholder } from '../components/Placeholder';

/**
 * The consent report of an app, titled by its package id. PLACEHOLDER: the forms engineer
 * replaces this file (keep the default export and the props).
 */
export default function AppDetailPage({ id }: { id: string }) {
  return <Placeholder title="App report" text={`The report of app ${id} is being built.`} />;
}
