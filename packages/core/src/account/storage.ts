/**
 * The key-value storage the console keeps small UI memories in (announcement dismissals,
 * promotion timings). Injected: the browser passes an adapter over localStorage, tests and the
 * terminal UI a memory store.
 */
export interface ConsoleStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Every key currently stored. */
  keys(): string[];
}

/** A storage held in memory, optionally seeded. */
export function createMemoryConsoleStorage(initial: Record<string, string> = {}): ConsoleStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

/** Reads an instant stored as epoch milliseconds (or an ISO string); undefined when absent or unreadable. */
export function readStoredTime(storage: ConsoleStorage, key: string): Date | undefined {
  const raw = storage.getItem(key);
  if (raw === null || raw.trim() === '') return undefined;
  const date = /^\d+$/.test(raw) ? new Date(Number(raw)) : new Date(raw);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Stores an instant as epoch milliseconds. */
export const writeStoredTime = (storage: ConsoleStorage, key: string, at: Date): void =>
  storage.setItem(key, String(at.getTime()));
