/**
 * `npm run docs:check`: the repository's Markdown links and "§" citations
 * (scripts/docs/links.ts); exits 1 and lists each problem when any is found.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLinks, gitCheckout } from './links';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const problems = checkLinks(gitCheckout(root));
for (const problem of problems) console.log(`${problem.file}:${problem.line}: ${problem.message}`);
console.log(problems.length === 0 ? 'docs: every link and citation resolves' : `\ndocs: ${problems.length} problem(s)`);
if (problems.length > 0) process.exitCode = 1;
