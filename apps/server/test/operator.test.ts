import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpointFile, startAdminEndpoint } from '../src/operator/admin-endpoint';
import type { AdminEndpoint } from '../src/operator/admin-endpoint';
import { OperatorError } from '../src/operator/operations';
import { runOperation } from '../src/operator/run';
import { organisations } from '../src/repositories/accounts';
import type { TestServer } from './harness';
import { createTestServer, stores } from './harness';
import { silentLogger } from './live-server';

/*
 * The operators' admin endpoint on both stores: commands reach the server that holds the data
 * directory; without one they go to the database (the same one on PostgreSQL).
 */
describe.each(stores())('the admin endpoint and operator commands (%s)', (store) => {
  let server: TestServer;
  let endpoint: AdminEndpoint;
  beforeAll(async () => {
    server = await createTestServer(store);
    endpoint = await startAdminEndpoint({
      db: server.deps.db,
      now: server.deps.now,
      dataDir: server.dataDir,
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await endpoint?.close();
    await server?.close();
  });

  it('writes its address and secret to a 0600 file and refuses any other secret', async () => {
    const file = adminEndpointFile(server.dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const info = JSON.parse(readFileSync(file, 'utf8')) as { url: string; pid: number };
    expect(info).toMatchObject({ url: endpoint.url, pid: process.pid });
    const refused = await fetch(`${endpoint.url}/operator/accountList`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
  });

  it("runs the commands in the server that holds the data directory, with the server's refusals", async () => {
    const owner = await server.user('owner@example.com');
    const colleague = await server.user('colleague@example.com');
    const added = await runOperation(
      'accountAddMember',
      { email: 'Colleague@example.com', pcode: `p-${owner.pcode}` },
      server.config,
    );
    expect(added).toMatchObject({
      via: 'server',
      result: { added: true, account: { members: ['owner@example.com', 'colleague@example.com'] } },
    });
    const account = await organisations.get(server.deps.db, owner.pcode);
    expect(
      (await organisations.forUser(server.deps.db, colleague.id)).map((o) => o.pcode),
    ).toContain(account!.pcode);
    await expect(
      runOperation(
        'accountRemoveMember',
        { email: 'nobody@example.com', pcode: owner.pcode },
        server.config,
      ),
    ).rejects.toThrow(
      new OperatorError('No user with the e-mail nobody@example.com. They must sign up first.'),
    );
    await expect(
      runOperation('announceCreate', { title: 't', content: 'c', end: 'soon' }, server.config),
    ).rejects.toThrow(/^The announcement is not valid:\n {2}end: /);
  });

  it.runIf(store === 'postgres')(
    'without a running server the commands go to the database directly',
    async () => {
      await endpoint.close();
      expect(existsSync(adminEndpointFile(server.dataDir))).toBe(false);
      const owner = await server.user('direct@example.com');
      const flagged = await runOperation(
        'accountFlags',
        { pcode: owner.pcode, copEnabled: true },
        server.config,
      );
      expect(flagged).toMatchObject({ via: 'database', result: { copEnabled: true } });
      expect((await organisations.get(server.deps.db, owner.pcode))?.copEnabled).toBe(true);
    },
  );
});
