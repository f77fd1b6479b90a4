import type {
  CapabilitiesContribution,
  DavCollection,
  JsonValue,
  LivePropertyContribution,
  MountProvider,
  NodeHook,
  PluginChanges,
  PluginCommand,
  PluginDatabase,
  PluginJob,
  PluginLog,
  PluginMount,
  PluginMountPlacement,
  PluginMigration,
  PluginOcsRoute,
  PluginRoute,
  PluginUsers,
  PluginPropertyElement,
  PublicLink,
  PublicLinkProvider,
  ReportHandler,
  SearchHandler,
  ScopedRegistry,
  ServerPluginContext,
  ServerPluginDefinition,
  Undo,
} from '../plugin-api';
import { ServerPluginError } from '../plugin-api';
import type { Kysely } from 'kysely';
import type { SqlDialectName } from '../db/connection';
import { migrate } from '../db/connection';
import type { LiveProperty } from '../dav/properties';
import { LIVE_PROPERTIES } from '../dav/properties';
import { NS } from '../dav/xml/element';
import { escapeXml } from '../dav/xml/serialize';
import type { NodeEventListener } from '../storage/model/node-events';
import type { HostStorage } from './files-access';
import { pluginFiles } from './files-access';
import { startJob } from './jobs';
import { pluginNode } from './plugin-node';
import type { StorageMount } from '../storage/files/mounted-files';
import type { ServerRegistry } from './registry';
import { createServerRegistry } from './registry';
import { routePathProblem } from './route-paths';
import { reportProblem, searchProblem } from './dav-handler-checks';

const ROUTE_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
const HOOK_NAMES = ['created', 'changed', 'deleting', 'deleted', 'moved'] as const;

/** The database the host gives plugins (`ctx.database`); absent only in tests that need none. */
export interface HostDatabase {
  db: Kysely<unknown>;
  dialect: SqlDialectName;
}

/**
 * What the host hands plugins besides registries: the files (`ctx.files`), the users
 * (`ctx.users`) and the change feed (`ctx.changes`). Each is absent only in tests that need
 * none; a plugin using a missing one gets an error naming it.
 */
export interface HostServices {
  storage?: HostStorage;
  users?: PluginUsers;
  changes?: PluginChanges;
}

const FEED_NOT_RUNNING: PluginChanges = { emit: () => Promise.reject(new Error('The change feed is not running.')) };

/** `ctx.users` of a host made without users: every call fails naming the plugin. */
function noUsers(id: string): PluginUsers {
  const missing = (): Promise<never> => Promise.reject(new ServerPluginError(id, 'has no users here (the host was made without them)'));
  return { get: missing, search: missing };
}

/** Where the host logs: the server's logger. */
export interface HostLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

function routeProblem(route: PluginRoute | PluginOcsRoute): string | null {
  if (!ROUTE_METHODS.has(route.method)) return `its method must be one of ${[...ROUTE_METHODS].join(', ')}`;
  if (typeof route.handle !== 'function') return 'handle must be a function';
  return routePathProblem(route.path);
}

function ocsRouteProblem(route: PluginOcsRoute): string | null {
  const problem = routeProblem(route);
  if (problem !== null) return problem;
  return typeof route.path === 'string' && /^\/apps\/[^/]+\/./.test(route.path) ? null : 'its path must start with "/apps/<app>/"';
}

function capabilitiesProblem(contribution: CapabilitiesContribution): string | null {
  return typeof contribution.capabilities === 'function' ? null : 'capabilities must be a function';
}

function hookProblem(hook: NodeHook): string | null {
  const given = HOOK_NAMES.filter((name) => hook[name] !== undefined);
  if (given.length === 0) return `it must have at least one of ${HOOK_NAMES.join(', ')}`;
  const wrong = given.find((name) => typeof hook[name] !== 'function');
  return wrong ? `${wrong} must be a function` : null;
}

const PREFIX_NS = { oc: NS.oc, nc: NS.nc, ocs: NS.ocs } as const;
const CHILD_PREFIXES = new Set(['d', 'oc', 'nc', 'ocs']);

/** Server properties a plugin's value replaces (the server answers them empty on its own). */
export const REPLACEABLE_PROPERTIES = new Set([`{${NS.oc}}share-types`, `{${NS.nc}}sharees`]);

