import { errorMessageOf } from '@assent/core';
import { ALERT_AUTO_CLOSE_MS } from '@assent/core/account';
import type { Intent, ToastProps } from '@blueprintjs/core';
import { OverlayToaster } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useRef } from 'react';

/** The console's global alert list: toasts that close by themselves after 7 seconds. */
export interface Alerts {
  show(message: ReactNode, intent?: Intent, options?: Pick<ToastProps, 'action' | 'icon'>): void;
  /** Shows a failed call's message: the server's error body, else the unknown-error message. */
  error(error: unknown, context?: string): void;
}

const AlertsContext = createContext<Alerts | null>(null);

/** The message to show for a failure (the server's error body is passed on, spec §8). */
export const errorMessage = errorMessageOf;

export function AlertsProvider({ children }: { children: ReactNode }) {
  const toaster = useRef<OverlayToaster>(null);
  const show = useCallback<Alerts['show']>((message, intent = 'none', options = {}) => {
    toaster.current?.show({ message, intent, timeout: ALERT_AUTO_CLOSE_MS, ...options });
  }, []);
  const alerts = useMemo<Alerts>(
    () => ({
      show,
      error(error, context) {
        console.error(`Assent: ${context ?? 'request failed'}`, error);
        show(errorMessage(error), 'danger');
      },
    }),
    [show],
  );
  return (
    <AlertsContext.Provider value={alerts}>
      {children}
      <OverlayToaster ref={toaster} position="top" maxToasts={5} usePortal />
    </AlertsContext.Provider>
  );
}

export function useAlerts(): Alerts {
  const alerts = useContext(AlertsContext);
  if (!alerts) throw new Error('useAlerts must be used inside <AlertsProvider>');
  return alerts;
}
