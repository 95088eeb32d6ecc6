import { describe, expect, it } from 'vitest';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  verifyPasswordInConstantTime,
} from '../src/services/secrets';

/** `$argon2id$v=19$m=…,t=…,p=…$`: the algorithm and its cost. */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('password verification without an account (issue 19 item 6)', () => {
  it('the dummy hash costs what a real one does, so an unknown e-mail takes as long to refuse', async () => {
    expect(costOf(DUMMY_PASSWORD_HASH)).toBe(costOf(await hashPassword('any password 1')));
  });

  it('never matches without a hash of the user, whatever the password', async () => {
    expect(await verifyPasswordInConstantTime(null, '')).toBe(false);
    expect(await verifyPasswordInConstantTime(undefined, 'guess 1')).toBe(false);
    const real = await hashPassword('right one 1');
    expect(await verifyPasswordInConstantTime(real, 'right one 1')).toBe(true);
    expect(await verifyPasswordInConstantTime(real, 'wrong one 1')).toBe(false);
  });
});
