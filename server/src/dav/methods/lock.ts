import { Readable } from 'node:stream';
import type { DavRequest } from '../context';
import { header, hrefFor, readBody } from '../context';
import { parseXml } from '../xml/parse';
import { NS, child, elements } from '../xml/element';
import { serializeElement } from '../xml/serialize';
import { activeLockXml } from '../live-properties';
import { assertUnlocked, checkConditionalHeaders, parseIfHeader, submittedTokens } from '../conditions';
import { MAX_LOCK_TIMEOUT } from '../../storage/dav-state/locks';
import type { LockRecord } from '../../storage/dav-state/locks';
import { fail } from '../../errors';
import { isWithin } from '../../storage/model/paths';

/** Parses the Timeout header (`Second-N`, `Infinite`), capped. */
export function lockTimeout(value: string): number {
  for (const part of value.split(',')) {
    const trimmed = part.trim();
    if (/^infinite$/i.test(trimmed)) return MAX_LOCK_TIMEOUT;
    const match = /^second-(\d+)$/i.exec(trimmed);
    if (match) return Math.max(1, Math.min(MAX_LOCK_TIMEOUT, Number(match[1])));
  }
  return MAX_LOCK_TIMEOUT;
}

function lockResponse(ctx: DavRequest, lock: LockRecord, status: number): void {
  const body =
    '<?xml version="1.0" encoding="utf-8"?>\n<d:prop xmlns:d="DAV:"><d:lockdiscovery>' +
    activeLockXml(lock, ctx.base, lock.path) +
    '</d:lockdiscovery></d:prop>\n';
  ctx.reply.code(status).header('lock-token', `<${lock.token}>`).header('content-type', 'application/xml; charset=utf-8').send(body);
}

/**
 * LOCK: exclusive or shared write locks, depth 0 or infinity. A body-less
 * LOCK refreshes the lock named in the If header. Locking a URL where
 * nothing exists creates an empty file (201), as Sabre does.
 */
export async function lock(ctx: DavRequest): Promise<void> {
  const text = await readBody(ctx.request);
  const timeout = lockTimeout(header(ctx.request, 'timeout'));
  const entry = await ctx.services.files.stat(ctx.uid, ctx.path);
  const ifLists = parseIfHeader(header(ctx.request, 'if'), ctx.base);
  const tokens = submittedTokens(ifLists);

  if (text.trim() === '') {
    const covering = await ctx.services.locks.covering(ctx.uid, ctx.path);
    const current = covering.find((candidate) => tokens.has(candidate.token));
    if (!current) fail('precondition-failed', 'The lock token in the If header does not match a lock on this resource');
    lockResponse(ctx, await ctx.services.locks.refresh(current, timeout), 200);
    return;
  }

  const root = parseXml(text);
  if (root.ns !== NS.dav || root.local !== 'lockinfo') fail('bad-request', 'The root element of a LOCK body must be d:lockinfo');
  const scopeElement = child(root, NS.dav, 'lockscope');
  const scopeChild = scopeElement ? elements(scopeElement)[0] : undefined;
  const scope = scopeChild?.local === 'shared' ? 'shared' : scopeChild?.local === 'exclusive' ? 'exclusive' : null;
  if (!scope) fail('bad-request', 'The lockscope must be exclusive or shared');
  const ownerElement = child(root, NS.dav, 'owner');
  // Kept as sent; the serialised element declares its own default namespace.
  const owner = ownerElement ? serializeElement(ownerElement) : '';
  const depthHeader = header(ctx.request, 'depth').trim().toLowerCase();
  if (depthHeader !== '' && depthHeader !== '0' && depthHeader !== 'infinity') fail('bad-request', 'The Depth header of LOCK must be 0 or infinity');
  const depth = depthHeader === '0' ? 0 : -1;

  checkConditionalHeaders(ctx, entry);
  const existing = await ctx.services.locks.all(ctx.uid);
  const conflicting = existing.filter(
    (other) =>
      other.path === ctx.path ||
      (other.depth !== 0 && isWithin(ctx.path, other.path)) ||
      (depth !== 0 && isWithin(other.path, ctx.path)),
  );
  if (conflicting.some((other) => other.scope === 'exclusive' || scope === 'exclusive')) fail('locked', 'The resource is locked');

  let status = 200;
  if (!entry) {
    await assertUnlocked(ctx, [{ path: ctx.path, membership: true }], tokens);
    await ctx.services.files.write(ctx.uid, ctx.path, Readable.from([]), { quota: ctx.user.quota });
    status = 201;
  }
  const created = await ctx.services.locks.create(ctx.uid, ctx.path, scope, depth, owner, timeout);
  lockResponse(ctx, created, status);
}

/** UNLOCK with the Lock-Token header (204); 409 when the token does not lock this resource. */
export async function unlock(ctx: DavRequest): Promise<void> {
  const raw = header(ctx.request, 'lock-token').trim();
  if (raw === '') fail('bad-request', 'No lock token was supplied');
  const token = raw.replace(/^<|>$/g, '');
  const covering = await ctx.services.locks.covering(ctx.uid, ctx.path);
  if (!covering.some((candidate) => candidate.token === token)) fail('conflict', 'The lock token does not match a lock on this resource');
  await ctx.services.locks.remove(ctx.uid, token);
  ctx.reply.code(204).send();
}

/** The href of a lock root, for tests. */
export function lockRootHref(ctx: DavRequest, lock: LockRecord): string {
  return hrefFor(ctx.base, lock.path, false);
}
