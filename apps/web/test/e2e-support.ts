import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROPERTIES_TITLE } from '@assent/core/property';
import type { LiveServer, TestUser } from '@assent/server/testing';
import { startLiveServer } from '@assent/server/testing';
import { hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import type { BrowserContext, Page } from '@assent/testing';
import type { ConsoleMessage, Locator } from 'playwright-core';
import { describe } from 'vitest';
import { SESSION_COOKIE } from '../../server/src/services/auth';

// Kept for browser tests written before describeInChromium (they skip and warn themselves).
export { hasChromium };
export const NO_CHROMIUM_MESSAGE = noChromiumMessage('web e2e');

/**
 * A describe block of console browser tests: it runs where Chromium is installed; elsewhere it is
 * skipped, with a warning saying why.
 */
export function describeInChromium(
  name: string,
  ...rest: [body: () => void] | [options: { timeout?: number }, body: () => void]
): void {
  if (!hasChromium()) console.warn(NO_CHROMIUM_MESSAGE);
  const suite = describe.skipIf(!hasChromium());
  if (rest.length === 1) suite(name, rest[0]);
  else suite(name, rest[0], rest[1]);
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the browser tests leave their screenshots (`web-{name}.png`). */
export const E2E_ARTIFACTS = path.resolve(here, '../../../artifacts');

export type E2eServer = LiveServer;

/**
 * A real Assent server on a fresh store (in-memory PGlite, no demo account, the GVL fixtures
 * imported, a free port on 127.0.0.1) serving the built console from apps/web/dist; `env` adds
 * settings (the geo headers, say). The artifacts folder exists once it has started.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  mkdirSync(E2E_ARTIFACTS, { recursive: true });
  return startLiveServer({
    env: {
      ASSENT_WEB_DIST: path.resolve(here, '../dist'),
      // A loaded test machine must not turn a server-rendered page into the plain one.
      ASSENT_SSR_TIME_LIMIT_MS: '60000',
      ...env,
    },
  });
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
  // A page the server rendered shows before it works (#root inert until React has hydrated it):
  // a navigation returns once it works, as a page rendered in the browser did.
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await waitForHydration(page);
      return response;
    };
  }
  return {
    context,
    page,
    problems,
    close: () => browser.close(),
  };
}

/**
 * Resolves once `server` renders the console page at `pagePath` for `user` (a private, uncached
 * page): the server loads its render's bundle at the first console page and sends plain pages
 * until it is in.
 */
export async function untilServerRendered(
  server: E2eServer,
  pagePath: string,
  user: TestUser,
): Promise<void> {
  const cookie = `${SESSION_COOKIE}=${user.cookie}`;
  const rendered = async () =>
    (await fetch(`${server.url}${pagePath}`, { headers: { cookie } })).headers.get(
      'cache-control',
    ) === 'private, no-store';
  while (!(await rendered())) await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Records every `console.error` of `page`'s documents from now on (React's hydration errors among
 * them: main.tsx logs `onRecoverableError`); the returned function reads the current document's.
 */
export async function recordConsoleErrors(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const errors: string[] = [];
    (window as unknown as { hydrationErrors: string[] }).hydrationErrors = errors;
    const original = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
      original(...args);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { hydrationErrors: string[] }).hydrationErrors);
}

/**
 * Closes the dialog or drawer `dialog` with Escape, as a keyboard user does. Blueprint's overlays
 * close on Escape pressed inside them and move focus in a frame after they show: on a loaded
 * machine a key pressed as soon as the dialog is visible went to the page and the dialog stayed.
 * So the key is pressed once focus is inside an overlay; then the dialog is awaited gone.
 */
export async function closeWithEscape(dialog: Locator): Promise<void> {
  const page = dialog.page();
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('.bp6-overlay') != null);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** Resolves once the page works: no server-rendered `#root` is still waiting to be hydrated. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
}

/**
 * Chromium on the console of `server`: signed in as `as` (their session cookie) when given, its
 * page's locators failing after `timeoutMs` (well before a test's own limit), and the clipboard
 * allowed when `clipboard` is set.
 */
export async function openConsole(
  server: E2eServer,
  options: { as?: TestUser; timeoutMs?: number; clipboard?: boolean } = {},
): Promise<E2eBrowser> {
  const browser = await launchBrowser();
  if (options.timeoutMs) browser.page.setDefaultTimeout(options.timeoutMs);
  if (options.as) {
    await browser.context.addCookies([
      { name: SESSION_COOKIE, value: options.as.cookie, url: server.url },
    ]);
  }
  if (options.clipboard) {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
  }
  return browser;
}

/** Closes what a test file opened (browsers, servers), the last opened first; unset ones skipped. */
export async function closeAll(
  ...opened: Array<{ close(): Promise<void> } | undefined>
): Promise<void> {
  for (const item of opened.reverse()) await item?.close();
}

/**
 * Sets a checkbox or switch. Blueprint draws its own indicator over the native control, and a
 * dialog may still be moving in its open transition on a busy machine, so a click at the control's
 * coordinates can land beside it: the click is dispatched on the control itself (as a click on its
 * label would), then the state is awaited.
 */
async function setChecked(control: Locator, checked: boolean): Promise<void> {
  if ((await control.isChecked()) !== checked) await control.dispatchEvent('click');
  await control
    .page()
    .waitForFunction(
      ([el, want]) => (el as HTMLInputElement).checked === want,
      [await control.elementHandle(), checked] as const,
      { timeout: 5_000 },
    );
}
export const tick = (control: Locator) => setChecked(control, true);
export const untick = (control: Locator) => setChecked(control, false);

/**
 * The helpers a browser test uses on its page. `page` and `pcode` are read at each call, so a
 * test may create them in `beforeAll`.
 */
export function pageHelpers(page: () => Page, pcode: () => string) {
  return {
    /** A screenshot of the page, or of `locator`, in the artifacts folder. */
    shot: async (name: string, locator?: Locator) => {
      // Let Blueprint's overlay transitions finish.
      await page().waitForTimeout(400);
      const file = path.join(E2E_ARTIFACTS, `web-${name}.png`);
      if (locator) await locator.screenshot({ path: file });
      else await page().screenshot({ path: file, fullPage: true });
    },
    group: (name: string) => page().getByRole('group', { name, exact: true }),
    radio: (groupName: string, option: string) =>
      page()
        .getByRole('radiogroup', { name: groupName, exact: true })
        .getByRole('radio', { name: option, exact: true }),
    /** Waits for the properties list of the account (where a save or a delete lands). */
    toList: async () => {
      await page().waitForURL(`**/protect/p-${pcode()}/properties`);
      await page().getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();
    },
  };
}
