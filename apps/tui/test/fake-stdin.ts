import { EventEmitter } from 'node:events';

/**
 * A raw-mode stdin for Ink in tests: `write(keys)` hands Ink the keys as one chunk, as a terminal
 * does (Ink reads it on 'readable'; 'data' is emitted too for listeners of that event).
 */
export function fakeStdin() {
  let pending: string | null = null;
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: true,
    setEncoding() {},
    setRawMode() {},
    resume() {},
    pause() {},
    ref() {},
    unref() {},
    read: () => {
      const data = pending;
      pending = null;
      return data;
    },
    write: (data: string) => {
      pending = data;
      stdin.emit('readable');
      stdin.emit('data', data);
    },
  });
  return stdin;
}
