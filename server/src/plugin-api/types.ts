/**
 * The server's plugin contract: what a first-party plugin's server part may contribute.
 * It is the server twin of the SDK's `PluginContext`: one registration shape
 * (`ctx.<kind>.register(entry)` returning its undo), ids unique per kind, and everything a
 * plugin registered taken back when it is deactivated. Types only; no server internals leak.
 */

import type { Undo as ProtocolUndo } from '@cumulus/protocol';
import type { Kysely } from 'kysely';
import type { ReportHandler, SearchHandler } from './dav-handlers';
import type { DavCollection, PluginFiles } from './storage-types';

export type * from './storage-types';

/** Takes a registration back; calling it again does nothing (`@cumulus/protocol`'s undo, as the SDK's `Unregister`). */
export type Undo = ProtocolUndo;

/** A JSON value, as routes answer and capabilities carry. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A registry as a plugin sees it: it can only add, and gets back the undo. */
export interface ScopedRegistry<T> {
  /**
   * Checks and registers `entry` for the plugin. An entry whose `id` is already taken in
   * this kind (by any plugin) is refused.
   *
   * @throws ServerPluginError for an invalid entry or a taken id
   * @returns the undo of this registration
   */
  register(entry: T): Undo;
}

/** The plain HTTP methods a plugin route may answer. */
export type PluginRouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A request to a plugin route, from a signed-in user. */
export interface PluginRequest {
  /** The signed-in user. */
  readonly uid: string;
  readonly method: PluginRouteMethod;
  /** The path below the plugin's base (`/apps/<plugin id>`), e.g. `/api/v1/items/12`. */
  readonly path: string;
  /** The values of the route's `:name` segments. */
  readonly params: Readonly<Record<string, string>>;
  /** The query string (the last value of a repeated key). */
  readonly query: Readonly<Record<string, string>>;
  /** The parsed JSON or form body; `{}` without one. */
  readonly body: unknown;
}

/** What a plugin route answers: JSON (status 200 unless given). */
export interface PluginResponse {
  status?: number;
  headers?: Readonly<Record<string, string>>;
  body?: JsonValue;
}

/**
 * A route under the plugin's own paths: `path` is served at `/apps/<plugin id><path>`
 * (also through `/index.php/apps/…`), for signed-in users only.
 */
export interface PluginRoute {
  /** Unique among routes. */
  id: string;
  method: PluginRouteMethod;
  /** Starts with `/`; a segment `:name` matches any one segment (its value in `params`). */
  path: string;
  handle(request: PluginRequest): PluginResponse | Promise<PluginResponse>;
}

/**
 * A contribution to the OCS capabilities (`/ocs/v2.php/cloud/capabilities`): its objects are
 * merged into the server's `capabilities` object, key by key (a plugin adds keys and may set
 * a leaf, such as `files.undelete`).
 */
export interface CapabilitiesContribution {
  /** Unique among capabilities contributions. */
  id: string;
  capabilities(): { [key: string]: JsonValue };
}

/** A node of a user's tree, as hooks see it. */
export interface PluginNode {
  /**
   * The user whose tree the node is seen in (a live property's `get`: the user who sees it, the
   * recipient for a node of a received share, '' for a public link's visitor).
   */
  readonly uid: string;
  readonly fileid: number;
  /** Path inside the user's root, e.g. `/a/b.txt`. */
  readonly path: string;
  readonly name: string;
  readonly type: 'file' | 'folder';
  readonly size: number;
  /** Seconds. */
  readonly mtime: number;
  readonly etag: string;
  readonly mime: string;
}

/** Who deletes a node: its owner, or a user reaching it through a mount (a received share). */
export interface NodeDeleteContext {
  /** The deleting user's uid (the owner's for their own nodes); '' when nobody signed in (a public link's visitor). */
  readonly deletedBy: string;
  /** The node's path as the deleter sees it: the owner's `node.path`, or inside the recipient's tree through the mount (`/Team/plan.txt`). */
  readonly path: string;
}

/** Who replaces a file's content. */
export interface NodeReplaceContext {
  /** The writing user's uid (the owner's, or a share's recipient's); '' for a public link's visitor. */
  readonly by: string;
}

