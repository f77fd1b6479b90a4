import type { RemoteNodeChange } from '@cumulus/sdk';

/** What the change feed tells every tab. */
export type FeedMessage =
  | { kind: 'changes'; changes: RemoteNodeChange[] }
  /** Changes were lost (away too long): list again. */
  | { kind: 'refetch' };

/** The browser pieces the connection uses, injectable for tests. */
export interface FeedEnvironment {
  /** Web Locks (`navigator.locks`); undefined where missing: every tab then connects itself. */
  locks: Pick<LockManager, 'request'> | undefined;
  /** Opens a BroadcastChannel; undefined where missing. */
  channel: ((name: string) => BroadcastChannel) | undefined;
  /** Opens an EventSource. */
  eventSource(url: string): EventSource;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The browser's own pieces. */
export function browserFeedEnvironment(): FeedEnvironment {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return {
    locks,
    channel: typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name),
    eventSource: (url) => new EventSource(url, { withCredentials: true }),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** Options of {@link connectChangeFeed}. */
export interface FeedConnectionOptions {
  /** The feed's URL (`/apps/files/api/v1/changes`). */
  url: string;
  /** Tells the tabs of one user apart from another's (the lock's and channel's names). */
  uid: string;
  /** Receives every message, in feed order, in every tab. */
  onMessage(message: FeedMessage): void;
  env?: FeedEnvironment;
}

/** Wait before a connection the browser gave up on (an HTTP error, not a network drop) is opened again, ms. */
const REOPEN_DELAYS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * One connection to the change feed for all the user's tabs of this browser: browsers cap
 * connections per host (6 over HTTP/1.1), and a feed per tab would cost the server a
 * connection per tab. The tabs elect a leader with a Web Lock: the tab holding the lock
 * opens the EventSource and passes every message on through a BroadcastChannel; when it
 * closes, the browser releases the lock and the next tab in line takes over, asking the
 * feed for what came after the last id this tab saw (no change lost in between).
 *
 * Chosen over a SharedWorker: the lock and channel work wherever the shell runs (Chrome on
 * Android has no SharedWorker), need no separate worker bundle beside the federated shell,
 * and a leader is an ordinary page, so its requests carry the session cookie and show in the
 * page's dev tools. Without Web Locks or BroadcastChannel each tab connects on its own.
 * Returns the disconnection.
 */
export function connectChangeFeed(options: FeedConnectionOptions): () => void {
  const env = options.env ?? browserFeedEnvironment();
  const name = `cumulus-changes:${options.uid}`;
  const channel = env.channel?.(name);
  let lastId: number | null = null;
  let stopped = false;

  const receive = (message: FeedMessage & { lastId: number | null }): void => {
    if (message.lastId !== null) lastId = Math.max(lastId ?? 0, message.lastId);
    const { lastId: _, ...rest } = message;
    options.onMessage(rest as FeedMessage);
  };
  if (channel) channel.onmessage = (event: MessageEvent<FeedMessage & { lastId: number | null }>) => receive(event.data);

  /** Leader side: tells this tab and the others. */
  const publish = (message: FeedMessage, id: number | null): void => {
    const envelope = { ...message, lastId: id };
    channel?.postMessage(envelope);
    receive(envelope);
  };

  /** Opens the EventSource and keeps it open until `stopped`; resolves when the tab stops. */
  const lead = (): Promise<void> =>
    new Promise<void>((release) => {
      let source: EventSource | null = null;
      let timer: unknown = null;
      let attempt = 0;
      // Events of one network chunk arrive as separate tasks: pass them on together.
      let buffered: RemoteNodeChange[] = [];
      let flushTimer: unknown = null;
      const flush = (): void => {
        flushTimer = null;
        if (buffered.length === 0) return;
        const changes = buffered;
        buffered = [];
        publish({ kind: 'changes', changes }, (changes[changes.length - 1] as RemoteNodeChange).id);
      };
      const open = (): void => {
        if (stopped) return;
        const url = lastId === null ? options.url : `${options.url}${options.url.includes('?') ? '&' : '?'}lastEventId=${lastId}`;
        const current = env.eventSource(url);
        source = current;
        current.addEventListener('open', () => {
          attempt = 0;
        });
        current.addEventListener('ready', (event) => {
          const id = Number((event as MessageEvent).lastEventId);
          if (Number.isFinite(id)) lastId = Math.max(lastId ?? 0, id);
          channel?.postMessage({ kind: 'changes', changes: [], lastId: id });
        });
        current.addEventListener('node', (event) => {
          const message = event as MessageEvent<string>;
          const change = { ...(JSON.parse(message.data) as Omit<RemoteNodeChange, 'id'>), id: Number(message.lastEventId) };
          buffered.push(change);
          flushTimer ??= env.setTimeout(flush, 0);
        });
        current.addEventListener('refetch', (event) => {
          flush();
          publish({ kind: 'refetch' }, Number((event as MessageEvent).lastEventId));
        });
        current.addEventListener('error', () => {
          // A dropped connection is reopened by the EventSource itself (with Last-Event-ID);
          // one it gave up on (an HTTP error: signed out, a proxy's 502) is reopened here.
          if (current.readyState !== 2 || stopped) return;
          current.close();
          const delay = REOPEN_DELAYS[Math.min(attempt, REOPEN_DELAYS.length - 1)] as number;
          attempt += 1;
          timer = env.setTimeout(open, delay);
        });
      };
      open();
      stopLeading = () => {
        if (timer !== null) env.clearTimeout(timer);
        if (flushTimer !== null) env.clearTimeout(flushTimer);
        source?.close();
        release();
      };
    });

  let stopLeading: (() => void) | null = null;
  const abort = new AbortController();
  if (env.locks && channel) {
    env.locks.request(name, { signal: abort.signal }, () => (stopped ? undefined : lead())).catch(() => undefined);
  } else {
    void lead();
  }

  return () => {
    stopped = true;
    abort.abort();
    stopLeading?.();
    channel?.close();
  };
}
