import type { Node, RemoteNodeChange } from '@cumulus/sdk';
import type { AppStore } from '../store/storeTypes';
import { errorStatus } from '../../services/errorStatus';
import type { ShellServices } from '../../services/types';
import { folderReloadRequested } from '../base/folderActions';
import { parentDir } from '../folder/paths';
import { selectCurrentFolder } from '../folder/selectors';
import { selectNodeBySource } from '../nodes/selectors';
import { storageStatsRefreshRequested } from '../quota/quotaSlice';
import { LIVE_VIEW, applyLiveBatch, buildFileidIndex, fileidIndex } from './applyLiveBatch';
import type { ResolvedChange } from './applyLiveBatch';
import type { FeedMessage } from './feedConnection';
import { connectChangeFeed } from './feedConnection';

/** Node properties asked for at once while changes pour in. */
const FETCH_CONCURRENCY = 4;
/** Changes applied in one animation frame at most; the rest wait for the next. */
const MAX_PER_FRAME = 2000;
/** How often changes held back by a row the user acts on are tried again, ms. */
const DEFERRED_RETRY_MS = 300;
/**
 * While node properties are still being fetched, what arrived waits at most this long for the
 * rest: in a folder of 100,000 entries a batch still copies a few arrays of the whole folder
 * (its children, contents and order: a few ms), though its order, sources and footer totals
 * cost only what changed, so a burst is a few large batches, not one small batch a frame
 * (400 ms: well under a second). A lone change is applied at the next frame.
 */
const MAX_HOLD_MS = 400;
/**
 * A batch that cost this much (its apply up to the next frame, render included) makes the
 * next wait that many times longer: a list whose re-sort takes a second (100,000 entries on a
 * slow machine) spends at most a fifth of its time applying during a long burst.
 */
const HOLD_PER_COST = 4;

/** Most of an idle period the file-id index of a listing is built in, ms (a frame is 16.7 ms). */
const IDLE_BUDGET_MS = 8;

/** Runs `work` in the page's idle time, with the ms it may take. */
function browserIdle(work: (budgetMs: number) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback((deadline) => work(Math.min(IDLE_BUDGET_MS, deadline.timeRemaining())), { timeout: 1000 });
  else setTimeout(() => work(IDLE_BUDGET_MS / 2), 0);
}

/** Where the server serves the change feed, below the page's origin. */
export { CHANGES_PATH } from '@cumulus/protocol';

/** From this many nodes waiting, they are read in one request ({@link LiveUpdatesOptions.fetchByIds}). */
const BATCH_FROM = 3;
/** Most nodes read in one request. */
const MAX_BATCH = 200;
/** After a failed read by file id, nodes are read one by one for this long (ms). */
const BY_IDS_BACKOFF_MS = 60_000;

/** Options of {@link startLiveUpdates}; the defaults are the browser's. */
export interface LiveUpdatesOptions {
  /** The change feed's URL. */
  url: string;
  /**
   * Reads many children of a folder by file id in one request (a WebDAV SEARCH); a node
   * missing from the answer is no longer there. Without it every node is read on its own.
   */
  fetchByIds?: (folder: string, fileids: number[]) => Promise<Node[]>;
  /** Connects to the feed (tests pass a fake). */
  connect?: (options: { url: string; uid: string; onMessage(message: FeedMessage): void }) => () => void;
  /** Runs `callback` at the next animation frame. */
  frame?: (callback: () => void) => void;
  /** Runs `work` in idle time with the ms it may take (tests run it by hand). */
  idle?: (work: (budgetMs: number) => void) => void;
}

/** The change that comes after `older` for the same node, keeping where it moved from and that its properties changed. */
function merged(older: RemoteNodeChange, newer: RemoteNodeChange): RemoteNodeChange {
  const from = older.from ?? newer.from;
  const properties = older.properties ?? newer.properties;
  return { ...newer, ...(from === undefined ? {} : { from }), ...(properties === undefined ? {} : { properties }) };
}

/**
 * Keeps the shell live: every change the feed tells (from another tab, another device, a
 * sync client, the server's disk) is announced on the event bus (`files:node:changes`, for
 * plugins), refreshes the quota, and when it touches the folder on screen, updates that row
 * in place: the node's properties are fetched (by path with a PROPFIND Depth 0, or for a
 * burst up to 200 at a time by file id, a few requests at a time; nothing when the ETag is
 * the one the row has), and what arrived is applied at an
 * animation frame, all of it at once, once the fetches are done or {@link MAX_HOLD_MS}
 * passed, so a burst of a thousand changes costs a handful of renders. Changes are
 * coalesced per node: only the newest state of a node is fetched. The index of the shown
 * folder's children by file id is built in idle time once it is listed, so the first change
 * does not pay for it. Returns the stop.
 */