/**
 * Hooks on node events of the storage layer. The after-the-fact hooks (`created`, `changed`,
 * `deleted`, `moved`) cannot undo the change; a hook that throws is logged with the plugin's
 * id and the change stands. `deleting` runs before a delete: answering `true` takes the delete
 * over (the node is then the plugin's to put away, as a trash bin does); a `deleting` hook
 * that throws fails the delete, so nothing is lost.
 */
export interface NodeHook {
  /** Unique among node hooks. */
  id: string;
  /** A file was written for the first time, a folder made, or a node copied into place. */
  created?(node: PluginNode): void | Promise<void>;
  /** A file's content was overwritten. */
  changed?(node: PluginNode): void | Promise<void>;
  /** A node is about to be deleted; `true` means the plugin took the delete over. */
  deleting?(node: PluginNode, context: NodeDeleteContext): boolean | Promise<boolean>;
  /**
   * The content of the existing file `node` is about to be replaced: a write over it (PUT,
   * a chunked upload's final MOVE, bulk upload, a public link's overwrite, a restore) or a
   * COPY/MOVE onto it. The content is still there: keep it now (`ctx.files.area.keep`). A
   * `replacing` hook that throws fails the write, so nothing is lost.
   */
  replacing?(node: PluginNode, context: NodeReplaceContext): void | Promise<void>;
  /** A COPY/MOVE put `node` (another file id) where the file `old` was, after {@link replacing}. */
  superseded?(old: PluginNode, node: PluginNode): void | Promise<void>;
  /** A node (and all inside it) was deleted, by the server or by a plugin that took it over. */
  deleted?(node: PluginNode): void | Promise<void>;
  /** A node was renamed or moved (`node` is where it is now). */
  moved?(node: PluginNode, from: string): void | Promise<void>;
}

/**
 * A WebDAV live property: computed per node, answered in PROPFIND, REPORT and SEARCH when a
 * client names it, refused (403) by PROPPATCH. Its namespace is one of Nextcloud's, by prefix:
 * `oc` http://owncloud.org/ns, `nc` http://nextcloud.org/ns, `ocs` http://open-collaboration-services.org/ns.
 */
export interface LivePropertyContribution {
  /** Unique among live properties. */
  id: string;
  prefix: 'oc' | 'nc' | 'ocs';
  /**
   * The element's local name, e.g. `trashbin-filename`; not one the server already has, except
   * the sharing properties the server answers empty without a plugin (`oc:share-types`,
   * `nc:sharees`), which a plugin's value replaces.
   */
  name: string;
  /**
   * The node's value: text (the server escapes it), or a list of child elements (each
   * rendered `<prefix:name>text</prefix:name>`, text escaped, as `oc:share-types` holds
   * `oc:share-type` elements), or undefined when the node has none (404 in the answer).
   * Called for every node of a listing: keep it synchronous and fast.
   */
  get(node: PluginNode): string | readonly PluginPropertyElement[] | undefined;
  /**
   * Called once before a listing that asks for this property is rendered: where {@link get}
   * answers from memory, check that memory against the shared store here (in a deployment of
   * several processes another one may have changed it). A failure is logged and the listing
   * is answered from what is held.
   */
  prepare?(): Promise<void>;
}

/** A child element of a live property's value. */
export interface PluginPropertyElement {
  prefix: 'd' | 'oc' | 'nc' | 'ocs';
  /** An XML name. */
  name: string;
  text: string;
}

/**
 * A node of another user's tree that appears in a user's tree (a received share), as a mount
 * provider gives it. The storage/DAV path layer resolves every path at or below `path` to the
 * owner's node, with only the granted permissions; the mount root always allows rename/move
 * within the user's own tree and delete, which the provider is told of (it never deletes
 * anything of the owner's). Quota inside the mount counts against the owner.
 */
