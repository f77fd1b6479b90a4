import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalText, checkCatalogue } from './check-catalogue';
import type { Problem } from './check-catalogue';
import { extractAll } from './extract';
import { LANGUAGES } from './languages';

/** The problems of one catalogue folder, by language ('*' for the code itself). */
export interface CatalogueReport {
  dir: string;
  problems: Map<string, Problem[]>;
}

/** Options of {@link runCheck}. */
export interface CheckOptions {
  /** The checkout whose catalogues are checked. */
  root: string;
  /** The checkout whose code gives the keys; default `root` (a translator's catalogues against the newest code). */
  codeRoot?: string;
  /** The languages to check; default all of LANGUAGES. */
  languages?: readonly string[];
  /** Rewrite files whose only problem is their format. */
  fixFormat?: boolean;
}

/**
 * Checks every catalogue of a checkout: the code's keys must all be
 * readable (no unmarked dynamic `t()` key), and each expected language file
 * must hold exactly the code's keys (see `checkCatalogue`). A file for a
 * language that is not in LANGUAGES is a problem too.
 */
export function runCheck(options: CheckOptions): CatalogueReport[] {
  const languages = options.languages ?? LANGUAGES;
  const reports: CatalogueReport[] = [];
  for (const [dir, extracted] of extractAll(options.codeRoot ?? options.root)) {
    const problems = new Map<string, Problem[]>();
    if (extracted.dynamic.length > 0) {
      problems.set(
        '*',
        extracted.dynamic.map((call) => ({
          kind: 'dynamic' as const,
          key: call.argument,
          message: `t() at ${call.at} has a key the extractor cannot read: mark its values with i18nKey() and say so with an "// i18n-dynamic: <where>" comment`,
        })),
      );
    }
    for (const language of languages) {
      const path = join(options.root, dir, `${language}.json`);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
      let found = checkCatalogue(language, text, extracted);
      if (options.fixFormat === true && text !== null && found.length === 1 && found[0]?.kind === 'format') {
        writeFileSync(path, canonicalText(JSON.parse(text) as Record<string, string>));
        found = [];
      }
      if (found.length > 0) problems.set(language, found);
    }
    const folder = join(options.root, dir);
    if (existsSync(folder)) {
      for (const name of readdirSync(folder)) {
        const language = name.replace(/\.json$/, '');
        if (name.endsWith('.json') && !(LANGUAGES as readonly string[]).includes(language) && language !== 'en') {
          problems.set(language, [{ kind: 'unused', key: '(file)', message: `${name}: not a language of docs/translating.md (add it to scripts/i18n/languages.ts)` }]);
        }
      }
    }
    reports.push({ dir, problems });
  }
  return reports;
}

/** The report as lines for people; empty when all is well. */
export function formatReport(reports: CatalogueReport[]): string[] {
  const lines: string[] = [];
  for (const report of reports) {
    for (const [language, problems] of report.problems) {
      lines.push(`${report.dir}/${language === '*' ? '(code)' : `${language}.json`}: ${problems.length} problem(s)`);
      for (const problem of problems) lines.push(`  [${problem.kind}] ${JSON.stringify(problem.key)}: ${problem.message}`);
    }
  }
  return lines;
}
