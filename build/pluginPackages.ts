import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateManifestEntry } from '@cumulus/remotes';

/** The `cumulus` field of a plugin's package.json, as far as the web build reads it. */
export interface CumulusPackageField {
  /** The plugin id; the same id its `definePlugin` call declares. */
  id: string;
  /** Human-readable name for the manifest. */
  name: string;
  /** The web remote's module, exposed as `./plugin`, relative to the package folder. */
  web?: string;
  /** The older name of `web`, still read. */
  exposes?: string;
  /** The server part's entry; the web build ignores it. */
  server?: string;
  /**
   * An example for plugin authors (`plugins/hello`): left out of the default build, and
   * disabled until an operator enables it, when it is built on request.
   */
  example?: boolean;
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
  /** An example for plugin authors: built only on request, and disabled until enabled. */
  readonly example: boolean;
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * Every plugin with a web part under `pluginsDir` (one folder each with a
 * package.json that has a `cumulus` field naming `web`, or its older name
 * `exposes`), sorted by id. Folders without the field are skipped, so work in
 * progress does not break the build; so is a plugin with only a server part
 * (`cumulus.server` and no web entry), which has no remote to build. A
 * malformed field fails the build.
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
    const key = field.web !== undefined ? 'web' : 'exposes';
    const web = field[key];
    if (web === undefined) {
      // A server-only plugin: the server loads it; there is nothing to build here.
      if (typeof field.server === 'string') continue;
      throw new Error(`${where}: "web" must name the module to expose (or "server" the server part, for a plugin without a web part)`);
    }
    if (typeof web !== 'string') throw new Error(`${where}: "${key}" must name the module to expose`);
    const exposes = path.resolve(dir, web);
    if (!existsSync(exposes)) throw new Error(`${where}: "${key}" ${web} does not exist`);
    if (field.example !== undefined && typeof field.example !== 'boolean') throw new Error(`${where}: "example" must be true or false`);
    // The manifest rules apply to the id, name and version already at build time.
    const checked = validateManifestEntry({
      id: field.id,
      name: field.name,
      version: pkg.version,
      entry: '/placeholder',
      enabled: true,
    });
    found.push({ id: checked.id, name: checked.name, version: checked.version, dir, exposes, example: field.example === true });
  }
  const ids = new Set<string>();
  for (const plugin of found) {
    if (ids.has(plugin.id)) throw new Error(`Two plugins under ${pluginsDir} declare the id "${plugin.id}"`);
    ids.add(plugin.id);
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}