export interface PluginMount {
  /** Where it appears in the user's tree, e.g. `/Photos` (never `/`); its parent is a folder of the user's own tree. */
  path: string;
  /** The owner of the mounted node. */
  owner: string;
  /** The mounted node's file id in the owner's tree (a file or a folder). */
  fileid: number;
  /** The granted permission bits: READ 1, UPDATE 2, CREATE 4, DELETE 8, SHARE 16. */
  permissions: number;
  /** `nc:mount-type` of every node inside, e.g. `shared`. */
  mountType: string;
  /** `nc:share-attributes` of every node inside: a JSON list of `{scope, key, value}`; a `permissions`/`download` false forbids GET, COPY and MOVE of files (403). */
  attributes: string;
  /** The user renamed or moved the mount root to `to` (a path in their own tree). */
  moved(to: string): Promise<void>;
  /** The user deleted the mount root: take it out of their tree. */
  unmounted(): Promise<void>;
}

/**
 * A public link as the server serves it to anonymous visitors: the node it shows (a file or a
 * folder, the root of the visitor's view), what they may do there, and its password.
 */
export interface PublicLink {
  /** The owner of the shared node and its file id there. */
  owner: string;
  fileid: number;
  /** READ 1, UPDATE 2, CREATE 4, DELETE 8 (a file drop has CREATE without READ). */
  permissions: number;
  /** JSON list of `{scope, key, value}`; `permissions`/`download` false refuses downloads. */
  attributes: string;
  /** The page offers no download (`/s/{token}/download` answers 404); DAV still serves the viewer. */
  hideDownload: boolean;
  /** The argon2 hash of the link's password, or null for an open link. */
  passwordHash: string | null;
  /** The link's label (its name on the public page; '' or absent: the node's name). */
  label?: string;
  /** The sharer's note to visitors ('' or absent: none). */
  note?: string;
}

/**
 * Resolves public link tokens. The server serves `/s/{token}` (password first when protected,
 * with brute-force throttling), `/public.php/dav/files/{token}/…` and `/public.php/webdav` for
 * the links a provider resolves, and nothing for the rest (404).
 */
export interface PublicLinkProvider {
  /** Unique among public link providers. */
  id: string;
  /** The working link of `token` (not expired, node present), or null. */
  resolve(token: string): Promise<PublicLink | null>;
}

/** Where a node of one user's tree is mounted in another user's tree. */
export interface PluginMountPlacement {
  /** The user whose tree shows the node. */
  uid: string;
  /** Where it appears there (the mount's `path`). */
  path: string;
  /** The mounted node's file id in the owner's tree. */
  fileid: number;
}

/** Gives the mounts of a user's tree. */
export interface MountProvider {
  /** Unique among mount providers. */
  id: string;
  /** The user's mounts now (called per WebDAV request of theirs; keep it quick). */
  mounts(uid: string): Promise<readonly PluginMount[]>;
  /**
   * Where nodes of `owner`'s tree are mounted in other users' trees now: the reverse of
   * {@link mounts}. With it every change of the owner's nodes inside a mount reaches the
   * change feed of each user who sees it, at that user's path (called once per batch of
   * changes of the owner; keep it quick). Without it only the owner hears of them.
   */
  placementsOf?(owner: string): Promise<readonly PluginMountPlacement[]>;
}

/**
 * A request to a plugin's OCS route, from a signed-in user. OCS clients send parameters in
 * the query string, as a form or as JSON (often mixed): `input` holds them merged, the body
 * winning, with PHP-style list keys (`shareType[]=0&shareType[]=1`) as arrays under the bare name.
 */
export interface PluginOcsRequest {
  /** The signed-in user. */
  readonly uid: string;
  readonly method: PluginRouteMethod;
  /** The path below `/ocs/v2.php` (or `/ocs/v1.php`), e.g. `/apps/files_sharing/api/v1/shares/12`. */
  readonly path: string;
  /** The values of the route's `:name` segments. */
  readonly params: Readonly<Record<string, string>>;
  /** Query and body parameters, merged (see above). */
  readonly input: Readonly<Record<string, unknown>>;
  /** Scheme, host and port the client reached the server at, e.g. `https://cloud.example`, for absolute URLs in answers. */
  readonly origin: string;
}

