import type { DavCollection, DavResource } from '../plugin-api';
import type { FileEntry } from '../storage/model/types';
import { fail } from '../errors';
import { decodeUrlPath, encodeHrefPath } from '../storage/model/paths';
import type { DavRequest } from './context';
import { header, readBody } from './context';
import { parseXml } from './xml/parse';
import { NS, elements, textOf } from './xml/element';
import { destinationUrlPath } from './destination';
import { MULTISTATUS_CLOSE, MULTISTATUS_OPEN, ResponseRenderer } from './response-renderer';
import { propertyContext, propfindDepth, readPropRequest, sendMultistatus } from './methods/propfind';
import { escapeXml } from './xml/serialize';

const ALLOW = 'OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, MOVE, DELETE';

/** A resource as the renderer's node: the usual properties come from its fields. */
function entryOf(resource: DavResource): FileEntry {
  const cut = resource.path.lastIndexOf('/');
  return {
    fileid: resource.fileid,
    path: resource.path,
    name: resource.displayName ?? resource.path.slice(cut + 1),
    type: resource.type,
    size: resource.size,
    mtime: resource.mtime,
    etag: resource.etag,
    mime: resource.mime,
    permissions: resource.permissions ?? '',
    favorite: false,
    uploadTime: 0,
    creationTime: 0,
    checksum: null,
  };
}

const PREFIX_NS: Record<string, string> = { oc: 'http://owncloud.org/ns', nc: 'http://nextcloud.org/ns', ocs: 'http://open-collaboration-services.org/ns' };

/** The collection's own properties as rendered elements by Clark name (unknown prefixes left out). */
function ownProperties(resource: DavResource): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(resource.properties ?? {})) {
    const [prefix = '', local = ''] = name.split(':');
    const ns = PREFIX_NS[prefix];
    if (!ns || local === '') continue;
    map.set(`{${ns}}${local}`, value === '' ? `<${prefix}:${local}/>` : `<${prefix}:${local}>${escapeXml(value)}</${prefix}:${local}>`);
  }
  return map;
}

async function propfind(ctx: DavRequest, collection: DavCollection): Promise<void> {
  const depth = propfindDepth(ctx);
  const request = await readPropRequest(ctx);
  const resource = await collection.resource(ctx.uid, ctx.path);
  if (!resource) fail('not-found', `${ctx.path} could not be located`);
  const resources = depth === 1 && resource.type === 'folder' ? [resource, ...(await collection.children(ctx.uid, ctx.path))] : [resource];
  const renderer = new ResponseRenderer(request, await propertyContext(ctx, request));
  // Encoded in 64 KiB pieces, as the files tree's listings are (a trash of 10,000 items).
  const chunks: Buffer[] = [];
  let pending = MULTISTATUS_OPEN;
  for (const item of resources) {
    const folder = item.type === 'folder';
    const href = item.path === '/' ? `${ctx.base}/` : `${ctx.base}${encodeHrefPath(item.path)}${folder ? '/' : ''}`;
    pending += renderer.render(href, entryOf(item), ownProperties(item));
    if (pending.length > 65536) {
      chunks.push(Buffer.from(pending));
      pending = '';
    }
  }
  chunks.push(Buffer.from(pending + MULTISTATUS_CLOSE));
  sendMultistatus(ctx, Buffer.concat(chunks));
}

async function get(ctx: DavRequest, collection: DavCollection): Promise<void> {
  const resource = await collection.resource(ctx.uid, ctx.path);
  if (!resource) fail('not-found', `${ctx.path} could not be located`);
  if (resource.type === 'folder' || !collection.read) fail('method-not-allowed', 'This resource cannot be downloaded');
  const file = await collection.read(ctx.uid, ctx.path);
  ctx.reply.code(200).header('content-type', resource.mime).header('content-length', String(file.size)).header('etag', `"${resource.etag}"`);
  for (const [name, value] of Object.entries(file.headers ?? {})) ctx.reply.header(name, value);
  if (ctx.request.method === 'HEAD') {
    await file.close();
    ctx.reply.send();
    return;
  }
  ctx.reply.send(file.stream());
}

/** The first tag of `Accept-Language`, lower case (`en` when none). */
function language(ctx: DavRequest): string {
  const first = header(ctx.request, 'accept-language').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(first) ? first : 'en';
}

