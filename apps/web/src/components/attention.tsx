import { attentionTurn } from '@assent/core/account';
import type { AttentionItem } from '@assent/core/account';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

interface AttentionQueue {
  turn: AttentionItem | undefined;
  setWaiting: (item: AttentionItem, waiting: boolean) => void;
}

const AttentionContext = createContext<AttentionQueue | null>(null);

/**
 * The items that wait to ask for the user's attention (modals, the survey popup, the tag
 * warning); core's `attentionTurn` says whose turn it is, so at most one shows at a time.
 */
export function AttentionProvider({ children }: { children: ReactNode }) {
  const [waiting, setWaitingSet] = useState<ReadonlySet<AttentionItem>>(() => new Set());
  const setWaiting = useCallback((item: AttentionItem, on: boolean) => {
    setWaitingSet((current) => {
      if (current.has(item) === on) return current;
      const next = new Set(current);
      if (on) next.add(item);
      else next.delete(item);
      return next;
    });
  }, []);
  const queue = useMemo(
    () => ({ turn: attentionTurn(waiting), setWaiting }),
    [waiting, setWaiting],
  );
  return <AttentionContext.Provider value={queue}>{children}</AttentionContext.Provider>;
}

/**
 * Whether `item`, which would show now by its own rules (`wants`), has its turn: it waits while
 * an item before it in core's `ATTENTION_ORDER` shows. Outside an `AttentionProvider`, always.
 */
export function useAttentionTurn(item: AttentionItem, wants: boolean): boolean {
  const queue = useContext(AttentionContext);
  const setWaiting = queue?.setWaiting;
  useEffect(() => {
    if (!setWaiting) return undefined;
    setWaiting(item, wants);
    return () => setWaiting(item, false);
  }, [setWaiting, item, wants]);
  if (!queue) return wants;
  return wants && queue.turn === item;
}
