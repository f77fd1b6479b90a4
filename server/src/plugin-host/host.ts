import { createUndoList } from '@cumulus/protocol';
import type {
  CapabilitiesContribution,
  DavCollection,
  JsonValue,
  LivePropertyContribution,
  MountProvider,
  NodeHook,
  PluginChanges,
  PluginCommand,
  PluginJob,
  PluginLog,
  PluginMountPlacement,
  PluginOcsRoute,
  PluginRoute,
  PluginUsers,
  PublicLink,
  PublicLinkProvider,
  ReportHandler,
  SearchHandler,
  ScopedRegistry,
  ServerPluginContext,
  ServerPluginDefinition,
} from '../plugin-api';
import { ServerPluginError } from '../plugin-api';
import type { LiveProperty } from '../dav/live-properties';
import type { NodeEventListener } from '../storage/model/node-events';
import type { StorageMount } from '../storage/files/mounted-files';
import type { HostStorage } from './files-access';
import { pluginFiles } from './files-access';
import type { HostLog } from './host-log';
import { messageOf } from './host-log';
import { jobProblem, startJob } from './jobs';
import type { Owned, ServerRegistry } from './registry';
import { createServerRegistry } from './registry';
import { reportProblem, searchProblem } from './dav-handler-checks';
import { capabilitiesProblem, mergedCapabilities } from './kinds/capabilities';
import { commandProblem, commandsByName } from './kinds/commands';
import type { HostDatabase } from './kinds/database';
import { pluginDatabase } from './kinds/database';
import { davCollectionProblem, findDavCollection } from './kinds/dav-collections';
import { davLivePropertiesOf, livePropertyProblem } from './kinds/live-properties';
import { mountProviderProblem, mountsFor, placementsOf } from './kinds/mounts';
import { hookProblem, nodeHookListener } from './kinds/node-hooks';
import { publicLinkProviderProblem, resolvePublicLink } from './kinds/public-links';
import { ocsRouteProblem, routeProblem } from './kinds/routes';

export type { HostLog } from './host-log';
export { messageOf } from './host-log';
export type { HostDatabase } from './kinds/database';
export { mergeCapabilities } from './kinds/capabilities';
export { REPLACEABLE_PROPERTIES } from './kinds/live-properties';
export { pluginNode } from './plugin-node';

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

/**
 * Holds what the server parts of the active plugins registered, activates and deactivates
 * them, and answers the server's questions (which route, which capabilities, which hooks).
 * Each registration kind's rules and answers live in `kinds/` (and dav-handler-checks.ts,
 * jobs.ts); this class holds the registries and the activations.
 */
