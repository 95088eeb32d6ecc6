import type { HistoryPage } from '@assent/core/history';
import { NO_HISTORY } from '@assent/core/history';
import { toSavePayload } from '@assent/core/property';
import type { AssentClient } from '@assent/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { cliWorkspace, runCli, startCliServer } from './harness';

/* `assent history PROPERTY`: a property's change history from a terminal (issue 19 item 21). */

let server: CliServer;
let user: TestUser;
let work: CliWorkspace;
let api: AssentClient;

const cli = (args: string[]) => runCli(args, { env: work.env });

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('historian@example.com');
  work = cliWorkspace('history', { server, user });
  api = server.api(user);
});
afterAll(async () => {
  await server?.close();
  work?.remove();
});

describe('assent history', () => {
  it('prints who changed which field from what to what, and the same as JSON', async () => {
    const query = { pCode: user.pcode };
    const site = await api.sites.create({
      query,
      body: { url: 'history-cli.example', themeId: '1', publisherName: 'Old name' },
    });
    await api.sites.update({
      params: { id: site.uuid },
      query,
      body: { ...toSavePayload(site), publisherName: 'New name' },
    });

    const table = await cli(['history', 'HISTORY-CLI.example']);
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toBe('History of history-cli.example: 2 changes, page 1 of 1.');
    expect(lines[2]).toMatch(
      /^\d{2} \w{3} \d{4}, \d{2}:\d{2} UTC {2}changed by historian@example\.com \(token "test"\)$/,
    );
    expect(lines[3]).toMatch(/^ {2}FIELD\s+FROM\s+TO$/);
    expect(lines[4]).toMatch(/^ {2}publisherName\s+Old name\s+New name$/);
    expect(lines[6]).toMatch(/ {2}created by historian@example\.com \(token "test"\)$/);
    expect(lines[7]).toMatch(/^ {2}\d+ settings set \(--json lists them\)$/);

    const json = await cli(['history', site.uuid, '--json']);
    const page = JSON.parse(json.stdout) as HistoryPage;
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      action: 'UPDATE',
      via: 'token',
      changes: [{ field: 'publisherName', from: 'Old name', to: 'New name' }],
    });
  });

  it('says when nothing was recorded, and names an unknown property', async () => {
    const fresh = await cli(['history', '00000000-0000-4000-8000-000000000000']);
    expect(fresh.stdout).toBe(`${NO_HISTORY}\n`);
    const unknown = await cli(['history', 'nowhere.example']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("No property 'nowhere.example'");
  });
});
