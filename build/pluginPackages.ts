import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateManifestEntry } from '@cumulus/remotes';

/** The `cumulus` field a plugin's package.json carries to be built as a remote. */
export interface CumulusPackageField {
  /** The plugin id; the same id its `definePlugin` call declares. */
  id: string;
  /** Human-readable name for the manifest. */
  name: string;
  /** The module exposed as `./plugin`, relative to the package folder. */
  exposes: string;
}

/** A plugin found under a plugins folder, ready to be built. */
export interface PluginPackage {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  /** Absolute path of the package folder. */
  readonly dir: string;
  /** Absolute path of the exposed module. */
  readonly exposes: string;
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * Every plugin under `pluginsDir` (one folder each with a package.json that
 * has a `cumulus` field), sorted by id. Folders without the field are skipped,
 * so work in progress does not break the build; a malformed field fails it.
 */
export function findPluginPackages(pluginsDir: string): PluginPackage[] {
  if (!existsSync(pluginsDir)) return [];
  const found: PluginPackage[] = [];
  for (const folder of readdirSync(pluginsDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const dir = path.join(pluginsDir, folder.name);
    const packageFile = path.join(dir, 'package.json');
    if (!existsSync(packageFile)) continue;
    const pkg = readJson(packageFile);
    const field = pkg.cumulus as Partial<CumulusPackageField> | undefined;
    if (field === undefined) continue;
    const where = `${path.relative(process.cwd(), packageFile)} "cumulus"`;
    // A plugin with only a server part has no remote to build.
    if (field.exposes === undefined && typeof (field as { server?: unknown }).server === 'string') continue;
    if (typeof field.exposes !== 'string') throw new Error(`${where}: "exposes" must name the module to expose`);
    const exposes = path.resolve(dir, field.exposes);
    if (!existsSync(exposes)) throw new Error(`${where}: "exposes" ${field.exposes} does not exist`);
    // The manifest rules apply to the id, name and version already at build time.
    const checked = validateManifestEntry({
      id: field.id,
      name: field.name,
      version: pkg.version,
      entry: '/placeholder',
      enabled: true,
    });
    found.push({ id: checked.id, name: checked.name, version: checked.version, dir, exposes });
  }
  const ids = new Set<string>();
  for (const plugin of found) {
    if (ids.has(plugin.id)) throw new Error(`Two plugins under ${pluginsDir} declare the id "${plugin.id}"`);
    ids.add(plugin.id);
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}
