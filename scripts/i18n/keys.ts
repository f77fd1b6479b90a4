/**
 * `npm run i18n:keys [-- --root <dir>] [--out FILE]`: the exact keys every
 * catalogue needs, as `{ "<catalogue dir>": { "keys": [...], "plurals": [...] } }`
 * on stdout and, with `--out`, in FILE.
 */
import { writeFileSync } from 'node:fs';
import { extractAll } from './extract';
import { option, rootOf } from './args';

const argv = process.argv.slice(2);
const result: Record<string, { keys: string[]; plurals: string[] }> = {};
for (const [dir, extracted] of extractAll(rootOf(argv))) {
  result[dir] = { keys: extracted.keys, plurals: extracted.plurals };
}
const text = `${JSON.stringify(result, null, 2)}\n`;
process.stdout.write(text);
const out = option(argv, 'out');
if (out !== undefined) writeFileSync(out, text);
