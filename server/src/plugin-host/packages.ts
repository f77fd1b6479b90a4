import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PLUGIN_ID_PATTERN as ID } from '@cumulus/protocol';

/** A plugin package found in the plugins folder: `plugins/<folder>/package.json` with a `cumulus` block. */
export interface PluginPackage {
  id: string;
  name: string;
  version: string;
  /** The plugin's folder (absolute). */
  dir: string;
  /** The web remote's entry, relative to `dir`, when it has one. */
  web?: string;
  /** The server part's entry, relative to `dir`, when it has one. */
  server?: string;
  /** An example for plugin authors (`"example": true`): off until an operator enables it. */
  example?: boolean;
}

/** A package.json in the plugins folder that cannot be a plugin: the operator's to fix. */
export interface RejectedPackage {
  dir: string;
  message: string;
}

/** Whether `entry` is a relative path inside the plugin's folder: `./…`, no `..` segment. */
function insideFolder(entry: string): boolean {
  return entry.startsWith('./') && entry.length > 2 && !entry.includes('\0') && !entry.split(/[\\/]/).includes('..');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Reads one plugin folder's package.json; a folder without one is not a plugin (null). */
async function readPackage(dir: string): Promise<PluginPackage | RejectedPackage | null> {
  let raw: string;
  try {
    raw = await readFile(join(dir, 'package.json'), 'utf8');
  } catch {
    return null;
  }
  let json: { version?: unknown; cumulus?: { id?: unknown; name?: unknown; web?: unknown; exposes?: unknown; server?: unknown; example?: unknown } };
  try {
    json = JSON.parse(raw) as typeof json;
  } catch (error) {
    return { dir, message: `package.json is not valid JSON: ${(error as Error).message}` };
  }
  const block = json.cumulus;
  if (typeof block !== 'object' || block === null) return null;
  const id = text(block.id);
  if (!id || !ID.test(id)) return { dir, message: `"cumulus.id" must match ${String(ID)}` };
  // `exposes` is the web entry's older name, which the build still reads.
  const web = text(block.web) ?? text(block.exposes);
  const server = text(block.server);
  for (const [key, entry] of [['web', web], ['server', server]] as const) {
    if (entry !== undefined && !insideFolder(entry)) return { dir, message: `"cumulus.${key}" must be a path inside the plugin's folder starting with "./"` };
  }
  return {
    id,
    name: text(block.name) ?? id,
    version: text(json.version) ?? '0.0.0',
    dir,
    ...(web ? { web } : {}),
    ...(server ? { server } : {}),
    ...(block.example === true ? { example: true } : {}),
  };
}

/**
 * Lists the plugin packages of `pluginsDir` (one folder each), sorted by id. Folders that
 * are not plugins are skipped; broken ones, and a second package with a taken id, are rejected.
 */
export async function findPluginPackages(pluginsDir: string): Promise<{ packages: PluginPackage[]; rejected: RejectedPackage[] }> {
  const folders = await readdir(pluginsDir, { withFileTypes: true }).catch(() => []);
  const packages: PluginPackage[] = [];
  const rejected: RejectedPackage[] = [];
  for (const folder of folders.filter((entry) => entry.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const found = await readPackage(join(pluginsDir, folder.name));
    if (found === null) continue;
    if (!('id' in found)) rejected.push(found);
    else if (packages.some((other) => other.id === found.id)) rejected.push({ dir: found.dir, message: `the plugin id "${found.id}" is already taken` });
    else packages.push(found);
  }
  packages.sort((a, b) => a.id.localeCompare(b.id));
  return { packages, rejected };
}

/** The ids of the example packages, which stay off until an operator enables them. */
export function examplesOf(packages: readonly PluginPackage[]): string[] {
  return packages.filter((pkg) => pkg.example === true).map((pkg) => pkg.id);
}
