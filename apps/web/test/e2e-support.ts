import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps, Services } from '@assent/server';
import { buildApp, loadConfig, startServices } from '@assent/server';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './global-setup';

export { CHROMIUM };

/** Debian's Chromium, headless and quiet (never a downloaded browser). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = (): boolean => existsSync(CHROMIUM);
export const NO_CHROMIUM_MESSAGE = `[web e2e] skipped: ${CHROMIUM} is missing (install Debian's chromium package to run the browser tests)`;

const here = path.dirname(fileURLToPath(import.meta.url));
const GVL_FIXTURES = path.resolve(here, '../../../../shared/fixtures/gvl');
const silent = { info() {}, warn() {}, error() {} };

export interface E2eServer {
  url: string;
  deps: AppDeps;
  dataDir: string;
  /** The e-mails the server wrote to `<dataDir>/outbox`, oldest first. */
  outbox(): Array<{ to: string; subject: string; text: string }>;
  close(): Promise<void>;
}

/**
 * A real Assent server on a fresh store: PGlite in memory, no demo account, a temporary data
 * directory, the GVL fixtures imported (no network), listening on 127.0.0.1 on a free port and
 * serving apps/web/dist.
 */
export async function startE2eServer(): Promise<E2eServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-web-e2e-'));
  const config = loadConfig({
    ASSENT_DATA_DIR: dataDir,
    DATABASE_URL: 'pglite://memory',
    ASSENT_DEMO: '0',
    ASSENT_LOG_LEVEL: 'silent',
    ASSENT_GVL_URL: 'http://127.0.0.1:9/unreachable',
    ASSENT_GOOGLE_ATP_URL: 'http://127.0.0.1:9/unreachable.csv',
    ASSENT_WEB_DIST: path.resolve(here, '../dist'),
  });
  const services: Services = await startServices(config, {
    logger: silent,
    pollingIntervalSeconds: 0.5,
  });
  const { deps } = services;
  for (const name of ['gvl3-vendor-list.json', 'gvl2-vendor-list.json']) {
    const file = path.join(GVL_FIXTURES, name);
    if (existsSync(file)) await deps.lists.importVendorList(readFileSync(file, 'utf8'), 'fixture');
  }
  const app = await buildApp(deps, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    dataDir,
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .map((file) => {
          const raw = readFileSync(path.join(dir, file), 'utf8');
          const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
          const header = (name: string) =>
            new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
          // Quoted-printable soft breaks and escapes.
          const text = body
            .join('\n\n')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
          return { to: header('To'), subject: header('Subject'), text };
        });
    },
    async close() {
      await app.close();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface E2eBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (expected network statuses left out). */
  problems: string[];
  close(): Promise<void>;
}

/**
 * Failed requests the console expects (the browser logs them itself): 401 from /auth/me when
 * nobody is signed in, and answers the test provokes on purpose.
 */
const EXPECTED_STATUS_LOG =
  /Failed to load resource: the server responded with a status of (401|403|404|501)/;

export async function launchBrowser(): Promise<E2eBrowser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-web-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 1360, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (EXPECTED_STATUS_LOG.test(text)) return;
    problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
