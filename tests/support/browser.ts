import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** Debian's chromium; `npx playwright install` cannot download browsers here (docs/toolchain.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, sandbox-free headless run that never phones home. */
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

/** Starts headless Chromium for a test; close it in `afterAll`. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** What went wrong inside a page, collected for assertions and failure messages. */
export interface PageProblems {
  /** Uncaught exceptions. */
  readonly pageErrors: string[];
  /** `console.error` output. */
  readonly consoleErrors: string[];
}

/** Records uncaught errors and console errors of `page`. */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { pageErrors: [], consoleErrors: [] };
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  return problems;
}
