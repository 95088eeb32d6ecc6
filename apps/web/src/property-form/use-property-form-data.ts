import { BULK_UPDATE_POLL_INTERVAL_MS } from '@assent/core/account';
import { propertyIdentifier } from '@assent/core/property';
import type { PropertyType } from '@assent/core/property';
import {
  propertyRowsQuery,
  propertyInitQuery,
  propertyKeys,
  propertyQuery,
} from '@assent/core/queries';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useClient } from '../app/ServicesContext';
import { useClearEmptyCurrentItemOnLeave } from './use-clear-on-leave';

/**
 * What a site or app form page loads: the init data, the property when editing (`id`, read again
 * every 10 s while it has pending updates), and the identifiers of the account's other properties
 * (the duplicate check).
 */
export function usePropertyFormData(
  pCode: string,
  propertyType: PropertyType,
  id: string | undefined,
  editing: boolean,
) {
  const client = useClient();
  const init = useQuery(propertyInitQuery(client, pCode, propertyType));
  const properties = useQuery(propertyRowsQuery(client, pCode));
  const property = useQuery({
    ...propertyQuery(client, { pCode, id: id ?? '', propertyType }),
    enabled: editing && Boolean(id),
    // While a bulk update holds the property (pending updates), it is read again until the job
    // is done, so an open form becomes editable without a reload.
    refetchInterval: (query) =>
      query.state.data?.editable === false ? BULK_UPDATE_POLL_INTERVAL_MS : false,
  });
  useClearEmptyCurrentItemOnLeave(propertyKeys.detail(pCode, id ?? ''), editing && Boolean(id));
  const identifiers = useMemo(
    () => properties.data?.filter((p) => p.uuid !== id).map(propertyIdentifier),
    [properties.data, id],
  );
  return { init, property, identifiers };
}
