import { randomBytes } from 'node:crypto';
import type { DavRequest } from './context';
import { header } from './context';
import type { PropRequest } from './prop-request';
import type { FileEntry } from '../storage/model/types';
import { fail } from '../errors';

/**
 * Nextcloud's DAV paging (`nc-paginate`, Nextcloud 31+), for the clients that
 * use it on PROPFIND:
 * - a first request carries `X-NC-Paginate: true` and optionally
 *   `X-NC-Paginate-Count` (page size, default 100) and `X-NC-Paginate-Offset`;
 *   the whole result is kept as a snapshot and the answer is the page
 *   `[offset, offset + count)` with `X-NC-Paginate: true`,
 *   `X-NC-Paginate-Token` and `X-NC-Paginate-Total` (every item, the folder
 *   itself being item 0);
 * - later requests carry the token and `X-NC-Paginate-Offset` (and a count):
 *   they get that page of the same snapshot, their body ignored (the
 *   properties are the first request's).
 *
 * Unlike Nextcloud, which starts a new result for a token it does not know,
 * a token that is malformed answers 400, and one that is unknown here (never
 * given, another user's or another folder's, or expired) answers 412: a
 * client continuing a snapshot must not silently get pages of another one.
 * Counts and offsets that are not whole numbers in range answer 400.
 */
export const PAGINATE_HEADERS = {
  paginate: 'x-nc-paginate',
  count: 'x-nc-paginate-count',
  offset: 'x-nc-paginate-offset',
  token: 'x-nc-paginate-token',
  total: 'x-nc-paginate-total',
} as const;

/** Nextcloud's default page size. */
export const DEFAULT_PAGE_SIZE = 100;
/** The largest page a client may ask for: a bigger one is a whole listing, which needs no paging. */
export const MAX_PAGE_SIZE = 10_000;
/** How long a snapshot is kept after its last use (Nextcloud: one hour). */
export const SNAPSHOT_TTL_MS = 60 * 60 * 1000;
/** Snapshots kept per user; the least recently used goes first. */
const MAX_SNAPSHOTS_PER_USER = 8;
/** Entries kept over all snapshots (about 300 bytes each); the least recently used go first. */
const MAX_SNAPSHOT_ENTRIES = 1_000_000;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** What a paging request asks for. */
export interface PageRequest {
  count: number;
  offset: number;
  /** The token of a snapshot to continue, when given. */
  token: string | undefined;
}

/** One kept result: whose, of which URL, what was asked, and the items in order. */
interface Snapshot {
  uid: string;
  url: string;
  request: PropRequest;
  /** The folder (item 0) and its children, or the one node of a Depth 0 request. */
  entries: FileEntry[];
  /** The fileid of the folder whose children these are, for their dead properties. */
  parentId: number | undefined;
  expires: number;
}

/** A whole number from a header, or undefined when absent; 400 when malformed or out of range. */
function wholeNumber(ctx: DavRequest, name: string, min: number, max: number): number | undefined {
  const raw = header(ctx.request, name).trim();
  if (raw === '') return undefined;
  const value = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) fail('bad-request', `${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** The paging the request asks for, or undefined when it does not page (no `X-NC-Paginate`, no token). */
export function pageRequestOf(ctx: DavRequest): PageRequest | undefined {
  const paginate = header(ctx.request, PAGINATE_HEADERS.paginate).trim().toLowerCase();
  const rawToken = header(ctx.request, PAGINATE_HEADERS.token).trim();
  if ((paginate === '' || paginate === 'false' || paginate === '0') && rawToken === '') return undefined;
  if (rawToken !== '' && !TOKEN.test(rawToken)) fail('bad-request', 'Invalid X-NC-Paginate-Token');
  const count = wholeNumber(ctx, PAGINATE_HEADERS.count, 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
  const offset = wholeNumber(ctx, PAGINATE_HEADERS.offset, 0, Number.MAX_SAFE_INTEGER) ?? 0;
  return { count, offset, token: rawToken === '' ? undefined : rawToken };
}

/** The snapshots of paged results, in memory, bounded per user and overall. */
export class PaginateCache {
  /** By token; a Map keeps insertion order, which {@link touch} turns into recency. */
  private readonly snapshots = new Map<string, Snapshot>();
  private entries = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps a result and returns its token. */
  store(uid: string, url: string, request: PropRequest, entries: FileEntry[], parentId: number | undefined): string {
    this.expire();
    const token = randomBytes(24).toString('base64url');
    this.snapshots.set(token, { uid, url, request, entries, parentId, expires: this.now() + SNAPSHOT_TTL_MS });
    this.entries += entries.length;
    let ofUser = 0;
    for (const [key, snapshot] of [...this.snapshots].reverse()) {
      if (snapshot.uid === uid && (ofUser += 1) > MAX_SNAPSHOTS_PER_USER) this.drop(key);
    }
    for (const key of this.snapshots.keys()) {
      if (this.entries <= MAX_SNAPSHOT_ENTRIES || key === token) break;
      this.drop(key);
    }
    return token;
  }

  /** The snapshot of `token` when it is this user's result of this URL and not expired. */
  get(token: string, uid: string, url: string): Snapshot | undefined {
    this.expire();
    const snapshot = this.snapshots.get(token);
    if (snapshot === undefined || snapshot.uid !== uid || snapshot.url !== url) return undefined;
    // Used again: it lives another TTL and becomes the most recent.
    this.snapshots.delete(token);
    snapshot.expires = this.now() + SNAPSHOT_TTL_MS;
    this.snapshots.set(token, snapshot);
    return snapshot;
  }

  /** Forgets every snapshot of a user (account deleted). */
  forgetUser(uid: string): void {
    for (const [key, snapshot] of this.snapshots) if (snapshot.uid === uid) this.drop(key);
  }

  /** How many snapshots are kept (tests). */
  get size(): number {
    return this.snapshots.size;
  }

  private drop(token: string): void {
    const snapshot = this.snapshots.get(token);
    if (snapshot === undefined) return;
    this.entries -= snapshot.entries.length;
    this.snapshots.delete(token);
  }

  private expire(): void {
    const now = this.now();
    for (const [key, snapshot] of this.snapshots) if (snapshot.expires <= now) this.drop(key);
  }
}
