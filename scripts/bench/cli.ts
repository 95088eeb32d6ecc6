/**
 * CLI figures: `assent --help` start-up (median of several runs), and the wall time of
 * `assent plan` and `assent apply --yes` changing one field (publisherCC) on every property of
 * accounts with 1,000 and 5,000 sites, against a real server on an in-memory PGlite store.
 * Prints figures only (the goals: apply on 1,000 under 10 s, --help under 300 ms).
 * Run: npx tsx scripts/bench/cli.ts [--sizes 1000,5000] [--runs 9]
 * Builds apps/server and apps/cli first (node build.mjs in each).
 */
import { execFileSync } from 'node:child_process';
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

// Start-up: no server needed.
await assent(['--help']);
const helpTimes: number[] = [];
for (let i = 0; i < runs; i++) helpTimes.push((await assent(['--help'])).ms);
process.stdout.write(
  `assent --help: median ${median(helpTimes).toFixed(0)} ms over ${runs} runs (min ${Math.min(...helpTimes).toFixed(0)}, max ${Math.max(...helpTimes).toFixed(0)})\n`,
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

    process.stdout.write(
      `${size} properties: apply (one field on all) ${seconds(apply.ms)}; plan ${seconds(plan.ms)}; export ${seconds(exported.ms)}; plan after apply ${seconds(after.ms)} (seeded in ${seconds(seedMs)})\n`,
    );
    rmSync(work, { recursive: true, force: true });
  }
} finally {
  await server.close();
}
