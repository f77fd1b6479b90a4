import { readFile, stat } from 'node:fs/promises';
import type { PluginManifestEntry, RejectedManifestEntry } from '@cumulus/protocol';
import { checkManifest } from '@cumulus/protocol';

/**
 * The deployment config: the operator's list of third-party plugin remotes,
 * each named by the URL of its remote entry, with an optional SRI hash the
 * shell checks before running the code. JSON:
 *
 * ```json
 * { "remotes": [
 *   { "id": "acme.notes", "entry": "https://plugins.acme.example/notes/1.0.0/remoteEntry.js",
 *     "integrity": "sha384-…", "name": "Acme Notes", "version": "1.0.0" }
 * ] }
 * ```
 *
 * `id` and `entry` are required; `name` defaults to the id, `version` to `unknown`.
 */
export interface DeploymentConfigFile {
  remotes: unknown[];
}

/** A remote of the deployment config that was left out, and why. */
export type RejectedRemote = RejectedManifestEntry;

/** What one reading of the file gave: the valid remotes as manifest entries (`source: config`), and the refused ones. */
export interface ConfiguredRemotes {
  readonly remotes: readonly PluginManifestEntry[];
  readonly rejected: readonly RejectedRemote[];
}

/** Thrown when the file cannot be used at all; the message names the file. */
export class DeploymentConfigError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the parsed file: each remote becomes a manifest entry (enabled;
 * the operator's switches apply later), validated by the manifest's own rules,
 * so a bad remote costs only itself. `reservedIds` are the plugins the build
 * ships: a remote may not take one of their ids.
 *
 * @throws DeploymentConfigError when the value is not `{ "remotes": [ … ] }`
 */
export function checkDeploymentConfig(value: unknown, file: string, reservedIds: ReadonlySet<string> = new Set()): ConfiguredRemotes {
  if (!isRecord(value) || !Array.isArray(value.remotes)) {
    throw new DeploymentConfigError(`The plugin deployment config ${file} must be a JSON object with a "remotes" array.`);
  }
  const entries = value.remotes.map((remote: unknown) => {
    if (!isRecord(remote)) return remote;
    return {
      id: remote.id,
      name: remote.name ?? remote.id,
      version: remote.version ?? 'unknown',
      entry: remote.entry,
      enabled: true,
      ...(remote.integrity !== undefined ? { integrity: remote.integrity } : {}),
      source: 'config',
    };
  });
  const { manifest, rejected } = checkManifest({ plugins: entries });
  const taken: RejectedRemote[] = [];
  const remotes = manifest.plugins.filter((remote) => {
    const position = entries.findIndex((entry) => isRecord(entry) && entry.id === remote.id);
    if (!reservedIds.has(remote.id)) return true;
    const problem = 'its id is taken by a plugin the build ships';
    taken.push({ id: remote.id, position, problem, message: `Plugin "${remote.id}": ${problem}` });
    return false;
  });
  return { remotes, rejected: [...rejected, ...taken].sort((a, b) => a.position - b.position) };
}

/** Reads and checks the file once. @throws DeploymentConfigError when it is missing, not JSON or not shaped right */
export async function readDeploymentConfig(file: string, reservedIds?: ReadonlySet<string>): Promise<ConfiguredRemotes> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DeploymentConfigError(`The plugin deployment config ${file} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DeploymentConfigError(`The plugin deployment config ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return checkDeploymentConfig(parsed, file, reservedIds);
}

/**
 * The deployment config as the manifest endpoint reads it: again whenever the
 * file changes, so an operator's edit shows at the next page load without a
 * restart. No file configured: no remotes.
 */
export class DeploymentConfigSource {
  private cached: { mtimeMs: number; size: number; reserved: string; remotes: readonly PluginManifestEntry[] } | undefined;

  /**
   * @param file the config file, or undefined when none is configured
   * @param onProblem told, once per version of the file, of each refused remote and of a file that cannot be used
   */
  constructor(
    private readonly file: string | undefined,
    private readonly onProblem: (message: string) => void = () => undefined,
  ) {}

  /** The valid remotes; a file that became unusable gives none (and is reported) rather than failing the manifest. */
  async remotes(reservedIds: ReadonlySet<string>): Promise<readonly PluginManifestEntry[]> {
    if (this.file === undefined) return [];
    const info = await stat(this.file).catch(() => null);
    const mtimeMs = info?.mtimeMs ?? -1;
    const size = info?.size ?? -1;
    const reserved = [...reservedIds].sort().join(' ');
    const cached = this.cached;
    if (cached?.mtimeMs === mtimeMs && cached.size === size && cached.reserved === reserved) return cached.remotes;
    let remotes: readonly PluginManifestEntry[] = [];
    try {
      const read = await readDeploymentConfig(this.file, reservedIds);
      for (const entry of read.rejected) this.onProblem(`The plugin deployment config's remote was left out: ${entry.message}`);
      remotes = read.remotes;
    } catch (error) {
      this.onProblem(`${(error as Error).message} No third-party plugin is served until it is fixed.`);
    }
    this.cached = { mtimeMs, size, reserved, remotes };
    return remotes;
  }
}
