// First: a request that reaches for the network under jsdom fails with a clear message.
import './jsdomFetch';
import { activatePlugin, createEventBus, createNode, createRegistries } from '@cumulus/sdk';
import type { FolderNode, Node, NodeInit, PluginHost } from '@cumulus/sdk';
import { createCorePlugin } from '../app/corePlugin';
import { hostDialogs } from '../ui/confirm/confirmStore';
import { createI18n, translatorOf } from '../i18n/createI18n';
import type { FilesApi, ViewConfigValues } from '../services/api/filesApi';
import type { DavListing, DavService } from '../services/dav/davService';
import type { FilesLocation, ShellServices } from '../services/types';

/** Origin of the fake server the test nodes live on. */
export const TEST_ORIGIN = 'https://cloud.test';

/** A node of alice's files at `path`, with overrides. */
export function testNode(path: string, init: Partial<NodeInit> = {}): Node {
  return createNode({
    type: 'file',
    source: `${TEST_ORIGIN}/remote.php/dav/files/alice${path.split('/').map(encodeURIComponent).join('/')}`,
    root: '/files/alice',
    permissions: 31,
    ...init,
  });
}

/** A folder of alice's files at `path`. */
export function testFolder(path: string, init: Partial<NodeInit> = {}): FolderNode {
  return testNode(path, { ...init, type: 'folder' }) as FolderNode;
}

/** What the fake services recorded. */
export interface FakeCalls {
  listed: string[];
  /** Paths whose ETag alone was asked (`folderEtag`). */
  etagChecks: string[];
  /** Paths looked up in the listing cache. */
  keptLookups: string[];
  navigations: FilesLocation[];
  userConfig: [string, boolean][];
  /** Values saved as the user's `language` setting. */
  language: string[];
  viewConfig: [string, string, string | boolean][];
}

/** Options of {@link createFakeServices}. */
export interface FakeServicesOptions {
  /** Listings by path; a function may throw or wait. Missing paths fail with status 404. */
  folders?: Record<string, Node[] | ((signal?: AbortSignal) => Promise<DavListing>)>;
  /** The server's user config. */
  userConfig?: Record<string, boolean>;
  /** The server's view configs. */
  viewConfigs?: Record<string, ViewConfigValues>;
  /** The server's ETag of folders by path (their listings carry it too); none by default. */
  folderEtags?: Record<string, string>;
  /** Listings kept from an earlier visit (the listing cache), by path: the folder's ETag then and its children. */
  keptFolders?: Record<string, { etag: string; contents: Node[] }>;
  /** The interface language; default 'en'. */
  language?: string;
}

/** An error like the DAV service's, with an HTTP status. */
export function httpError(status: number): Error & { status: number } {
  return Object.assign(new Error(`Invalid response: ${status}`), { status });
}

/**
 * Shell services over in-memory folders, with the built-in `core` plugin
 * activated and the app's i18next translation, for reducer, listener and
 * component tests. Nothing touches the network; every call is recorded in
 * `calls`.
 */
export async function createFakeServices(options: FakeServicesOptions = {}): Promise<{ services: ShellServices; calls: FakeCalls }> {
  const calls: FakeCalls = { listed: [], etagChecks: [], keptLookups: [], navigations: [], userConfig: [], viewConfig: [], language: [] };
  const folders = options.folders ?? { '/': [] };
  const dav: DavService = {
    root: '/files/alice',
    filesUrl: `${TEST_ORIGIN}/remote.php/dav/files/alice`,
    async list(path, callOptions) {
      calls.listed.push(path);
      const entry = folders[path];
      if (entry === undefined) throw httpError(404);
      if (typeof entry === 'function') return entry(callOptions?.signal);
      const etag = options.folderEtags?.[path];
      const folder = { ...testFolder(path === '/' ? '/' : path, { fileid: path === '/' ? 1 : undefined, ...(etag === undefined ? {} : { attributes: { etag } }) }), _children: entry.map((node) => node.source) };
      return { folder, contents: entry };
    },
    readKeptAhead() {},
    async keptList(path) {
      calls.keptLookups.push(path);
      const kept = options.keptFolders?.[path];
      if (kept === undefined) return undefined;
      const folder = { ...testFolder(path === '/' ? '/' : path, { fileid: path === '/' ? 1 : undefined, attributes: { etag: kept.etag } }), _children: kept.contents.map((node) => node.source) };
      return { folder, contents: kept.contents };
    },
    folderEtag(path) {
      calls.etagChecks.push(path);
      return Promise.resolve(options.folderEtags?.[path]);
    },
    folder(path) {
      // The folder node alone: counted with the ETag checks, which it stands for.
      calls.etagChecks.push(path);
      if (folders[path] === undefined) return Promise.reject(httpError(404));
      const etag = options.folderEtags?.[path];
      return Promise.resolve(testFolder(path === '/' ? '/' : path, { fileid: path === '/' ? 1 : undefined, ...(etag === undefined ? {} : { attributes: { etag } }) }));
    },
    stat: () => Promise.reject(httpError(404)),
    move: () => Promise.resolve(),
    copy: () => Promise.resolve(),
    remove: () => Promise.resolve(),
    rename: () => Promise.resolve(),
    createDirectory: () => Promise.resolve(),
    downloadUrl: (node) => node.source,
  };
  const api: FilesApi = {
    getStats: () => Promise.resolve({ used: 0, quota: -3, free: 0, relative: 0 }),
    getUserConfig: () => Promise.resolve(options.userConfig ?? {}),
    setUserConfig: (key, value) => {
      calls.userConfig.push([key, value]);
      return Promise.resolve();
    },
    getLanguage: () => Promise.resolve(calls.language.at(-1) ?? ''),
    setLanguage: (language) => {
      calls.language.push(language);
      return Promise.resolve();
    },
    getViewConfigs: () => Promise.resolve(options.viewConfigs ?? {}),
    setViewConfig: (view, key, value) => {
      calls.viewConfig.push([view, key, value]);
      return Promise.resolve();
    },
    getCapabilities: () => Promise.resolve({ raw: {}, forbiddenCharacters: ['/', '\\'], undelete: true }),
    getUser: () => Promise.resolve({ id: 'alice', displayName: 'Alice' }),
  };
  // The app's own i18next set-up, so plural forms and interpolation are tested as they run.
  const i18n = await createI18n(options.language ?? 'en');
  const t = translatorOf(i18n);
  const host: PluginHost = { registries: createRegistries(), events: createEventBus(), t, dialogs: hostDialogs };
  const services: ShellServices = {
    dav,
    api,
    host,
    t,
    language: i18n.language,
    uid: 'alice',
    navigator: { navigate: (location) => void calls.navigations.push(location) },
  };
  await activatePlugin(host, createCorePlugin(services));
  return { services, calls };
}
