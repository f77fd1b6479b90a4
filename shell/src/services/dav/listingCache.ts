/**
 * Folder listings kept in the browser (IndexedDB) between visits and page
 * loads, so a folder seen before shows its rows at once, before its ETag is
 * checked against the server. What is kept is the compact listing's text as
 * the server sent it (one string: cheap to store and to read back; the nodes
 * are built again from it), with the folder's ETag of that listing.
 *
 * A big folder's first rows are kept a second time, alone (its "head": up to
 * {@link HEAD_ROWS} rows as a listing of their own), so a page load shows them
 * after reading about 60 KB instead of the whole copy first (28 MB for 100,000
 * entries). They are the rows the list showed first (its top, in the user's
 * sort), so the rows a page load shows first stay where they are when the rest
 * arrives; the listing's own first rows (the server's order) when the list
 * showed no order of that listing.
 *
 * Which folders are kept, with their heads, is also written to the page's
 * `localStorage` (synchronous, read in a millisecond while IndexedDB first
 * opens in tens of them during a page load): a folder surely not kept is then
 * listed at once, without waiting for the database to say so, and a big kept
 * folder's first rows need no database read at all. The database stays what
 * decides: a path the index names but the database lacks is listed as new.
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
  /**
   * Whether a listing of `path` may be kept: false only when the cache surely holds
   * none (its index says so), so the folder can be listed without asking the database.
   */
  mayHold(path: string): boolean;
  /** The kept listing of the folder at `path`, if any. */
  get(path: string): Promise<KeptListing | undefined>;
  /**
   * The head of the kept listing of a big folder at `path` (its first {@link HEAD_ROWS}
   * rows, a complete compact listing of its own), if any: undefined for a folder of
   * fewer rows, whose whole copy is as quick to read.
   */
  head(path: string): Promise<KeptListing | undefined>;
  /** That head when the index holds it (`localStorage`, read at once), else undefined: {@link head} reads the database. */
  keptHead(path: string): KeptListing | undefined;
  /**
   * Keeps the listing of a folder (and the head of a big one: the children at `first`, the
   * rows the list showed first, or its first rows; see {@link headOf}), replacing an older one.
   */
  put(listing: Omit<KeptListing, 'savedAt'>, first?: readonly number[]): Promise<void>;
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
 * The head of a big folder's compact listing text: a complete listing of its own (its
 * property line, the folder's row, the rows, and a `done` line counting them) of the
 * children at `first` (indexes in the listing's order, in the order given: the rows the list
 * showed first) or, without `first`, of the first {@link HEAD_ROWS} children. Undefined for a
 * folder of no more children than that, and for a text that is not a plain run of rows (a
 * `reset` line: the rows before it are void) where the head would read them, or where
 * `first` names a row it lacks.
 */
