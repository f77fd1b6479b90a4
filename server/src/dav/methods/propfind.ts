import type { DavRequest } from '../context';
import { header, hrefFor, readBody } from '../context';
import { parseXml } from '../xml/parse';
import { NS } from '../xml/element';
import type { PropertyContext } from '../live-properties';
import type { PropRequest } from '../prop-request';
import { MULTISTATUS_CLOSE, MULTISTATUS_OPEN, ResponseRenderer } from '../response-renderer';
import { preparePluginProperties } from '../live-properties';
import { propRequestFrom } from '../prop-request';
import type { FileEntry } from '../../storage/model/types';
import { fail } from '../../errors';
import { encodeSegment } from '../../storage/model/paths';
import { pageRequestOf } from '../paginate';
import { sendCompactListing, wantsCompactListing } from './compact-listing';

/** The PROPFIND depth: 0 or 1; `infinity` is refused (403) as on Nextcloud; missing means 1. */
export function propfindDepth(ctx: DavRequest): 0 | 1 {
  const depth = header(ctx.request, 'depth').trim().toLowerCase();
  if (depth === '0') return 0;
  if (depth === '1' || depth === '') return 1;
  if (depth === 'infinity') fail('forbidden', 'PROPFIND requests with a Depth of infinity are not allowed');
  return fail('bad-request', 'The Depth header must be 0, 1 or infinity');
}

/** Parses a PROPFIND body ('' means allprop). */
export async function readPropRequest(ctx: DavRequest): Promise<PropRequest> {
  const text = await readBody(ctx.request);
  if (text.trim() === '') return { kind: 'allprop', include: [] };
  const root = parseXml(text);
  if (root.ns !== NS.dav || root.local !== 'propfind') fail('bad-request', 'The root element of a PROPFIND body must be d:propfind');
  return propRequestFrom(root);
}

/** The context live properties need for this request's user; the plugins' properties it names are brought up to date. */
export async function propertyContext(ctx: DavRequest, request: PropRequest): Promise<PropertyContext> {
  const pluginLive = ctx.services.pluginLiveProperties();
  const [usage, locks] = await Promise.all([ctx.services.files.getUsage(ctx.uid), ctx.services.locks.all(ctx.uid), preparePluginProperties(request, pluginLive)]);
  return { user: ctx.user, instanceId: ctx.services.instanceId, used: usage.used, locks, base: ctx.base, pluginLive };
}

/** Renders a multistatus of nodes (dead properties loaded only when needed). */
export async function renderEntries(ctx: DavRequest, request: PropRequest, entries: FileEntry[], parentId?: number): Promise<Buffer> {
  const renderer = new ResponseRenderer(request, await propertyContext(ctx, request));
  let dead = new Map<number, Map<string, string>>();
  if (renderer.needsDeadProperties) {
    if (parentId !== undefined) dead = await ctx.services.properties.getForChildren(parentId);
    for (const entry of parentId === undefined ? entries : entries.slice(0, 1)) {
      dead.set(entry.fileid, await ctx.services.properties.get(entry.fileid));
    }
  }
  // Encoded in 64 KiB pieces: short-lived strings keep the garbage collector
  // out of the way of a 10,000-entry listing.
  const chunks: Buffer[] = [];
  let pending = MULTISTATUS_OPEN;
  const prefixes = new Map<string, string>();
  for (const entry of entries) {
    const folder = entry.type === 'folder';
    const cut = entry.path.lastIndexOf('/');
    let href: string;
    if (cut > 0 || (cut === 0 && entry.path !== '/')) {
      const parent = entry.path.slice(0, cut);
      let prefix = prefixes.get(parent);
      if (prefix === undefined) {
        prefix = hrefFor(ctx.base, parent === '' ? '/' : parent, true);
        prefixes.set(parent, prefix);
      }
      href = prefix + encodeSegment(entry.name) + (folder ? '/' : '');
    } else {
      href = hrefFor(ctx.base, entry.path, folder);
    }
    pending += renderer.render(href, entry, dead.get(entry.fileid));
    if (pending.length > 65536) {
      chunks.push(Buffer.from(pending));
      pending = '';
    }
  }
  chunks.push(Buffer.from(pending + MULTISTATUS_CLOSE));
  return Buffer.concat(chunks);
}

