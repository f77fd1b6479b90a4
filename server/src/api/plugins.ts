import type { FastifyInstance } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PluginManifest, RejectedManifestEntry } from '@cumulus/protocol';
import { checkManifest } from '@cumulus/protocol';
import type { PluginStates } from '../plugin-host';
import { DeploymentConfigSource } from '../plugin-host/deployment-config';
import { HttpError } from './errors';
import { route } from './routes';

/**
 * Reads `dist/plugins/manifest.json` (written by the build) and validates it
 * entry by entry; an empty manifest when the plugins are not built. Re-read
 * only when the file changes.
 */
export class PluginManifestSource {
  private cached: { mtimeMs: number; manifest: PluginManifest } | undefined;

  /**
   * @param distDir the built front end
   * @param onRejected told of each refused entry, once per version of the file (the server logs it)
   */
  constructor(
    private readonly distDir: string,
    private readonly onRejected: (entry: RejectedManifestEntry) => void = () => undefined,
  ) {}

  /**
   * The manifest of the valid entries: one bad entry costs only its plugin.
   * Throws when the file is not JSON or not a manifest at all.
   */
  async read(): Promise<PluginManifest> {
    const file = join(this.distDir, 'plugins', 'manifest.json');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return { plugins: [] };
    if (this.cached?.mtimeMs === info.mtimeMs) return this.cached.manifest;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`The plugin manifest ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    const { manifest, rejected } = checkManifest(parsed);
    for (const entry of rejected) this.onRejected(entry);
    this.cached = { mtimeMs: info.mtimeMs, manifest };
    return manifest;
  }
}

/**
 * `GET /apps/files/api/v1/plugins`: the manifest of plugin remotes the shell loads, only the
 * enabled ones (an entry built disabled, an example plugin, only once switched on) (the switches are read at each request: a change shows at the next page load):
 * the build's plugins, then the third-party remotes of the deployment config (`source: config`,
 * with their integrity hashes), which is re-read when it changes.
 */
export function registerPlugins(app: FastifyInstance, distDir: string, states: PluginStates, deploymentConfig?: string): void {
  // A refused entry is the operator's to fix; the other plugins are still served.
  const source = new PluginManifestSource(distDir, (entry) => app.log.warn(`The plugin manifest's entry was left out: ${entry.message}`));
  const configured = new DeploymentConfigSource(deploymentConfig, (message) => app.log.warn(message));
  route(app, '/apps/files/api/v1/plugins', 'required', {
    GET: async (request, reply) => {
      try {
        const built = await source.read();
        const remotes = await configured.remotes(new Set(built.plugins.map((plugin) => plugin.id)));
        const all = [...built.plugins, ...remotes];
        // An entry marked disabled (an example plugin the author built) is off until the operator switches it on.
        const disabled = await states.disabledIds(all.filter((plugin) => !plugin.enabled).map((plugin) => plugin.id));
        const enabled: PluginManifest = { plugins: all.filter((plugin) => !disabled.has(plugin.id)).map((plugin) => ({ ...plugin, enabled: true })) };
        return reply.header('Cache-Control', 'no-cache').send(enabled);
      } catch (error) {
        // The operator's build is broken, not the client's request: say so, loudly, once per request.
        request.log.error(error);
        throw new HttpError(500, `The plugin manifest is invalid: ${(error as Error).message}`);
      }
    },
  });
}
