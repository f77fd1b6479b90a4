import type { DavCollection } from '../../plugin-api';
import type { Owned, ServerRegistry } from '../registry';

/** WebDAV collections (`ctx.davCollections`): trees of their own at `/remote.php/dav/<name>/`. */

/** The URL segments after `/remote.php/dav/` the server serves itself. */
const SERVER_DAV_TREES = new Set(['files', 'uploads', 'principals', 'addressbooks', 'calendars', 'public-calendars', 'system-calendars', 'comments', 'systemtags']);
const DAV_COLLECTION_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** Why a collection is invalid (or its name the server's or taken in `registered`), or null. */
export function davCollectionProblem(collection: DavCollection, registered: ServerRegistry<DavCollection>): string | null {
  if (typeof collection.name !== 'string' || !DAV_COLLECTION_NAME.test(collection.name)) return `its name must match ${String(DAV_COLLECTION_NAME)}`;
  if (SERVER_DAV_TREES.has(collection.name)) return `/remote.php/dav/${collection.name} is the server's`;
  if (typeof collection.resource !== 'function' || typeof collection.children !== 'function') return 'resource and children must be functions';
  const wrong = (['read', 'move', 'delete'] as const).find((method) => collection[method] !== undefined && typeof collection[method] !== 'function');
  if (wrong) return `${wrong} must be a function`;
  const taken = findDavCollection(registered, collection.name);
  return taken ? `/remote.php/dav/${collection.name} is already served by "${taken.owner}"` : null;
}

/** The DAV collection served at `/remote.php/dav/<name>/`, with its plugin, or undefined. */
export function findDavCollection(registered: ServerRegistry<DavCollection>, name: string): Owned<DavCollection> | undefined {
  return registered.list().find(({ entry }) => entry.name === name);
}
