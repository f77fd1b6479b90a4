import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FileService } from '../storage/files/file-service';
import { LockStore } from '../storage/dav-state/locks';
import { PropertyStore } from '../storage/dav-state/properties';
import { StorageError, fail } from '../errors';
import { decodeUrlPath, encodeSegment } from '../storage/model/paths';
import type { DavRequest, DavServices, DavTree } from './context';
import type { LiveProperty } from './live-properties';
import type { DavPluginHandlers } from './plugin-handlers';
import { NO_PLUGIN_HANDLERS } from './plugin-handlers';
import type { StorageMount } from '../storage/files/mounted-files';
import { MountedFiles } from '../storage/files/mounted-files';
import type { PublicLinkAccess } from '../auth/public-links';
import { PublicLinkGuard } from '../auth/public-links';
import { handlePublic } from './public';
import { sendError, errorBody } from './errors';
import { ALLOWED_METHODS, options } from './methods/options';
import { propfind } from './methods/propfind';
import { PaginateCache } from './paginate';
import { proppatch } from './methods/proppatch';
import { mkcol } from './methods/mkcol';
import { get } from './methods/get';
import { put } from './methods/put';
import { del } from './methods/delete';
import { copyOrMove } from './methods/copy-move';
import { lock, unlock } from './methods/lock';
import { report } from './methods/report';
import { search } from './methods/search';
import { uploads } from './methods/uploads';
import type { DavCollection } from '../plugin-api';
import { pluginCollection } from './plugin-collection';
import { bulk } from './methods/bulk';
import { FinishedOperations } from '../storage/metadata/finished-operations';
import { defaultConfig } from '../config';

/** WebDAV verbs beyond plain HTTP. Registered without a body so fastify never parses them. */
const DAV_VERBS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'REPORT', 'SEARCH'];
const METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST', 'PATCH', ...DAV_VERBS];

/** Nextcloud's bulk upload endpoint (desktop clients, capability `dav.bulkupload`). */
const BULK_PATH = /^\/remote\.php\/dav\/bulk\/?$/;

/** How often abandoned upload folders are looked for. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

type Handler = (ctx: DavRequest) => Promise<void>;

/** One handler per method on the files tree (nephele-style: a module per method over a shared base). */
const FILES_METHODS: Record<string, Handler> = {
  OPTIONS: options,
  PROPFIND: propfind,
  PROPPATCH: proppatch,
  MKCOL: mkcol,
  GET: get,
  HEAD: get,
  PUT: put,
  DELETE: del,
  COPY: copyOrMove,
  MOVE: copyOrMove,
  LOCK: lock,
  UNLOCK: unlock,
  REPORT: report,
};

/** A URL resolved to a DAV tree. */
interface Resolved {
  tree: DavTree;
  /** The uid named in the URL (null for the legacy tree and the DAV root). */
  uid: string | null;
  /** The encoded URL part after the tree base. */
  rest: string;
  /** The encoded base as it appeared in the URL. */
  base: string;
  /** A plugin collection's name (tree `plugin`). */
  collection?: string;
}

/** Splits a raw request URL into tree, uid and path. */
export function resolveUrl(rawUrl: string): Resolved | null {
  const path = rawUrl.split('?')[0] ?? '/';
  const legacy = /^\/remote\.php\/webdav(\/.*)?$/.exec(path);
  if (legacy) return { tree: 'files', uid: null, rest: legacy[1] ?? '', base: '/remote.php/webdav' };
  const tree = /^\/remote\.php\/dav\/(files|uploads)\/([^/]+)(\/.*)?$/.exec(path);
  if (tree) {
    return { tree: tree[1] as 'files' | 'uploads', uid: tree[2] ?? '', rest: tree[3] ?? '', base: `/remote.php/dav/${tree[1]}/${tree[2]}` };
  }
  if (/^\/remote\.php\/dav\/?$/.test(path)) return { tree: 'root', uid: null, rest: '', base: '/remote.php/dav' };
  // Maybe a plugin's collection (dispatched only when an active plugin serves that name).
  const plugin = /^\/remote\.php\/dav\/([a-z0-9][a-z0-9-]*)\/([^/]+)(\/.*)?$/.exec(path);
  if (plugin) return { tree: 'plugin', uid: plugin[2] ?? '', rest: plugin[3] ?? '', base: `/remote.php/dav/${plugin[1]}/${plugin[2]}`, collection: plugin[1] ?? '' };
  return null;
}