export class PluginHost {
  readonly routes: ServerRegistry<PluginRoute> = createServerRegistry<PluginRoute>('route', routeProblem);
  readonly ocsRoutes: ServerRegistry<PluginOcsRoute> = createServerRegistry('OCS route', ocsRouteProblem);
  readonly capabilityContributions: ServerRegistry<CapabilitiesContribution> = createServerRegistry('capabilities contribution', capabilitiesProblem);
  readonly nodeHooks: ServerRegistry<NodeHook> = createServerRegistry('node hook', hookProblem);
  readonly liveProperties: ServerRegistry<LivePropertyContribution> = createServerRegistry('live property', (property) => livePropertyProblem(property, this.liveProperties));
  readonly mountProviders: ServerRegistry<MountProvider> = createServerRegistry('mount provider', mountProviderProblem);
  readonly publicLinkProviders: ServerRegistry<PublicLinkProvider> = createServerRegistry('public link provider', publicLinkProviderProblem);
  readonly commands: ServerRegistry<PluginCommand> = createServerRegistry('command', (command, owner) => commandProblem(command, owner, this.commands));
  readonly reports: ServerRegistry<ReportHandler> = createServerRegistry('report handler', (handler) => reportProblem(handler, this.reports.list()));
  readonly searches: ServerRegistry<SearchHandler> = createServerRegistry('search handler', searchProblem);
  readonly davCollections: ServerRegistry<DavCollection> = createServerRegistry('DAV collection', (collection) => davCollectionProblem(collection, this.davCollections));
  readonly jobs: ServerRegistry<PluginJob> = createServerRegistry('job', jobProblem);
  private readonly active = new Map<string, { definition: ServerPluginDefinition; undos: ReturnType<typeof createUndoList> }>();

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
    // The protocol's undo list, as the SDK's plugin scope: taken back newest first.
    const undos = createUndoList();
    const scoped = <T extends { id: string }>(registry: ServerRegistry<T>): ScopedRegistry<T> => ({
      register: (entry) => undos.add(registry.register(id, entry)),
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
      database: pluginDatabase(id, this.database),
      changes: this.services.changes ?? FEED_NOT_RUNNING,
      davCollections: scoped(this.davCollections),
      jobs: {
        // A job runs from its registration to its undo.
        register: (job: PluginJob) => {
          const unregister = this.jobs.register(id, job);
          const stop = startJob(job, (error) => log.error(`the job "${job.id}" failed`, error));
          return undos.add(() => {
            stop();
            unregister();
          });
        },
      },
      files: pluginFiles(id, this.services.storage),
      users: this.services.users ?? noUsers(id),
      log,
    });
    try {
      await definition.activate(ctx);
    } catch (error) {
      this.undoAll(id, undos);
      if (error instanceof ServerPluginError) throw error;
      throw new ServerPluginError(id, `activation failed: ${messageOf(error)}`);
    }
    this.active.set(id, { definition, undos });
  }

  /** Takes back everything the plugin registered and runs its `deactivate`. */
  async deactivate(id: string): Promise<void> {
    const plugin = this.active.get(id);
    if (!plugin) return;
    this.active.delete(id);
    this.undoAll(id, plugin.undos);
    try {
      await plugin.definition.deactivate?.();
    } catch (error) {
      this.log.error(`[plugin ${id}] deactivate failed: ${messageOf(error)}`);
    }
  }

  /** Runs a plugin's undos; one that throws is logged and the rest still run. */
  private undoAll(id: string, undos: ReturnType<typeof createUndoList>): void {
    for (const error of undos.undoAll()) this.log.error(`[plugin ${id}] taking a registration back failed: ${messageOf(error)}`);
  }

  /** The server's capabilities with every contribution merged in (a failing one is logged and left out). */
  capabilities(base: { [key: string]: JsonValue }): { [key: string]: JsonValue } {
    return mergedCapabilities(this.capabilityContributions, base, this.log);
  }

  /**
   * The contributed live properties as the WebDAV layer renders them: values escaped; a
   * `get` that throws is logged with its plugin and the node gets no value (404).
   */
  davLiveProperties(): ReadonlyMap<string, LiveProperty> {
    return davLivePropertiesOf(this.liveProperties, this.log);
  }

  /** The DAV collection served at `/remote.php/dav/<name>/`, with its plugin, or undefined. */
  davCollection(name: string): Owned<DavCollection> | undefined {
    return findDavCollection(this.davCollections, name);
  }

  /** The mounts of `uid`'s tree from every mount provider (see {@link mountsFor}). */
  mountsFor(uid: string, owner: (uid: string) => Promise<{ displayName: string; quota: number } | null>): Promise<StorageMount[]> {
    return mountsFor(this.mountProviders, uid, owner, this.log);
  }

  /** Where nodes of `owner`'s tree are mounted in other users' trees (see {@link placementsOf}). */
  placementsOf(owner: string): Promise<PluginMountPlacement[]> {
    return placementsOf(this.mountProviders, owner, this.log);
  }

  /** The public link of `token` from the first provider that knows it, or null (a provider that throws is logged). */
  publicLink(token: string): Promise<PublicLink | null> {
    return resolvePublicLink(this.publicLinkProviders, token, this.log);
  }

  /** The registered commands by their full name, `<plugin id>:<name>`. */
  commandsByName(): Map<string, PluginCommand> {
    return commandsByName(this.commands);
  }

  /** The storage listener that runs the registered node hooks (added to a FileService's events). */
  nodeEventListener(): NodeEventListener {
    return nodeHookListener(this.nodeHooks, this.log);
  }
}
