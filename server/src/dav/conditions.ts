import type { FileEntry } from '../storage/model/types';
import type { LockRecord } from '../storage/dav-state/locks';
import { fail } from '../errors';
import { decodeUrlPath, parentPath } from '../storage/model/paths';
import type { DavRequest } from './context';
import { header } from './context';

/** One condition of an If header list. */
export interface IfCondition {
  not: boolean;
  /** A state token (`opaquelocktoken:…`, `DAV:no-lock`) or an etag (quoted as sent). */
  kind: 'token' | 'etag';
  value: string;
}

/** One list of conditions (all must hold), optionally tagged with a resource. */
export interface IfList {
  /** The tagged resource path (decoded, in the request's tree), or null for the request URL. */
  resource: string | null;
  conditions: IfCondition[];
}

/**
 * Parses an If header (RFC 4918 §10.4). Tagged resource URLs are turned into
 * paths of the request's tree; a tag naming another tree keeps the raw URL.
 */
export function parseIfHeader(value: string, base: string): IfList[] {
  const lists: IfList[] = [];
  let resource: string | null = null;
  let i = 0;
  const s = value;
  const bad = (): never => fail('bad-request', 'Malformed If header');
  while (i < s.length) {
    const c = s[i];
    if (c === ' ' || c === '\t' || c === ',') {
      i += 1;
    } else if (c === '<') {
      const end = s.indexOf('>', i);
      if (end < 0) bad();
      resource = resourcePath(s.slice(i + 1, end), base);
      i = end + 1;
    } else if (c === '(') {
      const conditions: IfCondition[] = [];
      i += 1;
      while (i < s.length && s[i] !== ')') {
        if (s[i] === ' ' || s[i] === '\t') {
          i += 1;
        } else if (s.startsWith('Not', i)) {
          i += 3;
          conditions.push({ ...readCondition(), not: true });
        } else {
          conditions.push({ ...readCondition(), not: false });
        }
      }
      if (s[i] !== ')' || conditions.length === 0) bad();
      i += 1;
      lists.push({ resource, conditions });
    } else {
      bad();
    }
  }
  return lists;

  function readCondition(): Omit<IfCondition, 'not'> {
    while (s[i] === ' ') i += 1;
    if (s[i] === '<') {
      const end = s.indexOf('>', i);
      if (end < 0) bad();
      const token = s.slice(i + 1, end);
      i = end + 1;
      return { kind: 'token', value: token };
    }
    if (s[i] === '[') {
      const end = s.indexOf(']', i);
      if (end < 0) bad();
      const etag = s.slice(i + 1, end);
      i = end + 1;
      return { kind: 'etag', value: etag };
    }
    return bad();
  }
}

/** Maps a tagged URL to a path in the tree at `base`, or keeps it as `url:` when elsewhere. */
function resourcePath(url: string, base: string): string {
  let path = url;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  path = path.split('?')[0] ?? '';
  if (path === base || path.startsWith(`${base}/`)) {
    try {
      return decodeUrlPath(path.slice(base.length));
    } catch {
      return `url:${url}`;
    }
  }
  return `url:${url}`;
}

/** Lock tokens a request submits (every non-negated token in its If header). */
export function submittedTokens(lists: IfList[]): Set<string> {
  const tokens = new Set<string>();
  for (const list of lists) for (const c of list.conditions) if (c.kind === 'token' && !c.not) tokens.add(c.value);
  return tokens;
}

/** Strong comparison of etags, ignoring quotes and a weak prefix. */
export function etagMatches(sent: string, etag: string): boolean {
  const clean = (value: string): string => value.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  return clean(sent) === clean(etag);
}

/**
 * Evaluates the If header: true when any list holds. A list holds when all
 * its conditions do: a token is one of the locks covering the resource, an
 * etag is the resource's current etag.
 */
export async function evaluateIf(
  ctx: DavRequest,
  lists: IfList[],
  lookup: (path: string) => Promise<{ entry: FileEntry | null; locks: LockRecord[] }>,
): Promise<boolean> {
  if (lists.length === 0) return true;
  for (const list of lists) {
    const path = list.resource ?? ctx.path;
    if (path.startsWith('url:')) continue;
    const { entry, locks } = await lookup(path);
    const holds = list.conditions.every((condition) => {
      let result: boolean;
      if (condition.kind === 'token') result = locks.some((lock) => lock.token === condition.value);
      else result = entry !== null && etagMatches(condition.value, entry.etag);
      return condition.not ? !result : result;
    });
    if (holds) return true;
  }
  return false;
}

