/**
 * axe-core inside the browser end-to-end tests: injects the library into a
 * page and fails on serious or critical WCAG 2.0/2.1 A and AA violations,
 * naming each rule, its help text and the offending elements.
 */
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The browser build of axe-core from node_modules. */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG levels checked: 2.0 and 2.1, A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts that fail a test. */
const FAILING: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

/** What part of the page to check; the whole document by default. */
export interface AxeScope {
  /** CSS selectors of the parts to check (e.g. one dialog). */
  include?: string[];
  /** CSS selectors left out; each needs a written reason at the call site. */
  exclude?: string[];
}

/** The serious and critical violations among axe's results. */
export function seriousViolations(results: Pick<AxeResults, 'violations'>): Result[] {
  return results.violations.filter((violation) => FAILING.has(violation.impact ?? null));
}

/** One violation as a reader needs it: rule id, impact, help and every offending element's selector. */
export function describeViolation(violation: Result): string {
  const targets = violation.nodes.map((node) => `    ${node.target.map(String).join(' >> ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`);
  return `  ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n    ${violation.helpUrl}\n${targets.join('\n')}`;
}

/** Runs axe in `page` (injecting it once per document) over `scope` with the WCAG 2.x A/AA rules. */
export async function runAxe(page: Page, scope: AxeScope = {}): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const options: RunOptions = { runOnly: { type: 'tag', values: [...WCAG_TAGS] }, resultTypes: ['violations'] };
  return page.evaluate(
    async ({ include, exclude, options }) => {
      const { axe } = window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } };
      const context = include === undefined && exclude === undefined ? document : { include: include ?? [], exclude: exclude ?? [] };
      return axe.run(context, options);
    },
    { include: scope.include, exclude: scope.exclude, options },
  );
}

/**
 * Fails when axe finds a serious or critical WCAG 2.x A/AA violation in
 * `page` (or the `scope` of it). `context` names the screen or dialog in the
 * failure message. The page needs no script of its own: server pages whose
 * CSP forbids scripts need a context with `bypassCSP`.
 */
export async function expectNoSeriousViolations(page: Page, context: string, scope: AxeScope = {}): Promise<void> {
  const failing = seriousViolations(await runAxe(page, scope));
  if (failing.length > 0) throw new Error(`axe: ${failing.length} serious or critical violation(s) on ${context}:\n${failing.map(describeViolation).join('\n')}`);
}
