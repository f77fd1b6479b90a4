import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../auth/types';
import type { FilesView, StorageMount } from '../storage/files/mounted-files';
import type { LockStore } from '../storage/dav-state/locks';
import type { PropertyStore } from '../storage/dav-state/properties';
import type { ChunkStore } from '../storage/content/backend';
import { encodeHrefPath, encodeSegment } from '../storage/model/paths';
import { fail } from '../errors';
import { bodyBuffers } from './body-reader';
import type { LiveProperty } from './live-properties';
import type { DavPluginHandlers } from './plugin-handlers';
import type { PaginateCache } from './paginate';
import type { FinishedOperations } from '../storage/metadata/finished-operations';

/** Services the WebDAV methods use. */
export interface DavServices {
  /** The files as the request's user sees them (their mounts included). */
  files: FilesView;
  properties: PropertyStore;
  locks: LockStore;
  /** Chunked uploads' workspace (where the content backend keeps chunks). */
  uploads: ChunkStore;
  config: { maxChunkSize: number; rescanInterval: number; bulkUpload?: boolean; replayWindow?: number };
  /** Receipts of committed MOVE, COPY and DELETE, answering a replay of one (finished-operations.ts). */
  finished: FinishedOperations;
  /** Suffix of `oc:id` values, fixed for the instance (Nextcloud's instance id). */
  instanceId: string;
  /** The live properties the enabled plugins contribute, by Clark name (read per request). */
  pluginLiveProperties(): ReadonlyMap<string, LiveProperty>;
  /** The REPORT and SEARCH handlers of the enabled plugins. */
  pluginHandlers: DavPluginHandlers;
  /** Snapshots of paged PROPFIND results (Nextcloud's `X-NC-Paginate`). */
  paginate: PaginateCache;
  /** The mounts of a user's tree (received shares), from the enabled plugins. */
  mountsFor(uid: string): Promise<StorageMount[]>;
}

/** Which DAV tree a request addresses (`plugin`: a plugin's collection, see plugin-collection.ts). */
export type DavTree = 'files' | 'uploads' | 'root' | 'plugin';

/** One WebDAV request, resolved: who, which tree, which path. */
export interface DavRequest {
  request: FastifyRequest;
  reply: FastifyReply;
  services: DavServices;
  user: AuthenticatedUser;
  /** The owner of the addressed tree (always the signed-in user). */
  uid: string;
  tree: DavTree;
  /** Decoded path of the request URL below the tree base: '/a/b.txt', '/' for the base itself. */
  path: string;
  /** Encoded href of the tree base, without trailing slash (e.g. `/remote.php/dav/files/admin`). */
  base: string;
  /** Set on a public link's request: whether the link hides downloads (no folder archives then). */
  publicLink?: { hideDownload: boolean };
}

/** The href of a node: absolute path, URL-encoded like Nextcloud, folders with a trailing slash. */
export function hrefFor(base: string, path: string, folder: boolean): string {
  if (path === '/') return `${base}/`;
  return `${base}${encodeHrefPath(path)}${folder ? '/' : ''}`;
}

/** The encoded base href of a user's files tree. */
export function filesBase(uid: string): string {
  return `/remote.php/dav/files/${encodeSegment(uid)}`;
}

/** `oc:id` / `OC-FileId`: the file id zero-padded to 8 digits followed by the instance id. */
export function ocId(fileid: number, instanceId: string): string {
  return `${String(fileid).padStart(8, '0')}${instanceId}`;
}

/** A header's single value ('' when absent). */
export function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

/**
 * The request body as a stream of buffers that a reader may leave early (an XML body over
 * its limit, a PUT past the quota) without destroying the request: what is left is then
 * read and dropped once the answer is sent (unread-bodies.ts), so the next request on a
 * kept-alive connection is still heard.
 */
export function requestBody(request: FastifyRequest): AsyncIterable<Buffer> {
  return bodyBuffers(request.raw);
}

/** Reads a small request body (XML) as text, refusing bodies over `limit` bytes. */
export async function readBody(request: FastifyRequest, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of requestBody(request)) {
    size += (chunk as Buffer).length;
    if (size > limit) fail('bad-request', 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** True when the request carries a body (by Content-Length or chunked transfer). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}