/** A live property's value as the WebDAV layer inserts it: text escaped, child elements rendered. */
function renderValue(value: string | readonly PluginPropertyElement[]): string {
  if (typeof value === 'string') return escapeXml(value);
  if (!Array.isArray(value)) return escapeXml(String(value));
  return value
    .map((child: PluginPropertyElement) => {
      if (!CHILD_PREFIXES.has(child.prefix) || !PROPERTY_NAME.test(child.name)) throw new Error(`invalid child element ${String(child.prefix)}:${String(child.name)}`);
      return `<${child.prefix}:${child.name}>${escapeXml(String(child.text))}</${child.prefix}:${child.name}>`;
    })
    .join('');
}
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const COMMAND_NAME = /^[a-z0-9][a-z0-9-]*$/;

function commandProblem(command: PluginCommand): string | null {
  if (typeof command.name !== 'string' || !COMMAND_NAME.test(command.name)) return `its name must match ${String(COMMAND_NAME)}`;
  if (typeof command.summary !== 'string' || command.summary.trim() === '') return 'it needs a summary';
  if (command.usage !== undefined && typeof command.usage !== 'string') return 'usage must be a string';
  return typeof command.run === 'function' ? null : 'run must be a function';
}

/** The Clark name (`{namespace}name`) of a contributed live property. */
function clarkOf(property: LivePropertyContribution): string {
  return `{${PREFIX_NS[property.prefix]}}${property.name}`;
}

/** The message of something thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { pluginNode } from './plugin-node';

/** The URL segments after `/remote.php/dav/` the server serves itself. */
const SERVER_DAV_TREES = new Set(['files', 'uploads', 'principals', 'addressbooks', 'calendars', 'public-calendars', 'system-calendars', 'comments', 'systemtags']);
const DAV_COLLECTION_NAME = /^[a-z0-9][a-z0-9-]*$/;

function jobProblem(job: PluginJob): string | null {
  if (typeof job.run !== 'function') return 'run must be a function';
  return Number.isFinite(job.intervalSeconds) && job.intervalSeconds >= 1 ? null : 'intervalSeconds must be at least 1';
}

function isPlainObject(value: unknown): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `extra` into `base` key by key (objects merge, anything else replaces); returns a new object. */
export function mergeCapabilities(base: { [key: string]: JsonValue }, extra: { [key: string]: JsonValue }): { [key: string]: JsonValue } {
  const merged: { [key: string]: JsonValue } = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeCapabilities(current, value) : value;
  }
  return merged;
}

/**
 * Holds what the server parts of the active plugins registered, activates and deactivates
 * them, and answers the server's questions (which route, which capabilities, which hooks).
 */
export class PluginHost {
  readonly routes: ServerRegistry<PluginRoute> = createServerRegistry<PluginRoute>('route', routeProblem);
  readonly ocsRoutes: ServerRegistry<PluginOcsRoute> = createServerRegistry('OCS route', ocsRouteProblem);
  readonly capabilityContributions: ServerRegistry<CapabilitiesContribution> = createServerRegistry('capabilities contribution', capabilitiesProblem);
  readonly nodeHooks: ServerRegistry<NodeHook> = createServerRegistry('node hook', hookProblem);
  readonly liveProperties: ServerRegistry<LivePropertyContribution> = createServerRegistry('live property', (property) => this.livePropertyProblem(property));
  readonly mountProviders: ServerRegistry<MountProvider> = createServerRegistry('mount provider', (provider) =>
    typeof provider.mounts !== 'function' ? 'mounts must be a function' : provider.placementsOf !== undefined && typeof provider.placementsOf !== 'function' ? 'placementsOf must be a function' : null,
  );
  readonly publicLinkProviders: ServerRegistry<PublicLinkProvider> = createServerRegistry('public link provider', (provider) => (typeof provider.resolve === 'function' ? null : 'resolve must be a function'));
  readonly commands: ServerRegistry<PluginCommand> = createServerRegistry('command', (command, owner) => {
    const problem = commandProblem(command);
    if (problem !== null) return problem;
    return this.commands.list().some((other) => other.owner === owner && other.entry.name === command.name) ? `the command ${owner}:${command.name} is already registered` : null;
  });
  readonly reports: ServerRegistry<ReportHandler> = createServerRegistry('report handler', (handler) => reportProblem(handler, this.reports.list()));
  readonly searches: ServerRegistry<SearchHandler> = createServerRegistry('search handler', searchProblem);
  readonly davCollections: ServerRegistry<DavCollection> = createServerRegistry('DAV collection', (collection) => this.davCollectionProblem(collection));
  readonly jobs: ServerRegistry<PluginJob> = createServerRegistry('job', jobProblem);
  private readonly active = new Map<string, { definition: ServerPluginDefinition; undos: Undo[] }>();

