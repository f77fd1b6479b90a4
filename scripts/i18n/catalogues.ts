import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One catalogue: the folder of its `<lang>.json` files and the source folders whose strings it holds. */
export interface Catalogue {
  /** The folder of the language files, relative to the repository root (the key of keys.json). */
  dir: string;
  /** Source folders, relative to the root, whose `.ts`/`.tsx` files use its keys. */
  sources: string[];
}

/**
 * The catalogues of a checkout (docs/translating.md): the shell's, which also
 * holds the SDK's strings (the SDK translates through the shell's `t`); one
 * per first-party plugin; the server's pages.
 */
export function cataloguesOf(root: string): Catalogue[] {
  const catalogues: Catalogue[] = [
    { dir: 'shell/src/i18n/locales', sources: ['shell/src', 'sdk/src'] },
  ];
  const plugins = join(root, 'plugins');
  if (existsSync(plugins)) {
    for (const id of readdirSync(plugins).sort()) {
      if (existsSync(join(plugins, id, 'src')) && statSync(join(plugins, id, 'src')).isDirectory()) {
        catalogues.push({ dir: `plugins/${id}/src/locales`, sources: [`plugins/${id}/src`] });
      }
    }
  }
  catalogues.push({ dir: 'server/src/i18n/locales', sources: ['server/src/web', 'server/src/i18n'] });
  return catalogues;
}

/** Whether a source file is shipped code (tests and test helpers use strings no user sees). */
function isShippedSource(path: string): boolean {
  return (
    /\.(ts|tsx)$/.test(path) &&
    !/\.d\.ts$/.test(path) &&
    !/\.test\.tsx?$/.test(path) &&
    !/(^|\/)(test-support|test-fixtures|__tests__)(\/|\.|$)/.test(path)
  );
}

/** The shipped source files of a catalogue, relative to `root`, sorted. */
export function sourceFilesOf(root: string, catalogue: Catalogue): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name === 'dist' || name === 'locales') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (isShippedSource(relative(root, path))) files.push(relative(root, path));
    }
  };
  for (const source of catalogue.sources) walk(join(root, source));
  return files;
}
