import { createHash, createHmac } from 'node:crypto';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CODE_EXPIRED_MESSAGE, SIGN_UP_CONFIRMED } from '@assent/core/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_KEY_FILE, loadCodeKey } from '../src/services/secrets';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

const PASSWORD = 'sturdy passphrase 9';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(stores())('e-mailed codes are stored as HMAC (%s) — issue 19 item 20', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false, persistent: true });
  });
  afterAll(() => server?.close());

  const signUp = (email: string) =>
    server.request({
      method: 'POST',
      url: '/auth/sign-up',
      payload: { email, firstName: 'Hm', lastName: 'Ac', company: 'Keyed Ltd' },
    });
  const storedHash = async (email: string) =>
    (
      await server.deps.db.query<{ code_hash: string }>(
        `select c.code_hash from verification_codes c join users u on u.id = c.user_id
         where lower(u.email) = $1 order by c.id desc limit 1`,
        [email],
      )
    )[0]!.code_hash;

  it('keeps the key in the data directory, mode 0600, and stores HMAC-SHA-256 of the code, never its plain hash', async () => {
    const file = path.join(server.dataDir, CODE_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = Buffer.from(readFileSync(file, 'utf8'), 'base64url');
    expect(key.length).toBe(32);

    await signUp('hmac@example.com');
    const code = server.mailedCode('hmac@example.com');
    const stored = await storedHash('hmac@example.com');
    expect(stored).not.toBe(sha256(code));
    expect(stored).toBe(createHmac('sha256', key).update(code).digest('hex'));
  });

  it('a code mailed before a restart still confirms after it (the key survives)', async () => {
    await signUp('restart@example.com');
    const code = server.mailedCode('restart@example.com');
    await server.restart();
    const confirm = await server.request({
      method: 'POST',
      url: '/auth/confirm-sign-up',
      payload: { email: 'restart@example.com', code, password: PASSWORD },
    });
    expect(json(confirm)).toEqual({ message: SIGN_UP_CONFIRMED });
  });

  it('migration 013 ends the codes stored as plain SHA-256: their owner is asked to request a new one', async () => {
    await signUp('legacy@example.com');
    // A code stored the old way (before migration 013).
    await server.deps.db.query(
      `update verification_codes set code_hash = $1 where id = (
         select c.id from verification_codes c join users u on u.id = c.user_id
         where u.email = 'legacy@example.com' order by c.id desc limit 1)`,
      [sha256('424242')],
    );
    const migration = readFileSync(
      path.join(__dirname, '../src/db/migrations/013_code_hmac.sql'),
      'utf8',
    );
    await server.deps.db.query(migration.replace(/^--.*$/gm, ''));
    expect(await storedHash('legacy@example.com')).toBe('');
    const confirm = await server.request({
      method: 'POST',
      url: '/auth/confirm-sign-up',
      payload: { email: 'legacy@example.com', code: '424242', password: PASSWORD },
    });
    expect(json(confirm)).toEqual({ status: 'EXPIRED_CODE', message: CODE_EXPIRED_MESSAGE });
  });

  it('sets a widened key file back to 0600 and keeps its key', () => {
    const file = path.join(server.dataDir, CODE_KEY_FILE);
    const before = readFileSync(file, 'utf8');
    chmodSync(file, 0o644);
    const key = loadCodeKey(server.dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(key.toString('base64url')).toBe(before);
  });
});