async function move(ctx: DavRequest, collection: DavCollection): Promise<void> {
  if (!collection.move) fail('forbidden', 'Permission denied');
  const target = destinationUrlPath(ctx);
  if (target !== ctx.base && !target.startsWith(`${ctx.base}/`)) fail('forbidden', 'The destination is outside this collection');
  const to = decodeUrlPath(target.slice(ctx.base.length));
  if (!(await collection.resource(ctx.uid, ctx.path))) fail('not-found', `${ctx.path} could not be located`);
  const status = await collection.move(ctx.uid, ctx.path, to, { language: language(ctx) });
  ctx.reply.code(status).send();
}

async function remove(ctx: DavRequest, collection: DavCollection): Promise<void> {
  if (!collection.delete) fail('forbidden', 'Permission denied');
  if (!(await collection.resource(ctx.uid, ctx.path))) fail('not-found', `${ctx.path} could not be located`);
  await collection.delete(ctx.uid, ctx.path);
  ctx.reply.code(204).send();
}

const NS_PREFIX: Record<string, string> = Object.fromEntries(Object.entries(PREFIX_NS).map(([prefix, ns]) => [ns, prefix]));
const STATUS_TEXT: Record<number, string> = { 200: 'OK', 403: 'Forbidden', 409: 'Conflict', 424: 'Failed Dependency' };

/** PROPPATCH of the collection's own properties; any property of another namespace is refused (403). */
async function proppatch(ctx: DavRequest, collection: DavCollection): Promise<void> {
  if (!collection.proppatch) fail('forbidden', 'Permission denied');
  const root = parseXml(await readBody(ctx.request));
  if (root.ns !== NS.dav || root.local !== 'propertyupdate') fail('bad-request', 'The root element of a PROPPATCH body must be d:propertyupdate');
  if (!(await collection.resource(ctx.uid, ctx.path))) fail('not-found', `${ctx.path} could not be located`);
  const changes: Record<string, string | null> = {};
  const names = new Map<string, { ns: string; local: string }>();
  const refused = new Set<string>();
  for (const action of elements(root)) {
    if (action.ns !== NS.dav || (action.local !== 'set' && action.local !== 'remove')) continue;
    for (const prop of elements(action)) {
      if (prop.ns !== NS.dav || prop.local !== 'prop') continue;
      for (const element of elements(prop)) {
        const prefix = NS_PREFIX[element.ns];
        const name = `${prefix ?? element.ns}:${element.local}`;
        names.set(name, element);
        if (prefix === undefined) refused.add(name);
        else changes[name] = action.local === 'remove' ? null : textOf(element);
      }
    }
  }
  let statuses: Record<string, number>;
  if (refused.size > 0) statuses = Object.fromEntries([...names.keys()].map((name) => [name, refused.has(name) ? 403 : 424]));
  else statuses = { ...(await collection.proppatch(ctx.uid, ctx.path, changes)) };
  const byStatus = new Map<number, string>();
  for (const [name, element] of names) {
    const code = statuses[name] ?? 403;
    const prefix = NS_PREFIX[element.ns];
    const tag = prefix ? `<${prefix}:${element.local}/>` : `<x:${element.local} xmlns:x="${escapeXml(element.ns)}"/>`;
    byStatus.set(code, (byStatus.get(code) ?? '') + tag);
  }
  let body = `${MULTISTATUS_OPEN}<d:response><d:href>${escapeXml(`${ctx.base}${encodeHrefPath(ctx.path)}`)}</d:href>`;
  for (const [code, props] of byStatus) body += `<d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 ${code} ${STATUS_TEXT[code] ?? ''}</d:status></d:propstat>`;
  sendMultistatus(ctx, Buffer.from(`${body}</d:response>${MULTISTATUS_CLOSE}`));
}

/**
 * A request to a plugin's WebDAV collection (`/remote.php/dav/<name>/<uid>/…`, the uid
 * already checked against the signed-in user): PROPFIND, GET/HEAD, MOVE and DELETE by the
 * collection's methods, OPTIONS by the server, anything else 403.
 */
export async function pluginCollection(ctx: DavRequest, collection: DavCollection): Promise<void> {
  switch (ctx.request.method) {
    case 'OPTIONS':
      ctx.reply.code(200).header('allow', ALLOW).header('dav', '1, 3').header('ms-author-via', 'DAV').send();
      return;
    case 'PROPFIND':
      return propfind(ctx, collection);
    case 'GET':
    case 'HEAD':
      return get(ctx, collection);
    case 'MOVE':
      return move(ctx, collection);
    case 'DELETE':
      return remove(ctx, collection);
    case 'PROPPATCH':
      return proppatch(ctx, collection);
    default:
      fail('forbidden', 'Permission denied');
  }
}
