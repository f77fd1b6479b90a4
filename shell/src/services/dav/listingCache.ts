/**
 * Folder listings kept in the browser (IndexedDB) between visits and page
 * loads, so a folder seen before shows its rows at once, before its ETag is
 * checked against the server. What is kept is the compact listing's text as
 * the server sent it (one string: cheap to store and to read back; the nodes
 * are built again from it), with the folder's ETag of that listing.
 *
 * Kept per user (the user id is part of every key and of the database name),
 * and cleared when the user signs out: the server answers the sign-out with
 * `Clear-Site-Data: "storage"`.
 */

/** The database's name for `uid`. */
export const listingCacheName = (uid: string): string => `cumulus-listings:${uid}`;
const STORE = 'listings';
/** Folders kept per user; the least recently saved goes first. */
const MAX_FOLDERS = 24;

/** One kept listing. */
export interface KeptListing {
  /** The folder's decoded DAV path, e.g. `/files/alice/Photos`. */
  path: string;
  /** The folder's ETag in that listing. */
  etag: string;
  /** The compact listing's text. */
  text: string;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
}

/** The kept listings of one user. */
export interface ListingCache {
  /** The kept listing of the folder at `path`, if any. */
  get(path: string): Promise<KeptListing | undefined>;
  /** Keeps the listing of a folder, replacing an older one. */
  put(listing: Omit<KeptListing, 'savedAt'>): Promise<void>;
  /** Forgets one folder's listing. */
  delete(path: string): Promise<void>;
}

/** The result of an IndexedDB request as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** A transaction's end as a promise. */
function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** A cache that keeps nothing (no IndexedDB here, or it failed to open). */
const NO_CACHE: ListingCache = {
  get: async () => undefined,
  put: async () => undefined,
  delete: async () => undefined,
};

/**
 * The listing cache of `uid`, or one that keeps nothing where IndexedDB is
 * missing (tests, private modes that refuse it). Failures of the cache never
 * fail a listing: they are logged and the cache answers "nothing kept".
 */
export function openListingCache(uid: string, indexedDb: IDBFactory | undefined = globalThis.indexedDB): ListingCache {
  if (indexedDb === undefined) return NO_CACHE;
  let opened: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDb.open(listingCacheName(uid), 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'path' });
        store.createIndex('savedAt', 'savedAt');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
      request.onblocked = () => reject(new Error('IndexedDB open blocked'));
    }));
  const quietly = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      console.warn('Listing cache unavailable', error);
      return fallback;
    }
  };
  return {
    get: (path) =>
      quietly(async () => {
        const db = await database();
        const kept = (await done(db.transaction(STORE, 'readonly').objectStore(STORE).get(path))) as KeptListing | undefined;
        return kept !== undefined && typeof kept.text === 'string' && typeof kept.etag === 'string' ? kept : undefined;
      }, undefined),
    put: (listing) =>
      quietly(async () => {
        const db = await database();
        const transaction = db.transaction(STORE, 'readwrite');
        const store = transaction.objectStore(STORE);
        store.put({ ...listing, savedAt: Date.now() } satisfies KeptListing);
        // Oldest first: drop what exceeds the bound.
        const keys = (await done(store.index('savedAt').getAllKeys())) as IDBValidKey[];
        for (const key of keys.slice(0, Math.max(0, keys.length - MAX_FOLDERS))) store.delete(key);
        await finished(transaction);
      }, undefined),
    delete: (path) =>
      quietly(async () => {
        const db = await database();
        const transaction = db.transaction(STORE, 'readwrite');
        transaction.objectStore(STORE).delete(path);
        await finished(transaction);
      }, undefined),
  };
}
