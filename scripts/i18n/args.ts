import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository this script belongs to: the default `--root`. */
export const OWN_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The value after `--name` in argv, or undefined. */
export function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

/** `--root <dir>`, resolved; default this repository. */
export function rootOf(argv: readonly string[]): string {
  const root = option(argv, 'root');
  return root === undefined ? OWN_ROOT : resolve(root);
}
