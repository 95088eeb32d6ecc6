import { writeFileSync } from 'node:fs';
import type { AssentClient } from '@assent/core/api';
import {
  COP_NO_NON_PERSONALISED_VENDORS,
  LOGO_NOT_AN_IMAGE,
  toSavePayload,
} from '@assent/core/property';
import type { Property } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import {
  cliWorkspace,
  holdBulkUpdates,
  runCli,
  startCli,
  startCliServer,
  startLogoServer,
} from './harness';

/*
 * Bulk update jobs seen from the CLI: the Consent-or-Pay vendor rule in plan, a job with
 * failures, and an apply interrupted while its job runs. Jobs are held back on the server
 * (holdBulkUpdates) so the tests act while one is RUNNING, without timing races.
 */

let server: CliServer;
let user: TestUser;
let api: AssentClient;
let work: CliWorkspace;

const file = (name: string) => work.file(name);
const cli = (args: string[]) => runCli(args, { env: work.env });
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const query = () => ({ pCode: user.pcode });

/** The account exported now, edited by `edit`, written to `name`. */
async function editedExport(name: string, edit: (text: string) => string): Promise<string> {
  const exported = await cli(['export']);
  expect(exported.code).toBe(0);
  const text = edit(exported.stdout);
  expect(text).not.toBe(exported.stdout);
  writeFileSync(file(name), text);
  return text;
}

const addUnder = (property: string, lines: string) => (text: string) =>
  text.replace(`  ${property}:\n    type: site\n`, `  ${property}:\n    type: site\n${lines}`);

const enableConsentOrPay = addUnder(
  'news.example.com',
  '    consentOrPayConfig:\n      enabled: true\n      countries: [FR]\n',
);

async function getSite(url: string): Promise<Property> {
  const [item] = (await api.sites.list({ query: { ...query(), filter: url } })).filter(
    (p) => p.url === url,
  );
  return api.sites.get({ params: { id: item!.uuid }, query: query() });
}

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('ops@example.com', { copEnabled: true });
  api = server.api(user);
  for (const url of ['news.example.com', 'shop.example.org'])
    await api.sites.create({
      query: query(),
      body: { url, publisherName: url.split('.')[0]!, themeId: '1', consentLocations: ['EEA'] },
    });
  work = cliWorkspace('jobs', { server, user });
});

afterAll(async () => {
  await server?.close();
  work?.remove();
});

