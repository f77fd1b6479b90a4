import type { ManifestCheck } from '@cumulus/protocol';
import { checkManifest } from '@cumulus/protocol';
import { PluginManifestError, messageOf } from './errors';

/**
 * Fetches the plugin manifest (`GET /apps/files/api/v1/plugins`) and checks
 * it entry by entry: a bad entry is returned among `rejected` and costs only
 * that plugin.
 *
 * @throws PluginManifestError typed `network`, `http`, or `invalid` when the
 *   body is not JSON or not a manifest at all.
 */
export async function readManifest(url: string, fetchImpl: typeof fetch): Promise<ManifestCheck> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch (error) {
    throw new PluginManifestError('network', `The plugin manifest ${url} could not be fetched: ${messageOf(error)}`, { cause: error });
  }
  if (!response.ok) {
    throw new PluginManifestError('http', `The plugin manifest ${url} answered HTTP ${response.status}`, { status: response.status });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new PluginManifestError('invalid', `The plugin manifest ${url} is not JSON`, { cause: error });
  }
  try {
    return checkManifest(body);
  } catch (error) {
    throw new PluginManifestError('invalid', messageOf(error), { cause: error });
  }
}
