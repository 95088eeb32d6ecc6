import type { AccountUser, Organisation } from '@assent/core/account';
import { organisationsQuery } from '@assent/core/queries';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useClient } from './ServicesContext';

/** The account the pages under /protect/p-{pCode} work in, and who is working. */
export interface Account {
  pCode: string;
  user: AccountUser;
}

export const AccountContext = createContext<Account | null>(null);

export function useAccount(): Account {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useAccount must be used under /protect/p-{pCode}');
  return account;
}

/** The organisation of the current account code (terms and feature flags), once loaded. */
export function useOrganisation(): Organisation | undefined {
  const { pCode } = useAccount();
  const client = useClient();
  const { data } = useQuery({ ...organisationsQuery(client), staleTime: 60_000 });
  return data?.find((org) => org.pcode === pCode);
}