/**
 * What an OCS route answers; the server wraps it in the OCS envelope (v1 or v2, JSON or XML as
 * the client asked, protocol §1). `status` is the OCS status: 200 (the default) for
 * success, else the error's code (400, 403, 404, …) with its `message`.
 */
export interface PluginOcsResponse {
  status?: number;
  message?: string;
  data: JsonValue;
  headers?: Readonly<Record<string, string>>;
}

/**
 * An OCS route, answered at `/ocs/v2.php<path>` and `/ocs/v1.php<path>` for signed-in users, in
 * the OCS envelope. Its path lives under `/apps/` (Nextcloud apps' OCS paths, e.g.
 * `/apps/files_sharing/api/v1/shares`), never the server's own OCS paths. Unknown OCS paths and
 * a disabled plugin's answer 404 in the envelope.
 */
export interface PluginOcsRoute {
  /** Unique among OCS routes. */
  id: string;
  method: PluginRouteMethod;
  /** Starts with `/apps/`; a segment `:name` matches any one segment (its value in `params`). */
  path: string;
  handle(request: PluginOcsRequest): PluginOcsResponse | Promise<PluginOcsResponse>;
}

/** A user of the server, as plugins see one. */
export interface PluginUser {
  readonly uid: string;
  readonly displayName: string;
}

/** Read access to the server's users. */
export interface PluginUsers {
  /** The user with this id, or null. */
  get(uid: string): Promise<PluginUser | null>;
  /**
   * Users whose id or display name contains `term` (case-insensitive; every user for `''`),
   * ordered by id, at most `limit` of them after skipping `offset`.
   */
  search(term: string, limit: number, offset?: number): Promise<PluginUser[]>;
}

/** Where a plugin command writes. */
export interface PluginCommandIo {
  /** Writes a line to standard output. */
  out(line: string): void;
  /** Writes a line to standard error. */
  err(line: string): void;
}

/**
 * A command of the `cumulus` command line, run as `cumulus <plugin id>:<name> [args…]` (so it
 * never clashes with the server's commands) and listed by `cumulus help` while the plugin is
 * enabled.
 */
export interface PluginCommand {
  /** Unique among commands. */
  id: string;
  /** Lower case letters, digits and `-`, e.g. `cleanup`. */
  name: string;
  /** The arguments it takes, for the help text, e.g. `<uid> [--days N]`. */
  usage?: string;
  /** One line of what it does. */
  summary: string;
  /** Runs it with the words after its name; returns the exit code (0 done, 1 failed, 2 wrong usage). */
  run(args: readonly string[], io: PluginCommandIo): number | Promise<number>;
}

/** One change to a plugin's own tables, applied once and recorded like the server's migrations. */
export interface PluginMigration {
  /** Unique and stable, starting with the plugin's id and a dash, e.g. `trash-001-items`. */
  name: string;
  /**
   * Applies the change with kysely's schema builder, portable SQL only (the server runs on
   * SQLite or PostgreSQL; `dialect` is for the few column kinds that differ).
   */
  up(db: Kysely<unknown>, dialect: PluginSqlDialect): Promise<void>;
}

/** The SQL dialects the server's database may speak. */
export type PluginSqlDialect = 'sqlite' | 'postgres';

/**
 * The server's database, for the plugin's own tables. Name them `<plugin id>_…` (dashes as
 * underscores) so they never meet the server's or another plugin's; read the server's
 * tables only through the rest of this contract. A disabled plugin's tables stay, so
 * enabling it again finds its data.
 */
export interface PluginDatabase {
  readonly db: Kysely<unknown>;
  readonly dialect: PluginSqlDialect;
  /**
   * Applies the given migrations not applied yet, in order, each in its own transaction.
   * Call it at the start of `activate`; an activation whose migration fails is refused.
   *
   * @throws ServerPluginError for a name that does not start with `<plugin id>-`
   */
  migrate(migrations: readonly PluginMigration[]): Promise<void>;
}

/**
 * A change to a node a user sees that did not go through the storage layer (those reach the
 * feed by themselves): a share added or removed in the recipient's tree, a node restored
 * from the trash. The user's open pages update the row at once.
 */