  /**
   * @param log where plugin problems go
   * @param database the database plugins keep their tables in (`ctx.database`)
   * @param services files, users and the change feed (see {@link HostServices})
   */
  constructor(
    private readonly log: HostLog,
    private readonly database?: HostDatabase,
    private readonly services: HostServices = {},
  ) {}

  /** The ids of the active plugins. */
  activeIds(): string[] {
    return [...this.active.keys()];
  }

  /**
   * Activates a plugin's server part. When `activate` throws, everything it registered is
   * taken back and the error is rethrown (naming the plugin).
   */
  async activate(definition: ServerPluginDefinition): Promise<void> {
    const id = definition.id;
    if (this.active.has(id)) throw new ServerPluginError(id, 'is already active');
    const undos: Undo[] = [];
    const scoped = <T extends { id: string }>(registry: ServerRegistry<T>): ScopedRegistry<T> => ({
      register(entry) {
        const undo = registry.register(id, entry);
        undos.push(undo);
        return undo;
      },
    });
    const log: PluginLog = {
      info: (message) => this.log.info(`[plugin ${id}] ${message}`),
      warn: (message) => this.log.warn(`[plugin ${id}] ${message}`),
      error: (message, error) => this.log.error(`[plugin ${id}] ${message}${error === undefined ? '' : `: ${messageOf(error)}`}`),
    };
    const ctx: ServerPluginContext = Object.freeze({
      pluginId: id,
      routes: scoped(this.routes),
      ocs: scoped(this.ocsRoutes),
      capabilities: scoped(this.capabilityContributions),
      nodeHooks: scoped(this.nodeHooks),
      liveProperties: scoped(this.liveProperties),
      mounts: scoped(this.mountProviders),
      publicLinks: scoped(this.publicLinkProviders),
      commands: scoped(this.commands),
      reports: scoped(this.reports),
      searches: scoped(this.searches),
      database: this.pluginDatabase(id),
      changes: this.services.changes ?? FEED_NOT_RUNNING,
      davCollections: scoped(this.davCollections),
      jobs: {
        // A job runs from its registration to its undo.
        register: (job: PluginJob) => {
          const unregister = this.jobs.register(id, job);
          const stop = startJob(job, (error) => log.error(`the job "${job.id}" failed`, error));
          const undo = (): void => {
            stop();
            unregister();
          };
          undos.push(undo);
          return undo;
        },
      },
      files: pluginFiles(id, this.services.storage),
      users: this.services.users ?? noUsers(id),
      log,
    });
    try {
      await definition.activate(ctx);
    } catch (error) {
      for (const undo of undos.reverse()) undo();
      if (error instanceof ServerPluginError) throw error;
      throw new ServerPluginError(id, `activation failed: ${messageOf(error)}`);
    }
    this.active.set(id, { definition, undos });
  }

  /** `ctx.database` of the plugin `id`: the server's database, migrations named for the plugin. */
  private pluginDatabase(id: string): PluginDatabase {
    const database = this.database;
    const missing = (): never => {
      throw new ServerPluginError(id, 'has no database here (the host was made without one)');
    };
    return Object.freeze({
      get db() {
        return database?.db ?? missing();
      },
      get dialect() {
        return database?.dialect ?? missing();
      },
      async migrate(migrations: readonly PluginMigration[]) {
        const wrong = migrations.find((migration) => typeof migration.name !== 'string' || !migration.name.startsWith(`${id}-`));
        if (wrong) throw new ServerPluginError(id, `the migration "${String(wrong.name)}" must be named "${id}-…"`);
        if (!database) return missing();
        await migrate(database.db, [...migrations], database.dialect);
      },
    });
  }

