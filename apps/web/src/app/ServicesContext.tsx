import type { ConsoleStorage } from '@assent/core/account';
import type { AssentClient } from '@assent/core/api';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import type { Services } from './services';

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}

/** The API client (every call of the console goes through it). */
export const useClient = (): AssentClient => useServices().client;
export const useConsoleStorage = (): ConsoleStorage => useServices().storage;
export const useNow = (): (() => Date) => useServices().now;
