import type { DavRequest } from '../context';
import { hrefFor, readBody } from '../context';
import { parseXml } from '../xml/parse';
import type { XmlElement } from '../xml/element';
import { NS, clark, elements, textOf } from '../xml/element';
import { serializeElement } from '../xml/serialize';
import { LIVE_PROPERTIES, WRITABLE_LIVE } from '../live-properties';
import { MULTISTATUS_CLOSE, MULTISTATUS_OPEN } from '../response-renderer';
import { emptyProp } from '../prop-request';
import { checkWritePreconditions } from '../conditions';
import { sendMultistatus } from './propfind';
import { fail } from '../../errors';
import { mtimeInRange } from '../mtime';

interface Operation {
  element: XmlElement;
  clark: string;
  remove: boolean;
}

const FAVORITE = `{${NS.oc}}favorite`;

/** `oc:favorite` as clients send it: '1' or 'true' marks, '0' or 'false' unmarks; anything else is refused. */
export function favoriteValue(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 403: 'Forbidden', 409: 'Conflict', 424: 'Failed Dependency' };

/**
 * PROPPATCH: all or nothing. Dead properties are stored in the database,
 * `oc:favorite` and `d:getlastmodified` change the node (in the same transaction); any other live
 * property is protected (403), and then every other property of the request
 * fails with 424 and nothing is changed.
 */
export async function proppatch(ctx: DavRequest): Promise<void> {
  const text = await readBody(ctx.request);
  const root = parseXml(text);
  if (root.ns !== NS.dav || root.local !== 'propertyupdate') fail('bad-request', 'The root element of a PROPPATCH body must be d:propertyupdate');
  const entry = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (!entry) fail('not-found', 'File not found');
  await checkWritePreconditions(ctx, entry, [{ path: ctx.path }]);

  const operations: Operation[] = [];
  for (const action of elements(root)) {
    if (action.ns !== NS.dav || (action.local !== 'set' && action.local !== 'remove')) continue;
    for (const prop of elements(action)) {
      if (prop.ns !== NS.dav || prop.local !== 'prop') continue;
      for (const element of elements(prop)) operations.push({ element, clark: clark(element), remove: action.local === 'remove' });
    }
  }

  const status = new Map<string, number>();
  let mtime: number | undefined;
  let favorite: boolean | undefined;
  // Plugins' live properties are protected like the built-in ones, never stored as dead ones.
  const pluginLive = ctx.services.pluginLiveProperties();
  const isLive = (name: string): boolean => LIVE_PROPERTIES.has(name) || pluginLive.has(name);
  for (const op of operations) {
    if (!isLive(op.clark)) {
      // Dead properties are their user's (Nextcloud keeps them per user): a node seen through
      // a share would take them into its owner's, so they are not stored there.
      status.set(op.clark, entry.mount ? 403 : 200);
      continue;
    }
    // Removing oc:favorite un-favourites, as Nextcloud does; removing any other live property is refused.
    if (!WRITABLE_LIVE.has(op.clark) || (op.remove && op.clark !== FAVORITE)) {
      status.set(op.clark, 403);
      continue;
    }
    if (op.clark === FAVORITE) {
      const value = op.remove ? false : favoriteValue(textOf(op.element));
      if (value === undefined) {
        status.set(op.clark, 409);
        continue;
      }
      favorite = value;
    }
    if (op.clark === `{${NS.dav}}getlastmodified`) {
      const value = textOf(op.element).trim();
      const parsed = /^\d+$/.test(value) ? Number(value) : Math.floor(Date.parse(value) / 1000);
      // Out of range is refused as unreadable is (99999999999999999999 reached utimes: 500).
      if (Number.isNaN(parsed) || !mtimeInRange(parsed)) {
        status.set(op.clark, 409);
        continue;
      }
      mtime = parsed;
    }
    status.set(op.clark, 200);
  }
  const failed = [...status.values()].some((code) => code !== 200);
  if (failed) for (const [name, code] of status) if (code === 200) status.set(name, 424);

  if (!failed) {
    // Dead properties in order, so a set followed by a remove of the same name ends removed.
    const finalDead = new Map<string, string | null>();
    for (const op of operations) {
      if (isLive(op.clark)) continue;
      finalDead.set(op.clark, op.remove ? null : serializeElement(op.element));
    }
    const set = [...finalDead].filter((pair): pair is [string, string] => pair[1] !== null);
    const remove = [...finalDead].filter(([, value]) => value === null).map(([name]) => name);
    // One transaction for the dead properties, the favorite mark and the mtime: all or nothing.
    // The mark is the requesting user's own; only a change of dead properties or the mtime is
    // one everybody who sees the node hears of.
    await ctx.services.files.changeNode(
      ctx.uid,
      ctx.path,
      { ...(favorite !== undefined ? { favorite } : {}), ...(mtime !== undefined ? { mtime } : {}) },
      set.length + remove.length > 0 ? (db) => ctx.services.properties.patch(entry.fileid, set, remove, db) : undefined,
    );
  }

  const byStatus = new Map<number, string>();
  const seen = new Set<string>();
  for (const op of operations) {
    if (seen.has(op.clark)) continue;
    seen.add(op.clark);
    const code = status.get(op.clark) ?? 200;
    byStatus.set(code, (byStatus.get(code) ?? '') + emptyProp(op.element));
  }
  let body = `${MULTISTATUS_OPEN}<d:response><d:href>${hrefFor(ctx.base, ctx.path, entry.type === 'folder')}</d:href>`;
  for (const [code, props] of byStatus) {
    body += `<d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 ${code} ${STATUS_TEXT[code] ?? ''}</d:status></d:propstat>`;
  }
  body += `</d:response>${MULTISTATUS_CLOSE}`;
  sendMultistatus(ctx, body);
}
