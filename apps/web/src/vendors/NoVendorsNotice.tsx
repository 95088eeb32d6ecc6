import { vendorSelectionQuery } from '@assent/core/queries';
import { CHOOSE_VENDORS, NO_IAB_VENDORS_SELECTED, needsIabVendors } from '@assent/core/vendors';
import { Callout } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';

/**
 * Says, outside the Vendors tab, that the account has no IAB vendor selected (a new account's
 * state), with a link to the Vendors tab. Nothing shows while the selection loads or fails.
 */
export function NoVendorsNotice({ pCode }: { pCode: string }) {
  const client = useClient();
  const selection = useQuery(vendorSelectionQuery(client, pCode));
  if (!selection.data || !needsIabVendors(selection.data)) return null;
  return (
    <Callout intent="warning" role="status" className="assent-no-vendors">
      <span>{NO_IAB_VENDORS_SELECTED}</span> <Link to={paths.vendors(pCode)}>{CHOOSE_VENDORS}</Link>
    </Callout>
  );
}
