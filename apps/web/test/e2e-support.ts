import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveServer } from '@assent/server/testing';
import { startLiveServer } from '@assent/server/testing';
import { hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import type { BrowserContext, Page } from '@assent/testing';
import type { ConsoleMessage } from 'playwright-core';

export { hasChromium };
export const NO_CHROMIUM_MESSAGE = noChromiumMessage('web e2e');

const here = path.dirname(fileURLToPath(import.meta.url));

export type E2eServer = LiveServer;

/**
 * A real Assent server on a fresh store (in-memory PGlite, no demo account, the GVL fixtures
 * imported, a free port on 127.0.0.1) serving the built console from apps/web/dist.
 */
export const startE2eServer = (): Promise<E2eServer> =>
  startLiveServer({ env: { ASSENT_WEB_DIST: path.resolve(here, '../dist') } });

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
  const browser = await launchChromium({ viewport: { width: 1360, height: 900 } });
  const { context } = browser;
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
    close: () => browser.close(),
  };
}
