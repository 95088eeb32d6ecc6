import { describe, expect, it } from 'vitest';
import { createMemoryConsoleStorage, readStoredTime, writeStoredTime } from './storage';

describe('console storage', () => {
  it('stores, lists and removes items', () => {
    const storage = createMemoryConsoleStorage({ a: '1' });
    storage.setItem('b', '2');
    expect(storage.keys()).toEqual(['a', 'b']);
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
  });

  it('reads times written as epoch milliseconds or ISO strings, and ignores garbage', () => {
    const storage = createMemoryConsoleStorage({ iso: '2024-03-15T12:00:00.000Z', bad: 'soon' });
    writeStoredTime(storage, 'ms', new Date('2024-03-15T12:00:00.000Z'));
    expect(storage.getItem('ms')).toBe('1710504000000');
    expect(readStoredTime(storage, 'ms')?.toISOString()).toBe('2024-03-15T12:00:00.000Z');
    expect(readStoredTime(storage, 'iso')?.toISOString()).toBe('2024-03-15T12:00:00.000Z');
    expect(readStoredTime(storage, 'bad')).toBeUndefined();
    expect(readStoredTime(storage, 'missing')).toBeUndefined();
  });
});
