import { createMemoryJournal, createStorageJournal, createUploader, createXhrTransport } from '../../lib/engine';
import type { Node } from '@cumulus/sdk';
import type { Uploader, UploaderOptions, UploaderState, UploadDestination } from '../../lib/engine';
import type { AppStore } from '../../model/store/storeTypes';
import { readPageContext } from '../../services/pageContext';
import { canRead } from '../../services/publicShare';
import type { ShellServices } from '../../services/types';
import { errorStatus } from '../../services/errorStatus';
import { selectCurrentContents } from '../../model/folder/selectors';
import { sameFolderSource, selectLiveFolder } from '../../model/live/liveFolder';
import { loadFilenameRules } from '../rename/filenameRules';
import { createUploadDecisions } from '../upload-decisions';
import { uploadsActions } from '../../model/uploads/uploadsSlice';
import type { EngineReport } from '../../model/uploads/uploadsSlice';

/**
 * The shell's upload engine and its mirror in the store. The engine (from
 * `lib/engine`) holds what is not data: the `File` objects, the requests,
 * their abort controllers and promises, keyed by upload id. Its plain state
 * is copied into the store as `uploads/*` events, at most every
 * {@link MIRROR_INTERVAL_MS}, so a 10,000-file drop or a fast upload does
 * not re-render the screen for every progress event.
 */
export interface UploadRuntime {
  readonly uploader: Uploader;
  /** Sends what changed to the store now (tests, the end of a batch). */
  flush(): void;
}

/** How often, at most, the engine's changes reach the store. */
export const MIRROR_INTERVAL_MS = 150;

const runtimes = new WeakMap<object, Promise<UploadRuntime>>();
const started = new WeakMap<object, UploadRuntime>();

/** The path below the user's root of a URL under `filesUrl`, or null when it is elsewhere. */
export function pathOfSource(source: string, filesUrl: string): string | null {
  const base = filesUrl.replace(/\/+$/, '');
  if (source !== base && !source.startsWith(`${base}/`)) return null;
  const rest = source.slice(base.length).replace(/\/+$/, '');
  return rest === '' ? '/' : rest.split('/').map(decodeURIComponent).join('/');
}

/** The user's chunk-upload area, beside their files: `…/remote.php/dav/uploads/{uid}`. */
export function uploadsRootOf(filesUrl: string, uid: string): string {
  return filesUrl.replace(/\/files\/[^/]+\/?$/, `/uploads/${encodeURIComponent(uid)}`);
}

/** Mirrors the engine's changes into the store, coalesced. */
export function mirrorUploader(uploader: Pick<Uploader, 'getState' | 'getItem' | 'subscribe'>, dispatch: (action: { type: string }) => unknown): { flush(): void; stop(): void } {
  const changed = new Set<string>();
  let known = new Set<string>();
  let lastQueue = uploader.getState().queue.status;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const state: UploaderState = uploader.getState();
    // Item by item: the state's whole items record is a copy of the queue.
    const items = [...changed].map((id) => uploader.getItem(id)).filter((item) => item !== undefined);
    const removed = [...changed].filter((id) => uploader.getItem(id) === undefined && known.has(id));
    changed.clear();
    const report = (subset: typeof items, gone: string[] = []): EngineReport => ({ queue: state.queue, estimate: state.estimate, items: subset, removed: gone });
    // One event per kind of change: an item may be added and end within one interval (a small
    // file), and listeners of `uploads/ended` must see it end.
    const added = items.filter((item) => !known.has(item.id));
    const ended = items.filter((item) => item.status === 'finished' || item.status === 'failed');
    for (const item of added) known.add(item.id);
    if (removed.length > 0) {
      dispatch(uploadsActions.cleared(report([], removed)));
      known = new Set(state.order);
    }
    if (added.length > 0) dispatch(uploadsActions.added(report(added)));
    if (ended.length > 0) dispatch(uploadsActions.ended(report(ended)));
    // Sets, not includes(): a drop adds 10,000 items in one interval.
    const reported = new Set([...added, ...ended]);
    const rest = items.filter((item) => !reported.has(item));
    if (rest.length > 0 || (added.length === 0 && ended.length === 0 && removed.length === 0)) {
      dispatch(state.queue.status !== lastQueue ? uploadsActions.queueChanged(report(rest)) : uploadsActions.progressed(report(rest)));
    }
    lastQueue = state.queue.status;
  };
  const unsubscribe = uploader.subscribe((_state, ids) => {
    for (const id of ids) changed.add(id);
    // A queue status change (start, pause, idle) shows at once; bytes wait for the next tick.
    if (uploader.getState().queue.status !== lastQueue) flush();
    else timer ??= setTimeout(flush, MIRROR_INTERVAL_MS);
  });
  return {
    flush,
    stop() {
      unsubscribe();
      clearTimeout(timer);
    },
  };
}