  /** Takes back everything the plugin registered and runs its `deactivate`. */
  async deactivate(id: string): Promise<void> {
    const plugin = this.active.get(id);
    if (!plugin) return;
    this.active.delete(id);
    for (const undo of plugin.undos.reverse()) undo();
    try {
      await plugin.definition.deactivate?.();
    } catch (error) {
      this.log.error(`[plugin ${id}] deactivate failed: ${messageOf(error)}`);
    }
  }

  /** The server's capabilities with every contribution merged in (a failing one is logged and left out). */
  capabilities(base: { [key: string]: JsonValue }): { [key: string]: JsonValue } {
    let merged = base;
    for (const { owner, entry } of this.capabilityContributions.list()) {
      try {
        const extra = entry.capabilities();
        if (!isPlainObject(extra)) throw new Error('capabilities() must return an object');
        merged = mergeCapabilities(merged, extra);
      } catch (error) {
        this.log.error(`[plugin ${owner}] the capabilities contribution "${entry.id}" failed: ${messageOf(error)}`);
      }
    }
    return merged;
  }

  private livePropertyProblem(property: LivePropertyContribution): string | null {
    if (!Object.hasOwn(PREFIX_NS, property.prefix)) return 'its prefix must be oc, nc or ocs';
    if (typeof property.name !== 'string' || !PROPERTY_NAME.test(property.name)) return 'its name must be an XML name';
    if (typeof property.get !== 'function') return 'get must be a function';
    if (property.prepare !== undefined && typeof property.prepare !== 'function') return 'prepare must be a function';
    const clark = clarkOf(property);
    if (LIVE_PROPERTIES.has(clark) && !REPLACEABLE_PROPERTIES.has(clark)) return `${property.prefix}:${property.name} is a property of the server`;
    const taken = this.liveProperties.list().find(({ entry }) => clarkOf(entry) === clark);
    return taken ? `${property.prefix}:${property.name} is already given by "${taken.owner}"` : null;
  }

  /**
   * The contributed live properties as the WebDAV layer renders them: values escaped; a
   * `get` that throws is logged with its plugin and the node gets no value (404).
   */
  davLiveProperties(): ReadonlyMap<string, LiveProperty> {
    const map = new Map<string, LiveProperty>();
    for (const { owner, entry } of this.liveProperties.list()) {
      map.set(clarkOf(entry), {
        prefix: entry.prefix,
        local: entry.name,
        get: (node, pc) => {
          try {
            // Who sees the node: the request's user, nobody ('') for a public link's visitor.
            const value = entry.get(pluginNode(node.mount?.public ? '' : pc.user.uid, node));
            return value === undefined ? undefined : renderValue(value);
          } catch (error) {
            this.log.error(`[plugin ${owner}] the live property ${entry.prefix}:${entry.name} failed: ${messageOf(error)}`);
            return undefined;
          }
        },
        ...(entry.prepare
          ? {
              prepare: async () => {
                try {
                  await entry.prepare?.();
                } catch (error) {
                  this.log.error(`[plugin ${owner}] preparing the live property ${entry.prefix}:${entry.name} failed: ${messageOf(error)}`);
                }
              },
            }
          : {}),
      });
    }
    return map;
  }

  private davCollectionProblem(collection: DavCollection): string | null {
    if (typeof collection.name !== 'string' || !DAV_COLLECTION_NAME.test(collection.name)) return `its name must match ${String(DAV_COLLECTION_NAME)}`;
    if (SERVER_DAV_TREES.has(collection.name)) return `/remote.php/dav/${collection.name} is the server's`;
    if (typeof collection.resource !== 'function' || typeof collection.children !== 'function') return 'resource and children must be functions';
    const wrong = (['read', 'move', 'delete'] as const).find((method) => collection[method] !== undefined && typeof collection[method] !== 'function');
    if (wrong) return `${wrong} must be a function`;
    const taken = this.davCollections.list().find(({ entry }) => entry.name === collection.name);
    return taken ? `/remote.php/dav/${collection.name} is already served by "${taken.owner}"` : null;
  }

