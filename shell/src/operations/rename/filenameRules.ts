import type { FilenameRules } from '../../lib/engine';
import type { FilesApi } from '../../services/api/filesApi';

const cache = new WeakMap<FilesApi, Promise<FilenameRules>>();

/**
 * The server's filename rules (product §5: the forbidden characters come from
 * the server; an empty or missing list keeps the defaults, slash and
 * backslash). Asked once per API client; a failed request falls back to the
 * defaults, since the server checks names anyway.
 */
export function loadFilenameRules(api: FilesApi): Promise<FilenameRules> {
  let rules = cache.get(api);
  if (rules === undefined) {
    rules = api.getCapabilities().then(
      (capabilities) => (capabilities.forbiddenCharacters.length > 0 ? { forbiddenCharacters: capabilities.forbiddenCharacters } : {}),
      (error: unknown) => {
        console.error('Could not read the filename rules; using the defaults', error);
        return {};
      },
    );
    cache.set(api, rules);
  }
  return rules;
}