/**
 * Refuses with 423 when a lock guards what the request changes and its token
 * was not submitted. `paths` are the nodes changed; `tree` also covers locks
 * below them (delete and move of a folder), and the parents' own locks guard
 * their membership (creating or removing a child).
 */
export async function assertUnlocked(ctx: DavRequest, targets: { path: string; tree?: boolean; membership?: boolean }[], tokens: Set<string>): Promise<void> {
  const all = await ctx.services.locks.all(ctx.uid);
  if (all.length === 0) return;
  for (const target of targets) {
    const guarding = all.filter((lock) => {
      if (lock.path === target.path) return true;
      if (lock.depth !== 0 && (target.path === lock.path || target.path.startsWith(lock.path === '/' ? '/' : `${lock.path}/`))) return true;
      if (target.tree && lock.path.startsWith(target.path === '/' ? '/' : `${target.path}/`)) return true;
      if (target.membership && target.path !== '/' && lock.path === parentPath(target.path)) return true;
      return false;
    });
    const exclusive = guarding.filter((lock) => lock.scope === 'exclusive');
    if (exclusive.some((lock) => !tokens.has(lock.token))) fail('locked', 'The resource is locked');
    const shared = guarding.filter((lock) => lock.scope === 'shared');
    if (shared.length > 0 && !shared.some((lock) => tokens.has(lock.token))) fail('locked', 'The resource is locked');
  }
}

/** The quoted etag as sent in headers and `d:getetag`. */
export function quotedEtag(etag: string): string {
  return `"${etag}"`;
}

/**
 * Checks If-Match, If-None-Match, If-Unmodified-Since and If-Modified-Since
 * against the node (null when it does not exist). Returns 304 when a GET/HEAD
 * should answer "not modified", throws `precondition-failed` for 412.
 */
export function checkConditionalHeaders(ctx: DavRequest, entry: FileEntry | null): 304 | null {
  const safe = ctx.request.method === 'GET' || ctx.request.method === 'HEAD';
  const ifMatch = header(ctx.request, 'if-match');
  if (ifMatch) {
    if (!entry) fail('precondition-failed', 'An If-Match header was specified, but none of the specified ETags matched');
    const ok = ifMatch.trim() === '*' || ifMatch.split(',').some((tag) => etagMatches(tag, entry.etag));
    if (!ok) fail('precondition-failed', 'An If-Match header was specified, but none of the specified ETags matched');
  }
  const ifNoneMatch = header(ctx.request, 'if-none-match');
  if (ifNoneMatch && entry) {
    const matched = ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => etagMatches(tag, entry.etag));
    if (matched) {
      if (safe) return 304;
      fail('precondition-failed', 'An If-None-Match header was specified, but the ETag matched (or * was specified)');
    }
  }
  const ifUnmodifiedSince = header(ctx.request, 'if-unmodified-since');
  if (!ifMatch && ifUnmodifiedSince && entry) {
    const date = Date.parse(ifUnmodifiedSince);
    if (!Number.isNaN(date) && entry.mtime > Math.floor(date / 1000)) {
      fail('precondition-failed', 'An If-Unmodified-Since header was specified, but the entity has been changed since');
    }
  }
  const ifModifiedSince = header(ctx.request, 'if-modified-since');
  if (safe && !ifNoneMatch && ifModifiedSince && entry) {
    const date = Date.parse(ifModifiedSince);
    if (!Number.isNaN(date) && entry.mtime <= Math.floor(date / 1000)) return 304;
  }
  return null;
}

/**
 * The shared precondition step of every changing method: evaluate the If
 * header, enforce locks on `targets`, then the ETag/date conditions.
 */
export async function checkWritePreconditions(
  ctx: DavRequest,
  entry: FileEntry | null,
  targets: { path: string; tree?: boolean; membership?: boolean }[],
): Promise<Set<string>> {
  const lists = parseIfHeader(header(ctx.request, 'if'), ctx.base);
  const tokens = submittedTokens(lists);
  // A false If header is 412 before locks are looked at (litmus fail_cond_put);
  // a true one whose tokens do not cover the locks is 423.
  const holds = await evaluateIf(ctx, lists, async (path) => ({
    entry: path === ctx.path ? entry : await ctx.services.files.stat(ctx.uid, path),
    locks: await ctx.services.locks.covering(ctx.uid, path),
  }));
  if (!holds) fail('precondition-failed', 'The If header did not match');
  await assertUnlocked(ctx, targets, tokens);
  checkConditionalHeaders(ctx, entry);
  return tokens;
}
