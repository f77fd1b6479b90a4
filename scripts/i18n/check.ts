/**
 * `npm run i18n:check [-- --root <dir>] [--code <dir>] [--lang de,fr] [--fix-format]`:
 * checks every catalogue of a checkout against the keys its code uses (or
 * the code of the `--code` checkout) and exits 1 on any problem
 * (docs/translating.md).
 */
import { LANGUAGES } from './languages';
import { resolve } from 'node:path';
import { rootOf, option } from './args';
import { formatReport, runCheck } from './run-check';

const argv = process.argv.slice(2);
const root = rootOf(argv);
const languages = option(argv, 'lang')?.split(',').map((language) => language.trim()).filter(Boolean) ?? [...LANGUAGES];
const unknown = languages.filter((language) => !(LANGUAGES as readonly string[]).includes(language));
if (unknown.length > 0) {
  console.error(`Unknown language(s) ${unknown.join(', ')}; the languages are ${LANGUAGES.join(', ')}`);
  process.exit(2);
}
const code = option(argv, 'code');
const reports = runCheck({ root, languages, fixFormat: argv.includes('--fix-format'), ...(code !== undefined ? { codeRoot: resolve(code) } : {}) });
const lines = formatReport(reports);
if (lines.length === 0) {
  console.log(`i18n: ${reports.length} catalogues × ${languages.length} language(s) in ${root}: no problem`);
} else {
  console.log(lines.join('\n'));
  const count = reports.reduce((sum, report) => sum + [...report.problems.values()].reduce((n, problems) => n + problems.length, 0), 0);
  console.log(`\ni18n: ${count} problem(s) in ${root}`);
  process.exitCode = 1;
}
