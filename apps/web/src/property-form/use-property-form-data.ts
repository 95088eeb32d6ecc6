import { propertyIdentifier } from '@assent/core/property';
import type { PropertyType } from '@assent/core/property';
import {
  propertiesQuery,
  propertyInitQuery,
  propertyKeys,
  propertyQuery,
} from '@assent/core/queries';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useClient } from '../app/ServicesContext';
import { useClearEmptyCurrentItemOnLeave } from './use-clear-on-leave';

/**
 * What a site or app form page loads: the init data, the property when editing (`id`), and the
 * identifiers of the account's other properties (the duplicate check).
 */
export function usePropertyFormData(
  pCode: string,
  propertyType: PropertyType,
  id: string | undefined,
  editing: boolean,
) {
  const client = useClient();
  const init = useQuery(propertyInitQuery(client, pCode, propertyType));
  const properties = useQuery(propertiesQuery(client, pCode));
  const property = useQuery({
    ...propertyQuery(client, { pCode, id: id ?? '', propertyType }),
    enabled: editing && Boolean(id),
  });
  useClearEmptyCurrentItemOnLeave(propertyKeys.detail(pCode, id ?? ''), editing && Boolean(id));
  const identifiers = useMemo(
    () => properties.data?.filter((p) => p.uuid !== id).map(propertyIdentifier),
    [properties.data, id],
  );
  return { init, property, identifiers };
}
