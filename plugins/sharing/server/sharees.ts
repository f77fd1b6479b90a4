import type { JsonValue, PluginUsers } from '@cumulus/server/plugin-api';
import { OcsError, SHARE_TYPE_USER } from './rules';

/** The most results one page gives (Nextcloud's `sharing.maxAutocompleteResults` default). */
export const MAX_PER_PAGE = 200;

/** The answer of `GET /sharees` and its `Link` header when more results exist. */
export interface ShareesAnswer {
  data: { [key: string]: JsonValue };
  next: boolean;
}

function integer(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  return /^-?\d+$/.test(String(value)) ? Number(value) : Number.NaN;
}

/**
 * `GET /sharees` (protocol §3) over the server's users: every key present, exact id
 * or display-name matches under `exact.users`, the signed-in user left out. Only user shares
 * exist here, so the other lists stay empty.
 */
export async function searchSharees(users: PluginUsers, uid: string, input: Readonly<Record<string, unknown>>): Promise<ShareesAnswer> {
  if (input.itemType === undefined || input.itemType === null || input.itemType === '') throw new OcsError(400, 'Missing itemType');
  const page = integer(input.page, 1);
  const perPage = Math.min(integer(input.perPage, MAX_PER_PAGE), MAX_PER_PAGE);
  if (!Number.isInteger(page) || page < 1) throw new OcsError(400, 'Invalid page');
  if (!Number.isInteger(perPage) || perPage < 1) throw new OcsError(400, 'Invalid perPage argument');
  const requestedTypes = input.shareType === undefined ? null : (Array.isArray(input.shareType) ? input.shareType : [input.shareType]).map(Number);
  const wantUsers = requestedTypes === null || requestedTypes.includes(SHARE_TYPE_USER);
  const search = typeof input.search === 'string' ? input.search : input.search === undefined || input.search === null ? '' : String(input.search);

  const exact: JsonValue[] = [];
  const others: JsonValue[] = [];
  let next = false;
  if (wantUsers) {
    // One more than a page, to know whether another page exists; the viewer is skipped.
    const found = (await users.search(search, perPage + 2, (page - 1) * perPage)).filter((user) => user.uid !== uid);
    next = found.length > perPage;
    const needle = search.toLowerCase();
    for (const user of found.slice(0, perPage)) {
      const entry = {
        label: user.displayName,
        subline: '',
        icon: 'icon-user',
        value: { shareType: SHARE_TYPE_USER, shareWith: user.uid },
        shareWithDisplayNameUnique: user.uid,
        status: [],
      };
      if (needle !== '' && (user.uid.toLowerCase() === needle || user.displayName.toLowerCase() === needle)) exact.push(entry);
      else others.push(entry);
    }
  }
  return {
    data: {
      exact: { users: exact, groups: [], remotes: [], remote_groups: [], emails: [], circles: [], rooms: [] },
      users: others,
      groups: [],
      remotes: [],
      remote_groups: [],
      emails: [],
      lookup: [],
      circles: [],
      rooms: [],
      lookupEnabled: false,
    },
    next,
  };
}
