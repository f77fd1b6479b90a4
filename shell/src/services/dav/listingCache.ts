/**
 * Folder listings kept in the browser (IndexedDB) between visits and page
 * loads, so a folder seen before shows its rows at once, before its ETag is
 * checked against the server. What is kept is the compact listing's text as
 * the server sent it (one string: cheap to store and to read back; the nodes
 * are built again from it), with the folder's ETag of that listing.
 *
 * A big folder's first rows are kept a second time, alone (its "head": the
 * listing's first {@link HEAD_ROWS} rows as a listing of their own), so a page
 * load shows them after reading about 60 KB instead of the whole copy first
 * (28 MB for 100,000 entries).
 *
 * Kept per user (the user id is part of every key and of the database name),
 * and cleared when the user signs out: the server answers the sign-out with
 * `Clear-Site-Data: "storage"`.
 */
import { FIRST_ROWS } from './propfindListing';

/** The database's name for `uid`. */
export const listingCacheName = (uid: string): string => `cumulus-listings:${uid}`;

const STORE = 'listings';
/** The heads of the big listings of {@link STORE}, by the same path. */
const HEADS = 'heads';
/** Rows of a kept head (the folder's own row not counted): as many as a listing hands on first. */
export const HEAD_ROWS = FIRST_ROWS;
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
  /**
   * The head of the kept listing of a big folder at `path` (its first {@link HEAD_ROWS}
   * rows, a complete compact listing of its own), if any: undefined for a folder of
   * fewer rows, whose whole copy is as quick to read.
   */
  head(path: string): Promise<KeptListing | undefined>;
  /** Keeps the listing of a folder (and the head of a big one), replacing an older one. */
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

/**
 * The first {@link HEAD_ROWS} rows of a compact listing's text as a complete listing of
 * their own (its property line, the folder's row, the rows, and a `done` line counting
 * them), or undefined when the text has no more rows than that or is not a plain run of
 * rows there (a `reset` line: the rows before it are void).
 */
export function headOf(text: string): string | undefined {
  // The property line and the folder's row come before the children.
  let end = -1;
  for (let line = 0; line < HEAD_ROWS + 2; line += 1) {
    end = text.indexOf('\n', end + 1);
    if (end === -1) return undefined;
  }
  // One more row must follow, or the head would be the whole listing.
  if (text.charCodeAt(end + 1) !== 91 /* [ */) return undefined;
  const head = text.slice(0, end + 1);
  const firstRow = head.indexOf('\n') + 1;
  if (head.charCodeAt(firstRow) !== 91 || head.includes('\n{', firstRow)) return undefined;
  return `${head}${JSON.stringify({ done: true, count: HEAD_ROWS + 1 })}\n`;
}

/** A cache that keeps nothing (no IndexedDB here, or it failed to open). */
const NO_CACHE: ListingCache = {
  get: async () => undefined,
  head: async () => undefined,
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
      const request = indexedDb.open(listingCacheName(uid), 2);
      request.onupgradeneeded = (event) => {
        const db = request.result;
        if (event.oldVersion < 1) db.createObjectStore(STORE, { keyPath: 'path' }).createIndex('savedAt', 'savedAt');
        if (event.oldVersion < 2) db.createObjectStore(HEADS, { keyPath: 'path' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer version in another tab (or the database's deletion) waits for no one here.
        db.onversionchange = () => {
          db.close();
          opened = undefined;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
      request.onblocked = () => reject(new Error('IndexedDB open blocked'));
    }));
  // Opened right away: the first listing of a page load (often a kept one) then finds it open.
  void database().catch(() => undefined);
  const quietly = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      console.warn('Listing cache unavailable', error);
      return fallback;
    }
  };
  const read = (store: string, path: string): Promise<KeptListing | undefined> =>
    quietly(async () => {
      const db = await database();
      const kept = (await done(db.transaction(store, 'readonly').objectStore(store).get(path))) as KeptListing | undefined;
      return kept !== undefined && typeof kept.text === 'string' && typeof kept.etag === 'string' ? kept : undefined;
    }, undefined);
  return {
    get: (path) => read(STORE, path),
    head: (path) => read(HEADS, path),
    put: (listing) =>
      quietly(async () => {
        const db = await database();
        // One transaction: a head is never seen beside another listing than its own.
        const transaction = db.transaction([STORE, HEADS], 'readwrite');
        const store = transaction.objectStore(STORE);
        const heads = transaction.objectStore(HEADS);
        const savedAt = Date.now();
        store.put({ ...listing, savedAt } satisfies KeptListing);
        const head = headOf(listing.text);
        if (head === undefined) heads.delete(listing.path);
        else heads.put({ path: listing.path, etag: listing.etag, text: head, savedAt } satisfies KeptListing);
        // Oldest first: drop what exceeds the bound.
        const keys = (await done(store.index('savedAt').getAllKeys())) as IDBValidKey[];
        for (const key of keys.slice(0, Math.max(0, keys.length - MAX_FOLDERS))) {
          store.delete(key);
          heads.delete(key);
        }
        await finished(transaction);
      }, undefined),
    delete: (path) =>
      quietly(async () => {
        const db = await database();
        const transaction = db.transaction([STORE, HEADS], 'readwrite');
        transaction.objectStore(STORE).delete(path);
        transaction.objectStore(HEADS).delete(path);
        await finished(transaction);
      }, undefined),
  };
}