  /** The DAV collection served at `/remote.php/dav/<name>/`, with its plugin, or undefined. */
  davCollection(name: string): { owner: string; entry: DavCollection } | undefined {
    return this.davCollections.list().find(({ entry }) => entry.name === name);
  }

  /**
   * The mounts of `uid`'s tree from every mount provider, with the owner's display name and
   * quota (`owner` looks them up; a mount whose owner is unknown is left out). A provider
   * that throws is logged with its plugin and gives none.
   */
  async mountsFor(uid: string, owner: (uid: string) => Promise<{ displayName: string; quota: number } | null>): Promise<StorageMount[]> {
    const out: StorageMount[] = [];
    for (const { owner: plugin, entry } of this.mountProviders.list()) {
      let mounts: readonly PluginMount[];
      try {
        mounts = await entry.mounts(uid);
      } catch (error) {
        this.log.error(`[plugin ${plugin}] the mount provider "${entry.id}" failed: ${messageOf(error)}`);
        continue;
      }
      for (const mount of mounts) {
        const user = await owner(mount.owner);
        if (!user || typeof mount.path !== 'string' || mount.path === '/' || !mount.path.startsWith('/')) continue;
        out.push({ ...mount, ownerDisplayName: user.displayName, ownerQuota: user.quota });
      }
    }
    return out;
  }

  /**
   * Where nodes of `owner`'s tree are mounted in other users' trees, from every mount
   * provider that tells (`placementsOf`). A provider that throws is logged with its plugin and
   * gives none.
   */
  async placementsOf(owner: string): Promise<PluginMountPlacement[]> {
    const out: PluginMountPlacement[] = [];
    for (const { owner: plugin, entry } of this.mountProviders.list()) {
      if (entry.placementsOf === undefined) continue;
      try {
        for (const placement of await entry.placementsOf(owner)) {
          if (placement.uid === owner || typeof placement.path !== 'string' || placement.path === '/' || !placement.path.startsWith('/')) continue;
          out.push({ uid: placement.uid, path: placement.path, fileid: placement.fileid });
        }
      } catch (error) {
        this.log.error(`[plugin ${plugin}] the mount provider "${entry.id}" failed to give its placements: ${messageOf(error)}`);
      }
    }
    return out;
  }

  /** The public link of `token` from the first provider that knows it, or null (a provider that throws is logged). */
  async publicLink(token: string): Promise<PublicLink | null> {
    for (const { owner, entry } of this.publicLinkProviders.list()) {
      try {
        const link = await entry.resolve(token);
        if (link) return link;
      } catch (error) {
        this.log.error(`[plugin ${owner}] the public link provider "${entry.id}" failed: ${messageOf(error)}`);
      }
    }
    return null;
  }

  /** The registered commands by their full name, `<plugin id>:<name>`. */
  commandsByName(): Map<string, PluginCommand> {
    return new Map(this.commands.list().map(({ owner, entry }) => [`${owner}:${entry.name}`, entry]));
  }

  /** The storage listener that runs the registered node hooks (added to a FileService's events). */
  nodeEventListener(): NodeEventListener {
    // After the fact: every hook runs; one that throws is logged with its plugin and the change stands.
    const run = async (event: string, call: (hook: NodeHook) => void | Promise<void> | undefined): Promise<void> => {
      for (const { owner, entry: hook } of this.nodeHooks.list()) {
        try {
          await call(hook);
        } catch (error) {
          this.log.error(`[plugin ${owner}] the node hook "${hook.id}" failed on ${event}: ${messageOf(error)}`);
        }
      }
    };
    return {
      created: (uid, entry) => run('created', (hook) => hook.created?.(pluginNode(uid, entry))),
      changed: (uid, entry) => run('changed', (hook) => hook.changed?.(pluginNode(uid, entry))),
      deleted: (uid, entry) => run('deleted', (hook) => hook.deleted?.(pluginNode(uid, entry))),
      moved: (uid, entry, from) => run('moved', (hook) => hook.moved?.(pluginNode(uid, entry), from)),
      deleting: async (uid, entry, by) => {
        for (const { entry: hook } of this.nodeHooks.list()) {
          if (await hook.deleting?.(pluginNode(uid, entry), { deletedBy: by.deletedBy, path: by.path })) return true;
        }
        return false;
      },
    };
  }

}
