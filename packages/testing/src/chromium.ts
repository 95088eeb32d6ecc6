import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's Chromium (package `chromium`); browser tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, sandbox-free as root, and quiet on a closed network. */
export const CHROMIUM_ARGS: readonly string[] = [
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

/** The line a browser test prints when it is skipped. */
export const noChromiumMessage = (suite: string): string =>
  `[${suite}] skipped: ${CHROMIUM} is missing (install Debian's chromium package to run the browser tests)`;

export interface Browser {
  context: BrowserContext;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Chromium with a fresh, temporary user-data-dir. */
export async function launchChromium(
  options: {
    args?: readonly string[];
    viewport?: { width: number; height: number };
    /** The browser's language (`navigator.language`, Accept-Language), e.g. 'fr-FR'. */
    locale?: string;
  } = {},
): Promise<Browser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