/**
 * Mounts WebDAV: `/remote.php/dav/files/{uid}/…`, `/remote.php/dav/uploads/{uid}/…`
 * (chunked upload), `/remote.php/dav/` (SEARCH), `/remote.php/dav/bulk` (bulk upload, when
 * `config.bulkUpload`) and the legacy `/remote.php/webdav/…`.
 * Reads `request.user`, set by the authentication hook; a uid in the URL other
 * than the signed-in user's is 404.
 */
export function registerDav(
  app: FastifyInstance,
  deps: {
    files: FileService;
    db: Kysely<unknown>;
    /** `replayWindow`: seconds a finished MOVE/DELETE answers a replay (default 600, 0: off). */
    config: { maxChunkSize: number; rescanInterval: number; bulkUpload?: boolean; replayWindow?: number };
    /** The plugins' live properties (none when not given). */
    pluginLiveProperties?: () => ReadonlyMap<string, LiveProperty>;
    /** The plugins' REPORT and SEARCH handlers (none when not given). */
    pluginHandlers?: DavPluginHandlers;
    /** The active plugins' DAV collections by name (none when not given): looked up per request, so a disabled plugin's is 404. */
    pluginCollection?: (name: string) => DavCollection | undefined;
    /** The mounts of a user's tree, from the plugins' mount providers (none when not given). */
    mountsFor?: (uid: string) => Promise<StorageMount[]>;
    /** The public link of a token, from the plugins (public WebDAV answers 404 when not given). */
    publicLink?: (token: string) => Promise<PublicLinkAccess | null>;
    /** Password checks of public links (shared with the `/s/{token}` page). */
    publicGuard?: PublicLinkGuard;
  },
): void {
  const services: DavServices = {
    files: deps.files,
    properties: new PropertyStore(deps.db),
    locks: new LockStore(deps.db),
    uploads: deps.files.uploads,
    config: deps.config,
    finished: new FinishedOperations(deps.db, deps.config.replayWindow ?? defaultConfig.replayWindow),
    instanceId: `oc${createHash('sha1').update(deps.files.dataDir).digest('hex').slice(0, 10)}`,
    pluginLiveProperties: deps.pluginLiveProperties ?? (() => new Map()),
    pluginHandlers: deps.pluginHandlers ?? NO_PLUGIN_HANDLERS,
    paginate: new PaginateCache(),
    mountsFor: deps.mountsFor ?? (async () => []),
  };
  for (const verb of DAV_VERBS) if (!app.supportedMethods.includes(verb)) app.addHttpMethod(verb, { hasBody: false });

  // The sweep under way, awaited on close: the database must outlive it.
  let sweeping: Promise<void> | undefined;
  const sweep = (): void => {
    sweeping ??= services.uploads
      .sweep()
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'Sweeping abandoned uploads failed'),
      )
      .finally(() => (sweeping = undefined));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await sweeping;
  });

  app.register(async (dav) => {
    // Bodies stay unread streams: PUT pipes them to disk, XML methods read them with a limit.
    dav.removeAllContentTypeParsers();
    dav.addContentTypeParser('*', (_request, _payload, done) => done(null));
    dav.setErrorHandler((error, _request, reply) => {
      if (error instanceof StorageError) return sendError(reply, error);
      const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
      if (status >= 500) return sendError(reply, error);
      return reply.code(status).header('content-type', 'application/xml; charset=utf-8').send(errorBody('Sabre\\DAV\\Exception', (error as Error).message));
    });
    // Returning the reply tells fastify the response is ours (a streamed body
    // is still in flight when the handler's promise settles).
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      try {
        await handle(services, deps.files, request, reply, deps.pluginCollection ?? (() => undefined));
      } catch (error) {
        if (!reply.sent && !reply.raw.headersSent) sendError(reply, error);
      }
      return reply;
    };
    for (const url of ['/remote.php/dav', '/remote.php/dav/*', '/remote.php/webdav', '/remote.php/webdav/*']) {
      dav.route({ method: METHODS, url, handler, config: { auth: 'required' } });
    }
    // Public links: anonymous, with the link's own authentication (dav/public.ts).
    const publicDeps = { resolve: deps.publicLink ?? (async () => null), guard: deps.publicGuard ?? new PublicLinkGuard(), methods: FILES_METHODS };
    const publicHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      try {
        await handlePublic(services, deps.files, publicDeps, request, reply);
      } catch (error) {
        if (!reply.sent && !reply.raw.headersSent) sendError(reply, error);
      }
      return reply;
    };
    for (const url of ['/public.php/dav/files/*', '/public.php/webdav', '/public.php/webdav/*']) {
      dav.route({ method: METHODS, url, handler: publicHandler, config: { auth: 'public' } });
    }
  });
}

