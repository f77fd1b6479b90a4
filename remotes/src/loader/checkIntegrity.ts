import { PluginLoadError, messageOf } from './errors';

/** The digest algorithms of SRI, by the prefix of a hash. */
const ALGORITHMS: Record<string, string> = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/** The base64 of bytes (btoa takes a binary string). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The SRI hash of `bytes` with the algorithm of `integrity` (`sha384-…`).
 *
 * @param subtle the Web Crypto digest, present in secure contexts (https, localhost)
 */
export async function sriHash(bytes: ArrayBuffer, integrity: string, subtle: Pick<SubtleCrypto, 'digest'>): Promise<string> {
  const prefix = integrity.slice(0, integrity.indexOf('-'));
  const algorithm = ALGORITHMS[prefix];
  if (algorithm === undefined) throw new Error(`unknown integrity algorithm "${prefix}"`);
  return `${prefix}-${base64(new Uint8Array(await subtle.digest(algorithm, bytes)))}`;
}

/**
 * Fetches a remote entry and compares its digest with `integrity` before any
 * of it runs. The loader then runs the entry through a script element that
 * carries the same hash, which the browser checks again against the bytes it
 * executes, so what runs is what was checked even if the file changes in
 * between. Without Web Crypto (a page served over plain http from a
 * non-local address) this check is skipped and the browser's own check on
 * the script element is the one that refuses a mismatch.
 *
 * @returns the reason to refuse the plugin, or undefined when the entry matches
 */
export async function checkIntegrity(
  pluginId: string,
  entry: string,
  integrity: string,
  fetchImpl: typeof fetch | undefined,
  subtle: Pick<SubtleCrypto, 'digest'> | undefined = globalThis.crypto?.subtle,
): Promise<PluginLoadError | undefined> {
  if (fetchImpl === undefined || subtle === undefined) return undefined;
  let response: Response;
  try {
    // As the script element will ask: CORS without credentials, so another origin must allow it.
    response = await fetchImpl(entry, { mode: 'cors', credentials: 'omit', cache: 'no-store' });
  } catch (error) {
    return new PluginLoadError(pluginId, 'network', `its remote entry ${entry} could not be fetched`, { cause: error });
  }
  if (!response.ok) return new PluginLoadError(pluginId, 'http', `its remote entry ${entry} answered HTTP ${response.status}`, { status: response.status });
  let actual: string;
  try {
    actual = await sriHash(await response.arrayBuffer(), integrity, subtle);
  } catch (error) {
    return new PluginLoadError(pluginId, 'network', `its remote entry ${entry} could not be read: ${messageOf(error)}`, { cause: error });
  }
  if (actual === integrity) return undefined;
  return new PluginLoadError(pluginId, 'integrity', `its remote entry ${entry} does not match its integrity hash (expected ${integrity}, got ${actual})`);
}