export interface PluginNodeChange {
  /** The user who sees the change (for a share: the recipient). */
  uid: string;
  /** Where the node is now in that user's tree (for a deletion: where it was). */
  path: string;
  /** Where it was before, when it moved. */
  from?: string;
  fileid: number;
  type: 'file' | 'folder';
  /** The node's new etag; null when it is gone from the user's tree. */
  etag: string | null;
  /**
   * Only the node's properties changed (its favorite mark, dead properties, a share's mark):
   * its etag may be the one clients already hold, so they read the node again anyway.
   */
  properties?: true;
}

/** The live change feed, for changes the storage layer does not see. */
export interface PluginChanges {
  /** Records changes and sends them to the users' connected clients (this server and the others sharing its database). */
  emit(...changes: PluginNodeChange[]): Promise<void>;
}

/**
 * A job the server runs every `intervalSeconds` while the plugin is active (a trash bin's
 * expiry). Runs never overlap; one that throws is logged with the plugin's id and the next
 * run comes as planned.
 */
export interface PluginJob {
  /** Unique among jobs. */
  id: string;
  /** At least 1. */
  intervalSeconds: number;
  run(): void | Promise<void>;
}

/** The plugin's log: lines carry the plugin's id. */
export interface PluginLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * What a server part's `activate` receives. Everything registered through it belongs to the
 * plugin and is taken back when the plugin is deactivated or its activation fails.
 */
export interface ServerPluginContext {
  readonly pluginId: string;
  /** Routes under `/apps/<plugin id>/…`. */
  readonly routes: ScopedRegistry<PluginRoute>;
  /** OCS routes under `/ocs/v{1,2}.php/apps/…`. */
  readonly ocs: ScopedRegistry<PluginOcsRoute>;
  /** Contributions to the OCS capabilities. */
  readonly capabilities: ScopedRegistry<CapabilitiesContribution>;
  /** Hooks on node events. */
  readonly nodeHooks: ScopedRegistry<NodeHook>;
  /** WebDAV live properties. */
  readonly liveProperties: ScopedRegistry<LivePropertyContribution>;
  /** Mount providers: nodes of other users' trees in a user's tree. */
  readonly mounts: ScopedRegistry<MountProvider>;
  /** Public link providers: tokens anonymous visitors reach a node by. */
  readonly publicLinks: ScopedRegistry<PublicLinkProvider>;
  /** Commands of the `cumulus` command line. */
  readonly commands: ScopedRegistry<PluginCommand>;
  /** Handlers of a WebDAV REPORT, by the report's name (see `dav-handlers.ts`). */
  readonly reports: ScopedRegistry<ReportHandler>;
  /** Handlers that claim or add to a WebDAV SEARCH (see `dav-handlers.ts`). */
  readonly searches: ScopedRegistry<SearchHandler>;
  /** The database, for the plugin's own tables. */
  readonly database: PluginDatabase;
  /** The live change feed (changes the storage layer does not make itself). */
  readonly changes: PluginChanges;
  /** WebDAV collections under `/remote.php/dav/<name>/<uid>/`. */
  readonly davCollections: ScopedRegistry<DavCollection>;
  /** Periodic jobs. */
  readonly jobs: ScopedRegistry<PluginJob>;
  /** Users' files, and the plugin's own per-user area. */
  readonly files: PluginFiles;
  /** The server's users, read-only. */
  readonly users: PluginUsers;
  readonly log: PluginLog;
}

/** A plugin's server part, as its module's default export gives it (made with `defineServerPlugin`). */
export interface ServerPluginDefinition {
  /** Type tag: recognised by tag and version, never by `instanceof`. */
  readonly kind: 'cumulus.server-plugin';
  readonly apiVersion: 1;
  /** The plugin's id, the same as its package's `cumulus.id`. */
  readonly id: string;
  activate(ctx: ServerPluginContext): void | Promise<void>;
  /** Optional cleanup beyond what `ctx` takes back by itself. */
  deactivate?(): void | Promise<void>;
}

/** What `defineServerPlugin` takes. */
export type ServerPluginDefinitionInput = Pick<ServerPluginDefinition, 'id' | 'activate' | 'deactivate'>;