export function headOf(text: string, first?: readonly number[]): string | undefined {
  if (first !== undefined) return chosenHead(text, first);
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

/** {@link headOf} with `first`: one walk over the text's lines (a few milliseconds for 100,000). */
function chosenHead(text: string, first: readonly number[]): string | undefined {
  // Where each line starts (the property line, the folder's row, the children, the done line), and the text's end.
  const starts: number[] = [];
  for (let at = 0; at < text.length; ) {
    const end = text.indexOf('\n', at);
    if (end === -1) return undefined;
    // Only the property line and the done line are objects: another is a reset.
    if (text.charCodeAt(at) === 123 /* { */ && starts.length > 0 && end !== text.length - 1) return undefined;
    starts.push(at);
    at = end + 1;
  }
  const lines = starts.length;
  starts.push(text.length);
  const children = lines - 3;
  if (text.charCodeAt(starts[lines - 1] ?? 0) !== 123 || children <= HEAD_ROWS || first.length === 0 || first.length > HEAD_ROWS) return undefined;
  const line = (index: number): string => text.slice(starts[index], starts[index + 1]);
  let head = `${line(0)}${line(1)}`;
  for (const child of first) {
    if (!Number.isInteger(child) || child < 0 || child >= children) return undefined;
    head += line(child + 2);
  }
  return `${head}${JSON.stringify({ done: true, count: first.length + 1 })}\n`;
}

/** A cache that keeps nothing (no IndexedDB here, or it failed to open). */
const NO_CACHE: ListingCache = {
  mayHold: () => false,
  get: async () => undefined,
  head: async () => undefined,
  keptHead: () => undefined,
  put: async () => undefined,
  delete: async () => undefined,
};

/** The part of a listing cache kept in `localStorage`: which folders are kept (and their ETags), and the heads. */
export interface KeptIndex {
  /** False when `path` is surely not kept; true when it may be (or nothing is known: no storage). */
  mayHold(path: string): boolean;
  /** The head of `path` kept here, if any. */
  head(path: string): KeptListing | undefined;
  /** Notes the listing of `path` as kept (with its head, when it has one). */
  kept(listing: KeptListing, head: string | undefined): void;
  /** Notes `paths` as no longer kept. */
  forget(paths: readonly string[]): void;
}

/** The index of `uid`'s cache in `storage` (see the module's comment); one that knows nothing without storage. */
export function keptIndex(uid: string, storage: Storage | undefined): KeptIndex {
  const indexKey = listingCacheName(uid);
  const headKey = (path: string): string => `${indexKey}:head:${path}`;
  const unknown: KeptIndex = { mayHold: () => true, head: () => undefined, kept: () => undefined, forget: () => undefined };
  if (storage === undefined) return unknown;
  /** Path → ETag of every kept listing; null when the index is unreadable (everything may be kept). */
  const readIndex = (): Record<string, string> | null => {
    try {
      const text = storage.getItem(indexKey);
      if (text === null) return {};
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, string>) : null;
    } catch {
      return null;
    }
  };
  const dropHeads = (paths: Iterable<string>): void => {
    for (const path of paths) storage.removeItem(headKey(path));
  };
  const writeIndex = (index: Record<string, string>): void => {
    try {
      storage.setItem(indexKey, JSON.stringify(index));
    } catch {
      // Full: the heads (an extra) make room for the index; failing that, no index, so
      // nothing is claimed kept and folders are listed from the server (never wrong, only slower).
      try {
        dropHeads(Object.keys(index));
        storage.setItem(indexKey, JSON.stringify(index));
      } catch {
        storage.removeItem(indexKey);
      }
    }
  };
  return {
    mayHold(path) {
      const index = readIndex();
      return index === null || Object.hasOwn(index, path);
    },
    head(path) {
      try {
        const text = storage.getItem(headKey(path));
        const etag = readIndex()?.[path];
        return text !== null && typeof etag === 'string' ? { path, etag, text, savedAt: 0 } : undefined;
      } catch {
        return undefined;
      }
    },
    kept(listing, head) {
      try {
        // An unreadable index is replaced: what it claimed beyond this folder is listed anew.
        const index = readIndex() ?? {};
        try {
          if (head === undefined) storage.removeItem(headKey(listing.path));
          else storage.setItem(headKey(listing.path), head);
        } catch {
          // No room for the head: the database's copy of it serves.
          storage.removeItem(headKey(listing.path));
        }
        index[listing.path] = listing.etag;
        writeIndex(index);
      } catch {
        // Storage refused altogether: the database alone keeps the listing.
      }
    },
    forget(paths) {
      try {
        dropHeads(paths);
        const index = readIndex();
        if (index === null) return;
        for (const path of paths) delete index[path];
        writeIndex(index);
      } catch {
        // Storage refused: what it still names is read from the database and found missing.
      }
    },
  };
}

/** The page's localStorage, or undefined where it is missing or refused (sandboxed frames, some private modes). */
function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The listing cache of `uid`, or one that keeps nothing where IndexedDB is
 * missing (tests, private modes that refuse it). Failures of the cache never
 * fail a listing: they are logged and the cache answers "nothing kept".
 */
export function openListingCache(uid: string, indexedDb: IDBFactory | undefined = globalThis.indexedDB, storage: Storage | undefined = pageStorage()): ListingCache {
  if (indexedDb === undefined) return NO_CACHE;
  const index = keptIndex(uid, storage);
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
    mayHold: (path) => index.mayHold(path),
    get: (path) => read(STORE, path),
    head: (path) => Promise.resolve(index.head(path)).then((head) => head ?? read(HEADS, path)),
    keptHead: (path) => index.head(path),
    put: (listing, first) =>
      quietly(async () => {
        const db = await database();
        // One transaction: a head is never seen beside another listing than its own.
        const transaction = db.transaction([STORE, HEADS], 'readwrite');
        const store = transaction.objectStore(STORE);
        const heads = transaction.objectStore(HEADS);
        const savedAt = Date.now();
        store.put({ ...listing, savedAt } satisfies KeptListing);
        const head = headOf(listing.text, first) ?? headOf(listing.text);
        if (head === undefined) heads.delete(listing.path);
        else heads.put({ path: listing.path, etag: listing.etag, text: head, savedAt } satisfies KeptListing);
        // Oldest first: drop what exceeds the bound.
        const keys = (await done(store.index('savedAt').getAllKeys())) as IDBValidKey[];
        const dropped = keys.slice(0, Math.max(0, keys.length - MAX_FOLDERS));
        for (const key of dropped) {
          store.delete(key);
          heads.delete(key);
        }
        await finished(transaction);
        index.forget(dropped.map(String));
        index.kept({ ...listing, savedAt }, head);
      }, undefined),
    delete: (path) =>
      quietly(async () => {
        const db = await database();
        const transaction = db.transaction([STORE, HEADS], 'readwrite');
        transaction.objectStore(STORE).delete(path);
        transaction.objectStore(HEADS).delete(path);
        index.forget([path]);
        await finished(transaction);
      }, undefined),
  };
}