export function startLiveUpdates(store: AppStore, services: ShellServices, options: LiveUpdatesOptions): () => void {
  const frame = options.frame ?? ((callback: () => void) => void requestAnimationFrame(callback));
  const idle = options.idle ?? browserIdle;
  /** Waiting to be fetched, by file id (the newest change of each node). */
  const waiting = new Map<number, RemoteNodeChange>();
  /** Fetched or needing no fetch, waiting for a frame. */
  let ready: ResolvedChange[] = [];
  /** The newest change seen per node: a fetch answered after a newer change came is dropped. */
  const newest = new Map<number, number>();
  let running = 0;
  let frameAsked = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** When a read by file id last failed: for a minute nodes are read one by one instead. */
  let byIdsFailedAt = Number.NEGATIVE_INFINITY;
  /** What the last batch cost, from its apply to the next frame (ms). */
  let lastCost = 0;

  const concerns = (change: RemoteNodeChange, dir: string): boolean =>
    change.folder === dir || change.path === dir || (change.from !== undefined && (parentDir(change.from) === dir || change.from === dir));

  const askFrame = (): void => {
    if (frameAsked || stopped) return;
    frameAsked = true;
    frame(applyReady);
  };

  /** Applies at the next frame once nothing is being fetched, else within {@link MAX_HOLD_MS}. */
  const scheduleApply = (): void => {
    if (ready.length === 0) return;
    if (running === 0 && waiting.size === 0) {
      askFrame();
      return;
    }
    holdTimer ??= setTimeout(
      () => {
        holdTimer = null;
        askFrame();
      },
      Math.max(MAX_HOLD_MS, HOLD_PER_COST * lastCost),
    );
  };

  const resolve = (item: ResolvedChange): void => {
    if (newest.get(item.change.fileid) !== item.change.id) return;
    ready.push(item);
  };

  /** One fetch in flight: its answer resolves the changes, then the next fetch starts. */
  const track = (fetched: Promise<void>): void => {
    running += 1;
    void fetched.finally(() => {
      running -= 1;
      pump();
      scheduleApply();
    });
  };

  /**
   * Reads what is waiting: many nodes at once by file id, or one by path. While a read by file
   * id can be made, a node is read on its own only when nothing else is being read (a lone
   * change, at once); during a burst the few that wait go with the next read by file id, not
   * one request and one XML answer each.
   */
  const pump = (): void => {
    while (running < FETCH_CONCURRENCY && waiting.size > 0 && !stopped) {
      const fetchByIds = options.fetchByIds;
      const byIds = fetchByIds !== undefined && Date.now() - byIdsFailedAt > BY_IDS_BACKOFF_MS;
      if (byIds && waiting.size < BATCH_FROM && running > 0) return;
      if (byIds && waiting.size >= BATCH_FROM) {
        const first = waiting.values().next().value as RemoteNodeChange;
        const batch: RemoteNodeChange[] = [];
        for (const [fileid, change] of waiting) {
          if (change.folder !== first.folder) continue;
          batch.push(change);
          waiting.delete(fileid);
          if (batch.length === MAX_BATCH) break;
        }
        track(
          fetchByIds(
            first.folder,
            batch.map((change) => change.fileid),
          ).then(
            (nodes) => {
              const byId = new Map(nodes.map((node) => [node.fileid, node]));
              for (const change of batch) resolve({ change, node: byId.get(change.fileid) ?? null });
            },
            (error: unknown) => {
              // A server that cannot (an old one, a SEARCH too slow): the same nodes one by one.
              console.warn(`Could not read ${batch.length} changed nodes of ${first.folder} at once`, error);
              byIdsFailedAt = Date.now();
              for (const change of batch) if (!waiting.has(change.fileid) && newest.get(change.fileid) === change.id) waiting.set(change.fileid, change);
            },
          ),
        );
        continue;
      }
      const [fileid, change] = waiting.entries().next().value as [number, RemoteNodeChange];
      waiting.delete(fileid);
      track(
        services.dav.stat(change.path).then(
          (node) => resolve({ change, node }),
          (error: unknown) => {
            // Gone again since: the row goes. Anything else: the next listing will tell.
            if (errorStatus(error) === 404) resolve({ change, node: null });
            else console.error(`Could not read the changed node ${change.path}`, error);
          },
        ),
      );
    }
  };

  const take = (change: RemoteNodeChange): void => {
    const previous = waiting.get(change.fileid);
    const next = previous === undefined ? change : merged(previous, change);
    newest.set(change.fileid, change.id);
    const { dir } = store.getState().navigation;
    if (next.deleted === true || next.folder !== dir) {
      waiting.delete(change.fileid);
      resolve({ change: next, node: null });
      scheduleApply();
      return;
    }
    // The row already shows this version (the echo of this tab's own change): nothing to fetch.
    // A change of properties only keeps the etag: the node is read again (a favorite star, a share's mark).
    const state = store.getState();
    const children = selectCurrentFolder(state)?._children ?? [];
    const source = fileidIndex(children, state.nodes.table).byFileid.get(next.fileid);
    const held = source === undefined ? undefined : selectNodeBySource(state, source);
    if (held !== undefined && held.attributes.etag === next.etag && held.path === next.path && next.from === undefined && next.properties !== true) {
      waiting.delete(change.fileid);
      newest.delete(change.fileid);
      return;
    }
    waiting.set(change.fileid, next);
  };

  function applyReady(): void {
    frameAsked = false;
    if (holdTimer !== null) clearTimeout(holdTimer);
    holdTimer = null;
    if (stopped) return;
    const batch = ready.slice(0, MAX_PER_FRAME);
    ready = ready.slice(batch.length);
    const started = performance.now();
    const deferred = store.dispatch(applyLiveBatch(batch));
    const applied = performance.now();
    frame(() => {
      lastCost = performance.now() - started;
      // bench:ui reads what each batch cost: the store's part, and up to the next frame (React's render included).
      performance.mark?.('files:live-batch', { detail: { changes: batch.length, applyMs: applied - started, frameMs: lastCost } });
    });
    const held = new Set(deferred);
    for (const item of batch) if (!held.has(item) && newest.get(item.change.fileid) === item.change.id) newest.delete(item.change.fileid);
    if (deferred.length > 0) {
      retryTimer ??= setTimeout(() => {
        retryTimer = null;
        // A newer change of the node replaces a held one; the rest are tried again.
        for (const item of deferred) if (newest.get(item.change.fileid) === item.change.id) ready.push(item);
        askFrame();
      }, DEFERRED_RETRY_MS);
    }
    if (ready.length > 0) askFrame();
  }

  const onMessage = (message: FeedMessage): void => {
    if (message.kind === 'refetch') {
      services.host.events.emit('files:node:changes-lost', {});
      if (store.getState().navigation.view !== null) store.dispatch(folderReloadRequested());
      store.dispatch(storageStatsRefreshRequested({ userTriggered: false }));
      return;
    }
    if (message.changes.length === 0) return;
    services.host.events.emit('files:node:changes', { changes: message.changes });
    store.dispatch(storageStatsRefreshRequested({ userTriggered: false }));
    const { view, dir } = store.getState().navigation;
    if (view !== LIVE_VIEW) return;
    for (const change of message.changes) if (concerns(change, dir)) take(change);
    pump();
  };

  /**
   * The listing whose file-id index is being built in idle time: a new listing of the folder
   * on screen gets its index before the first change needs it, not in that change's task.
   */
  let preparing: readonly string[] | undefined;
  const prepare = (): void => {
    const state = store.getState();
    const children = state.navigation.view === LIVE_VIEW ? selectCurrentFolder(state)?._children : undefined;
    if (stopped || children === undefined || children === preparing) return;
    preparing = children;
    const step = (budgetMs: number): void => {
      if (stopped || preparing !== children) return;
      if (!buildFileidIndex(children, store.getState().nodes.table, Math.max(1, budgetMs))) idle(step);
    };
    idle(step);
  };
  const unsubscribe = store.subscribe(prepare);
  prepare();

  const disconnect = (options.connect ?? connectChangeFeed)({ url: options.url, uid: services.uid, onMessage });
  return () => {
    stopped = true;
    unsubscribe();
    if (retryTimer !== null) clearTimeout(retryTimer);
    if (holdTimer !== null) clearTimeout(holdTimer);
    disconnect();
  };
}
