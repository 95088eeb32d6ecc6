/**
 * CLI figures: `assent --help` start-up (median of several runs), and the wall time of
 * `assent plan` and `assent apply --yes` changing one field (publisherCC) on every property of
 * accounts with 1,000 and 5,000 sites, against a real server on an in-memory PGlite store.
 * References measured in the same run, with the ratios: for --help, a bare `node -e ''` started
 * the same way; for apply, the same change made without the CLI, as one bulk update through the
 * API (the typed client's submit, then its status read every 50 ms until done), so the ratio is
 * what configuration as code (reading the document, the plan, the progress) adds to the server's
 * own job. Goals: apply on 1,000 under 10 s (issue 16), --help under 300 ms.
 * Run: npx tsx scripts/bench/cli.ts [--sizes 1000,5000] [--runs 9]
 * Builds apps/server and apps/cli first (node build.mjs in each).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PropertySettings, toSavePayload } from '../../packages/core/src/property';
import { properties } from '../../apps/server/src/repositories/properties';
import { startLiveServer } from '../../apps/server/test/live-server';
import { median, runAssent } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const sizes = argument('sizes', '1000,5000').split(',').map(Number);
const runs = Number(argument('runs', '9'));

const assent = runAssent;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

for (const app of ['server', 'cli'])
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps', app) });

/** A bare Node process started as runAssent starts the CLI: the start-up reference. */
const bareNode = () =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    // The environment runAssent gives the CLI (this process's would carry tsx's loader along).
    const child = spawn(process.execPath, ['-e', ''], {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1' },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });

// Start-up: no server needed. Rounds interleaved with the reference.
await assent(['--help']);
await bareNode();
const helpTimes: number[] = [];
const nodeTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  helpTimes.push((await assent(['--help'])).ms);
  nodeTimes.push(await bareNode());
}
process.stdout.write(
  `assent --help: median ${median(helpTimes).toFixed(0)} ms over ${runs} runs (min ${Math.min(...helpTimes).toFixed(0)}, max ${Math.max(...helpTimes).toFixed(0)}) | bare node -e '' ${median(nodeTimes).toFixed(0)} ms: ratio ${(median(helpTimes) / median(nodeTimes)).toFixed(2)}\n`,
);

const server = await startLiveServer();
const { url } = server;
const { db } = server.deps;

try {
  for (const size of sizes) {
    const { token, pcode } = await server.user(`bench-${size}@example.com`);
    const org = { pcode };
    const seeded = performance.now();
    await db.transaction(async (tx) => {
      for (let i = 0; i < size; i++) {
        const values = toSavePayload(
          PropertySettings.parse({
            url: `site-${String(i).padStart(5, '0')}.example.com`,
            publisherName: `Site ${i}`,
            themeId: '1',
            consentLocations: ['EEA'],
          }),
        );
        await properties.insert(tx, org.pcode, values, new Date());
      }
    });
    const seedMs = performance.now() - seeded;

    const work = mkdtempSync(path.join(tmpdir(), 'assent-bench-doc-'));
    const env = {
      ASSENT_URL: url,
      ASSENT_TOKEN: token,
      ASSENT_ACCOUNT: org.pcode,
      ASSENT_CONFIG_DIR: work,
    };
    const exported = await assent(['export', '--out', path.join(work, 'assent.json')], env);
    if (exported.code !== 0) throw new Error(`export failed: ${exported.stderr}`);
    const document = JSON.parse(readFileSync(path.join(work, 'assent.json'), 'utf8')) as {
      properties: Record<string, Record<string, unknown>>;
    };
    for (const entry of Object.values(document.properties)) entry.publisherCC = 'FR';
    writeFileSync(path.join(work, 'edited.json'), JSON.stringify(document, null, 2));

    const plan = await assent(['plan', path.join(work, 'edited.json')], env);
    if (plan.code !== 2) throw new Error(`plan: expected exit 2, got ${plan.code}: ${plan.stderr}`);
    const apply = await assent(['apply', path.join(work, 'edited.json'), '--yes'], env);
    if (apply.code !== 0 || !apply.stdout.includes(`Done: ${size} updated, 0 failed.`))
      throw new Error(`apply failed (${apply.code}): ${apply.stderr.slice(-500)}`);
    const after = await assent(['plan', path.join(work, 'edited.json')], env);
    if (after.code !== 0) throw new Error(`plan after apply: exit ${after.code}`);

    // The reference: the same kind of change (publisherCC on every site, to another value) as one
    // bulk update through the API, without the CLI.
    const api = server.api({ token });
    const rows = await api.sites.list({ query: { pCode: pcode } });
    const submitted = performance.now();
    await api.bulkUpdate.submit({
      query: { pCode: pcode },
      body: { sites: rows.map((r) => r.siteId), fields: { publisherCC: 'DE' }, items: [] },
    });
    for (;;) {
      const { job } = await api.bulkUpdate.status({ query: { pCode: pcode } });
      if (job?.done) {
        if (job.failed.length)
          throw new Error(`reference bulk update: ${job.failed.length} failed`);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const bulkMs = performance.now() - submitted;

    process.stdout.write(
      `${size} properties: apply (one field on all) ${seconds(apply.ms)} | the same change as one bulk update through the API ${seconds(bulkMs)}: ratio ${(apply.ms / bulkMs).toFixed(2)}; plan ${seconds(plan.ms)}; export ${seconds(exported.ms)}; plan after apply ${seconds(after.ms)} (seeded in ${seconds(seedMs)})\n`,
    );
    rmSync(work, { recursive: true, force: true });
  }
} finally {
  await server.close();
}