async function handle(
  services: DavServices,
  own: FileService,
  request: FastifyRequest,
  reply: FastifyReply,
  collections: (name: string) => DavCollection | undefined,
): Promise<void> {
  const user = request.user;
  if (!user) {
    reply.code(401).header('www-authenticate', 'Basic realm="Cumulus", charset="UTF-8"');
    fail('forbidden', 'No user is signed in');
  }
  if (services.config.bulkUpload === true && BULK_PATH.test((request.raw.url ?? '/').split('?')[0] ?? '/')) {
    return bulk({ request, reply, services, user, uid: user.uid, tree: 'files', path: '/', base: `/remote.php/dav/files/${encodeSegment(user.uid)}` });
  }
  const resolved = resolveUrl(request.raw.url ?? '/');
  if (!resolved) fail('not-found', 'Not found');
  const collection = resolved.tree === 'plugin' ? collections(resolved.collection ?? '') : undefined;
  if (resolved.tree === 'plugin' && !collection) fail('not-found', 'Not found');
  if (resolved.uid !== null) {
    let uid: string;
    try {
      uid = decodeURIComponent(resolved.uid);
    } catch {
      return fail('bad-request', 'Malformed percent-encoding in the request path');
    }
    if (uid !== user.uid) fail('not-found', 'Principal not found');
  }
  const treeName = resolved.tree === 'plugin' ? (resolved.collection ?? '') : resolved.tree;
  const base = resolved.uid === null ? resolved.base : `/remote.php/dav/${treeName}/${encodeSegment(user.uid)}`;
  // The files tree is the user's own files with the mounts of their tree (received shares); a
  // SEARCH (at the root) scopes the files tree too, so a search inside a received share finds its nodes.
  const mounts = resolved.tree === 'root' && request.method !== 'SEARCH' ? [] : await services.mountsFor(user.uid);
  const ctx: DavRequest = {
    request,
    reply,
    services: mounts.length === 0 ? services : { ...services, files: new MountedFiles(own, user.uid, mounts) },
    user,
    uid: user.uid,
    tree: resolved.tree,
    path: decodeUrlPath(resolved.rest),
    base,
  };
  const method = request.method;
  if (resolved.tree === 'uploads') return uploads(ctx);
  if (collection) return pluginCollection(ctx, collection);
  if (resolved.tree === 'root') {
    if (method === 'SEARCH') return search(ctx);
    if (method === 'OPTIONS') return options(ctx);
    if (method === 'PROPFIND') {
      reply.code(207).header('content-type', 'application/xml; charset=utf-8');
      reply.send(
        '<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:"><d:response><d:href>/remote.php/dav/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>\n',
      );
      return;
    }
    fail('method-not-allowed', `${method} is not allowed here`);
  }
  const handlerFor = FILES_METHODS[method];
  if (method === 'SEARCH') fail('method-not-allowed', 'SEARCH is answered on /remote.php/dav/');
  if (!handlerFor) {
    reply.header('allow', ALLOWED_METHODS);
    fail('method-not-allowed', `${method} is not allowed on this resource`);
  }
  await services.files.ensureUserRoot(user.uid);
  return handlerFor(ctx);
}
