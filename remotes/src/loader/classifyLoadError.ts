import { PluginLoadError, messageOf } from './errors';
import { PLUGIN_EXPOSE } from './containerName';

/** The federation runtime tags its errors `#RUNTIME-<nnn>` (see @module-federation/error-codes). */
const RUNTIME_CODE = /#(RUNTIME-\d{3})/;

/** Script (008) or mf-manifest.json (003) could not be fetched. */
const FETCH_FAILED = new Set(['RUNTIME-008', 'RUNTIME-003']);
/** The container works but has no `./plugin`. */
const NOT_EXPOSED = 'RUNTIME-014';

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? text).trim();
}

/**
 * Turns a rejection of `loadRemote` into a typed `PluginLoadError`. When the
 * entry could not be fetched, the entry is requested once more with `fetch`,
 * because a failed `<script>` tells nothing about why; that tells an HTTP
 * error status (`http`) from an unreachable server (`network`).
 */
export async function classifyLoadError(
  pluginId: string,
  entry: string,
  error: unknown,
  fetchImpl: typeof fetch | undefined,
): Promise<PluginLoadError> {
  const message = messageOf(error);
  const code = RUNTIME_CODE.exec(message)?.[1];

  if (code !== undefined && FETCH_FAILED.has(code)) {
    const status = fetchImpl === undefined ? undefined : await probeStatus(fetchImpl, entry);
    if (status !== undefined) {
      return new PluginLoadError(pluginId, 'http', `its remote entry ${entry} answered HTTP ${status}`, { cause: error, status });
    }
    return new PluginLoadError(pluginId, 'network', `its remote entry ${entry} could not be fetched`, { cause: error });
  }
  if (code === NOT_EXPOSED) {
    return new PluginLoadError(pluginId, 'invalid', `its remote does not expose "${PLUGIN_EXPOSE}"`, { cause: error });
  }
  return new PluginLoadError(pluginId, 'evaluation', `its code failed to run: ${firstLine(message)}`, { cause: error });
}

/** The error status the entry answers with, or undefined when it cannot be reached or answers fine. */
async function probeStatus(fetchImpl: typeof fetch, entry: string): Promise<number | undefined> {
  try {
    const response = await fetchImpl(entry, { cache: 'no-store', credentials: 'same-origin' });
    return response.ok ? undefined : response.status;
  } catch {
    return undefined;
  }
}