/**
 * PROPFIND: the node itself and, with Depth 1, its children: as a multistatus,
 * a page of one (Nextcloud's `X-NC-Paginate`, see `../paginate`), or the
 * compact listing the Files app negotiates (see `./compact-listing`).
 */
export async function propfind(ctx: DavRequest): Promise<void> {
  const depth = propfindDepth(ctx);
  const page = pageRequestOf(ctx);
  if (page?.token !== undefined) {
    // A later page of a kept result: its body is ignored, the first request's properties count.
    const snapshot = ctx.services.paginate.get(page.token, ctx.uid, ctx.path);
    if (!snapshot) fail('precondition-failed', 'The X-NC-Paginate-Token is unknown or has expired: list again without it');
    const items = snapshot.entries.slice(page.offset, page.offset + page.count);
    ctx.reply.header('x-nc-paginate', 'true').header('x-nc-paginate-total', String(snapshot.entries.length));
    sendMultistatus(ctx, await renderEntries(ctx, snapshot.request, items, snapshot.parentId));
    return;
  }
  const request = await readPropRequest(ctx);
  let entry = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (!entry) fail('not-found', `File with name ${ctx.path.slice(1)} could not be located`);
  // A folder's etag must say whether anything below it changed, on disk behind our back too:
  // its tree is checked first unless that was done in the last rescanInterval seconds.
  if (entry.type === 'folder' && (await ctx.services.files.refreshTree(ctx.uid, entry.path, ctx.services.config.rescanInterval))) {
    entry = await ctx.services.files.stat(ctx.uid, ctx.path);
    if (!entry) fail('not-found', `File with name ${ctx.path.slice(1)} could not be located`);
  }
  if (page) {
    // The whole result, checked against the disk, is kept; the first page is the answer.
    let entries = [entry];
    if (depth === 1 && entry.type === 'folder') {
      const children = await ctx.services.files.list(ctx.uid, ctx.path);
      entries = [(await ctx.services.files.stat(ctx.uid, ctx.path)) ?? entry, ...children];
    }
    const parentId = entries.length > 1 ? entry.fileid : undefined;
    const token = ctx.services.paginate.store(ctx.uid, ctx.path, request, entries, parentId);
    ctx.reply.header('x-nc-paginate', 'true').header('x-nc-paginate-token', token).header('x-nc-paginate-total', String(entries.length));
    sendMultistatus(ctx, await renderEntries(ctx, request, entries.slice(page.offset, page.offset + page.count), parentId));
    return;
  }
  if (depth === 1 && entry.type === 'folder' && request.kind === 'prop' && wantsCompactListing(ctx)) {
    await sendCompactListing(ctx, entry, new ResponseRenderer(request, await propertyContext(ctx, request)));
    return;
  }
  if (depth === 0 || entry.type !== 'folder') {
    sendMultistatus(ctx, await renderEntries(ctx, request, [entry]));
    return;
  }
  // The children are rendered from the cache while the disk is checked; only when the disk
  // differs (edits behind the server's back) is the answer rendered again from the new rows.
  const listing = await ctx.services.files.listing(ctx.uid, ctx.path);
  let body = await renderEntries(ctx, request, [entry, ...listing.cached], entry.fileid);
  const current = await listing.current;
  if (current) {
    // The listing found changes, and so gave the folder a new etag: show that one.
    const folder = (await ctx.services.files.stat(ctx.uid, ctx.path)) ?? entry;
    body = await renderEntries(ctx, request, [folder, ...current], folder.fileid);
  }
  sendMultistatus(ctx, body);
}

/** Sends a 207 multistatus body. */
export function sendMultistatus(ctx: DavRequest, body: string | Buffer): void {
  ctx.reply.code(207).header('content-type', 'application/xml; charset=utf-8').header('vary', 'Accept, Brief, Prefer').send(body);
}
