import { PLUGIN_ID_PATTERN } from '@cumulus/protocol';

/**
 * Per-user areas: storage kept beside a user's tree and out of it, such as a trash bin.
 * An area is addressed by a storage key `<uid>~<area>` wherever the storage layer takes a
 * uid (content store, file cache, journal): `~` is in no uid, so a key never names a user,
 * and the user's listings, searches, favorites and usage never meet an area's rows. A node
 * moved into an area keeps its file id, its rows and so its dead properties.
 */

const SEPARATOR = '~';
/** What an area's name looks like: a plugin id. */
const AREA_NAME = PLUGIN_ID_PATTERN;

/** The storage key of the user's area `area`. */
export function areaKey(uid: string, area: string): string {
  if (!AREA_NAME.test(area)) throw new Error(`Invalid area name "${area}"`);
  return `${uid}${SEPARATOR}${area}`;
}

/** The user and area a storage key names, or null for a plain uid. */
export function parseAreaKey(key: string): { uid: string; area: string } | null {
  const cut = key.lastIndexOf(SEPARATOR);
  if (cut <= 0) return null;
  const area = key.slice(cut + 1);
  return AREA_NAME.test(area) ? { uid: key.slice(0, cut), area } : null;
}

/**
 * A path qualified by its storage key (`<key>:<path>`), as the journal records the far end of
 * a move between a user's tree and an area. Neither uids nor area names contain `:`.
 */
export function qualifiedPath(key: string, path: string): string {
  return `${key}:${path}`;
}

/** The storage key and path of a {@link qualifiedPath}. */
export function splitQualifiedPath(value: string): { key: string; path: string } {
  const cut = value.indexOf(':/');
  if (cut <= 0) throw new Error(`Not a qualified path: ${value}`);
  return { key: value.slice(0, cut), path: value.slice(cut + 1) };
}
