import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { resilientLogDestination } from './log-destination';

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** A file on a full disk: each write fails asynchronously, as fs.write does. */
const fullDisk = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback(enospc());
    },
  });

const collecting = (lines: string[]) =>
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('resilientLogDestination', () => {
  it('drops lines while the disk is full and logs again once the target can be reopened', async () => {
    let clock = 0;
    let full = true;
    const lines: string[] = [];
    const warnings: string[] = [];
    const log = resilientLogDestination({
      open: () => (full ? fullDisk() : collecting(lines)),
      retryMs: 1_000,
      warn: (message) => warnings.push(message),
      clock: () => clock,
    });
    log.write('first\n');
    await settle();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('ENOSPC');
    log.write('second\n');
    log.write('third\n');
    expect(log.dropped).toBe(2);

    full = false;
    clock += 1_000;
    log.write('fourth\n');
    await settle();
    expect(lines).toEqual(['fourth\n']);
    expect(warnings).toHaveLength(1);
  });

  it('survives a target whose write throws (a synchronous write on a full disk)', () => {
    const warnings: string[] = [];
    const log = resilientLogDestination({
      open: () => ({
        write() {
          throw enospc();
        },
        on() {},
      }),
      warn: (message) => warnings.push(message),
    });
    expect(() => log.write('line\n')).not.toThrow();
    expect(log.dropped).toBe(1);
    expect(warnings).toHaveLength(1);
  });
});