describe('the Consent-or-Pay vendor rule', () => {
  it("plan refuses Consent or Pay when none of the account's vendors has a non-personalised purpose, as the server does", async () => {
    const text = await editedExport('cop.yaml', enableConsentOrPay);
    const plan = await cli(['plan', file('cop.yaml')]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toBe(
      `${file('cop.yaml')}:${lineOf(text, 'enabled: true')}: properties.news.example.com.consentOrPayConfig.enabled: ${COP_NO_NON_PERSONALISED_VENDORS}\n` +
        '1 problem(s): fix the document before applying.\n',
    );
    // The server says the same on a save.
    const news = await getSite('news.example.com');
    await expect(
      api.sites.update({
        params: { id: news.uuid },
        query: query(),
        body: {
          ...toSavePayload(news),
          consentOrPayConfig: { ...news.consentOrPayConfig, enabled: true, countries: ['FR'] },
        },
      }),
    ).rejects.toMatchObject({
      body: { fields: { 'consentOrPayConfig.enabled': COP_NO_NON_PERSONALISED_VENDORS } },
    });
    const applied = await cli(['apply', file('cop.yaml'), '--yes']);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain(COP_NO_NON_PERSONALISED_VENDORS);
    expect(applied.stderr).toContain('nothing was written');
  });

  it('with a vendor declaring a non-personalised purpose, plan shows the change and apply makes it', async () => {
    await api.vendors.saveSelection({
      query: query(),
      body: {
        customVendors: [
          {
            id: 'measure',
            name: 'Measure Ltd',
            privacyPolicyUrl: 'https://measure.example.com/privacy',
            purposes: [7],
            legIntPurposes: [],
          },
        ],
      },
    });
    const plan = await cli(['plan', file('cop.yaml')]);
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('      consentOrPayConfig.enabled: false → true\n');
    const applied = await cli(['apply', file('cop.yaml'), '--yes']);
    expect(applied.stdout).toContain('Done: 1 updated, 0 failed.');
    expect(applied.code).toBe(0);
    expect((await getSite('news.example.com')).consentOrPayConfig.enabled).toBe(true);
  });
});

describe('a bulk update with failures', () => {
  it('apply prints each failure with its reason and exits 1; bulk-update status shows the reasons in full within 80 columns', async () => {
    await editedExport('failing.yaml', (text) =>
      text
        .replace('    publisherName: news\n', '    publisherName: news\n    publisherCC: FR\n')
        .replace('    publisherName: shop\n', '    publisherName: shop\n    publisherCC: FR\n'),
    );
    const hold = holdBulkUpdates(server);
    const apply = startCli(['apply', file('failing.yaml'), '--yes'], { env: work.env });
    try {
      await apply.waitFor('stderr', '0/2  updated 0  failed 0  pending 2');
      // A rule only the server can check now: the vendors change after the plan was made.
      await api.vendors.saveSelection({ query: query(), body: { customVendors: [] } });
    } finally {
      await hold.release();
    }
    const result = await apply.done;
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Done: 1 updated, 1 failed.\n');
    expect(result.stderr).toContain(
      `Failed:\n  news.example.com: consentOrPayConfig.enabled: ${COP_NO_NON_PERSONALISED_VENDORS}\n`,
    );
    expect((await getSite('shop.example.org')).publisherCC).toBe('FR');
    expect((await getSite('news.example.com')).publisherCC).toBe('GB');

    const status = await cli(['bulk-update', 'status']);
    expect(status.code).toBe(0);
    const lines = status.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const header = lines.findIndex((l) => l.startsWith('PROPERTY'));
    const reasonAt = lines[header]!.indexOf('REASON');
    const row = lines
      .slice(header + 1)
      .map((l, i) => (i === 0 ? l : l.slice(reasonAt)))
      .join(' ');
    expect(row).toBe(
      `news.example.com  consentOrPayConfig.enabled  ${COP_NO_NON_PERSONALISED_VENDORS}`,
    );
    expect(status.stdout).not.toContain('…');
  });
});

describe('an interrupted apply', () => {
  it('Ctrl-C leaves the job to the server; apply again waits for it, then applies only what is still different', async () => {
    await editedExport('first.yaml', (text) =>
      text.replace('    publisherName: shop\n', '    publisherName: Shop Ltd\n'),
    );
    const second = await editedExport('second.yaml', (text) =>
      text
        .replace('    publisherName: shop\n', '    publisherName: Shop Ltd\n')
        .replace('    publisherCC: FR\n', '    publisherCC: DE\n'),
    );
    expect(second).toContain('publisherCC: DE');
    const hold = holdBulkUpdates(server);
    let released = false;
    try {
      const first = startCli(['apply', file('first.yaml'), '--yes'], { env: work.env });
      await first.waitFor('stderr', '0/1  updated 0  failed 0  pending 1');
      first.child.kill('SIGINT');
      const stopped = await first.done;
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toContain(
        'assent: Stopped following the bulk update: it goes on on the server. Follow it with assent bulk-update status; running assent apply again waits for it, then applies only what is still different.\n',
      );
      expect(hold.held()).toBe(1);

      const again = startCli(['apply', file('second.yaml'), '--yes'], { env: work.env });
      await again.waitFor(
        'stderr',
        /A bulk update started by ops@example\.com at \S+ is still running; waiting for it to finish\.\n/,
      );
      await hold.release();
      released = true;
      const result = await again.done;
      expect(result.code).toBe(0);
      // The first job's change is in; only the second document's extra change is applied.
      expect(result.stdout).toContain('  ~ shop.example.org\n      publisherCC: "FR" → "DE"\n\n');
      expect(result.stdout).toContain('Plan: 1 to change, 0 to create, 1 unchanged.');
      expect(result.stdout).toContain('Done: 1 updated, 0 failed.');
      expect(await getSite('shop.example.org')).toMatchObject({
        publisherName: 'Shop Ltd',
        publisherCC: 'DE',
      });
      expect((await cli(['plan', file('second.yaml')])).code).toBe(0);
    } finally {
      if (!released) await hold.release();
    }
  });
});

describe('the logo check of assent apply (its bulk job runs the save rules)', () => {
  let logos: Awaited<ReturnType<typeof startLogoServer>>;
  beforeAll(async () => {
    logos = await startLogoServer();
  });
  afterAll(async () => {
    await logos?.close();
  });
  const notFound = `${LOGO_NOT_AN_IMAGE} (HTTP 404)`;
  const notImage = `${LOGO_NOT_AN_IMAGE} (its content is not a PNG, JPEG, GIF, BMP, WebP or SVG image)`;
  const versioned = () => new RegExp(`^${logos.url}/logo\\.png\\?v=[0-9a-f]{8}$`);

  it('apply refuses a logo that answers 404 or an HTML page labelled image/png, keeping the stored logo, and saves a PNG with its version', async () => {
    const before = (await getSite('shop.example.org')).publisherLogoUrl;
    for (const [name, path, message] of [
      ['logo-404.yaml', '/missing.png', notFound],
      ['logo-html.yaml', '/fake.png', notImage],
    ] as const) {
      await editedExport(
        name,
        addUnder('shop.example.org', `    publisherLogoUrl: ${logos.url}${path}\n`),
      );
      const result = await cli(['apply', file(name), '--yes']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Failed:\n  shop.example.org: publisherLogoUrl: ${message}\n`,
      );
      expect((await getSite('shop.example.org')).publisherLogoUrl).toBe(before);
    }
    await editedExport(
      'logo-png.yaml',
      addUnder('shop.example.org', `    publisherLogoUrl: ${logos.url}/logo.png\n`),
    );
    const saved = await cli(['apply', file('logo-png.yaml'), '--yes']);
    expect(saved.code).toBe(0);
    expect(saved.stderr).not.toContain(LOGO_NOT_AN_IMAGE);
    expect((await getSite('shop.example.org')).publisherLogoUrl).toMatch(versioned());
  });
});
