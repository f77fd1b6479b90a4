import type { PluginManifest } from '../manifest/types';
import { validateManifest } from '../manifest/validate';
import { PluginManifestError, messageOf } from './errors';

/**
 * Fetches and validates the plugin manifest (`GET /apps/files/api/v1/plugins`).
 *
 * @throws PluginManifestError typed `network`, `http` or `invalid`.
 */
export async function readManifest(url: string, fetchImpl: typeof fetch): Promise<PluginManifest> {
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
    return validateManifest(body);
  } catch (error) {
    throw new PluginManifestError('invalid', messageOf(error), { cause: error });
  }
}