/**
 * The upload runtime of this app (one per services object, so tests never
 * share one), created with the first upload: the server's capabilities give
 * the parallel jobs and the chunk size, its filename rules the name checks.
 * Unfinished chunked uploads are journalled in localStorage so a reloaded
 * page can resume them.
 */
export function uploadRuntimeOf(services: ShellServices, store: RuntimeStore): Promise<UploadRuntime> {
  return runtimes.get(services) ?? startUploadRuntime(services, store);
}

/** What the runtime needs of the store: its events go in, and the folder on screen is read from it. */
export type RuntimeStore = Pick<AppStore, 'dispatch' | 'getState'>;

/**
 * Creates the upload runtime of `services` now, `overrides` replacing engine
 * options (tests give a transport that answers without a network).
 */
export function startUploadRuntime(services: ShellServices, store: RuntimeStore, overrides: Partial<UploaderOptions> = {}): Promise<UploadRuntime> {
  const runtime = (async () => {
    const [capabilities, filenameRules] = await Promise.all([
      services.api.getCapabilities().catch((error: unknown) => {
        console.error('Could not read the upload capabilities; using the defaults', error);
        return null;
      }),
      loadFilenameRules(services.api),
    ]);
    const requestToken = typeof document === 'undefined' ? '' : readPageContext(document).requestToken;
    // A public link's visitor uploads as owner anonymous, in plain PUTs (product §1, §9), as an XHR caller (protocol §5.2).
    const isPublic = services.publicShare !== undefined;
    const uploader = createUploader({
      transport: createXhrTransport(),
      uploadsRoot: isPublic ? undefined : uploadsRootOf(services.dav.filesUrl, services.uid),
      isPublic,
      user: isPublic ? null : services.uid,
      maxChunkSize: capabilities?.maxChunkSize,
      capabilities: capabilities?.raw,
      headers: { ...(isPublic ? { 'X-Requested-With': 'XMLHttpRequest' } : {}), ...(requestToken === '' ? {} : { requesttoken: requestToken }) },
      filenameRules,
      // The conflict and invalid-filename dialogs answer the engine's questions.
      decisions: createUploadDecisions(services.t),
      listFolder: (folder: UploadDestination, signal: AbortSignal) => listFolder(services, store, folder, signal),
      journal: typeof localStorage === 'undefined' ? createMemoryJournal() : createStorageJournal(localStorage),
      ...overrides,
    });
    const created: UploadRuntime = { uploader, flush: mirrorUploader(uploader, store.dispatch).flush };
    started.set(services, created);
    return created;
  })();
  runtimes.set(services, runtime);
  return runtime;
}

/** The runtime when one exists already (cancel buttons need no engine when nothing was uploaded). */
export function startedUploadRuntime(services: ShellServices): UploadRuntime | undefined {
  return started.get(services);
}

/**
 * The nodes of a destination folder, for conflict detection; null when it does not exist.
 * The folder on screen, which the change feed keeps current, is the store's: a drop onto
 * it lists nothing. Any other is listed, with the engine's signal (a cancelled batch stops it).
 */
async function listFolder(services: ShellServices, store: RuntimeStore, folder: UploadDestination, signal: AbortSignal): Promise<readonly Node[] | null> {
  // A file drop cannot be listed (405); the server keeps both of two same-named files instead.
  if (services.publicShare !== undefined && !canRead(services.publicShare)) return null;
  const state = store.getState();
  const live = selectLiveFolder(state, services.liveFeed);
  if (live !== undefined && sameFolderSource(live.source, folder.source)) return selectCurrentContents(state);
  const path = pathOfSource(folder.source, services.dav.filesUrl);
  if (path === null) return null;
  try {
    return (await services.dav.list(path, { signal })).contents;
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}
