import type { Kysely } from 'kysely';
import { listenPostgres } from '../db/postgres';
import type { NodeEventListener } from '../storage/model/node-events';
import type { ChangeWindow } from './change-log';
import { CHANGES_CHANNEL, ChangeLog, DEFAULT_CHANGE_WINDOW } from './change-log';
import type { ChangeEvent, NodeChange } from './types';

/** Where one connected client's part of the feed goes (the SSE route writes it out). */
export interface FeedSink {
  /** The client's cursor before anything else: the id it stands at (nothing to replay). */
  ready(id: number): void;
  /** Changes for this client's user, oldest first, ids rising. */
  changes(events: readonly ChangeEvent[]): void;
  /** The client missed changes the feed no longer holds: it must list again; then it stands at `id`. */
  refetch(id: number): void;
  /** Keeps the connection (and proxies on the way) from timing out. */
  heartbeat(): void;
  /** The feed drops the client: too many connections of its user (`evicted`), or the server stops. */
  close(reason: 'evicted' | 'stopping'): void;
}

/** How the feed behaves; every field has a default. */
export interface ChangeFeedOptions {
  /** How often each process reads the table for other processes' changes (ms). */
  pollIntervalMs: number;
  /**
   * On PostgreSQL, where a NOTIFY wakes each process at every write of changes, the poll only
   * catches what a lost listening connection missed: this often instead (ms).
   */
  fallbackPollIntervalMs: number;
  /** What is kept for clients that reconnect. */
  window: ChangeWindow;
  /** How often the table is pruned to the window (ms). */
  pruneIntervalMs: number;
  /** Connections per user; a new one beyond it drops that user's oldest. */
  maxConnectionsPerUser: number;
  /** A reconnecting client missing more of its own changes than this is told to refetch. */
  maxReplay: number;
  /** Interval of the comment line every connection gets (ms). */
  heartbeatMs: number;
  /** A gap in the ids (a transaction of another process not yet committed) is waited for this long (ms), then skipped. */
  gapGraceMs: number;
  /** Where failures of the background poll go. */
  onError(error: unknown): void;
}

export const DEFAULT_CHANGE_FEED_OPTIONS: ChangeFeedOptions = {
  pollIntervalMs: 500,
  fallbackPollIntervalMs: 5000,
  window: DEFAULT_CHANGE_WINDOW,
  pruneIntervalMs: 60_000,
  maxConnectionsPerUser: 8,
  maxReplay: 1000,
  heartbeatMs: 25_000,
  gapGraceMs: 2000,
  onError: (error) => console.error('The change feed failed', error),
};

interface Client {
  uid: string;
  sink: FeedSink;
  /** The last id this client was sent (or stands at). */
  lastSent: number;
  /** Changes that arrived while the client's replay was read, sent after it. */
  pending: ChangeEvent[] | null;
}

/** How the feed answers a client's `Last-Event-ID`. */
type Start = { kind: 'ready'; id: number } | { kind: 'refetch'; id: number } | { kind: 'replay'; events: ChangeEvent[] };

/**
 * The per-user change feed. Changes are written to the `node_changes` table (by this process
 * through {@link emit} and the storage layer's node events, or by any other process sharing
 * the database) and each process reads the table after the last id it delivered: at once
 * after its own writes, every {@link ChangeFeedOptions.pollIntervalMs} for the others'. One
 * cheap query per process and poll, whatever the number of connections; a connection costs a
 * sink and a few numbers.
 */
export class ChangeFeed {
  /** The table behind the feed. */
  readonly log: ChangeLog;
  private readonly options: ChangeFeedOptions;
  private readonly clients = new Map<string, Set<Client>>();
  /** The newest id delivered (or skipped) by this process. */
  private cursor = 0;
  private gapSince: number | null = null;
  private polling = false;
  private pollAgain = false;
  private timers: ReturnType<typeof setInterval>[] = [];
  private started = false;
  private readonly db: Kysely<unknown>;
  /** Stops listening for PostgreSQL's NOTIFY (null: SQLite, or not started). */
  private unlisten: (() => Promise<void>) | null = null;

  /** @param db the shared database; @param options the feed's settings, defaults for what is left out */
  constructor(db: Kysely<unknown>, options: Partial<ChangeFeedOptions> = {}) {
    this.db = db;
    this.log = new ChangeLog(db);
    this.options = { ...DEFAULT_CHANGE_FEED_OPTIONS, ...options };
  }

  /**
   * Starts at the newest change recorded and runs the poll, prune and heartbeat timers. On
   * PostgreSQL it listens for the NOTIFY every process sends after writing changes, and polls
   * only every {@link ChangeFeedOptions.fallbackPollIntervalMs}; SQLite (one machine, no
   * notifications) polls every {@link ChangeFeedOptions.pollIntervalMs}.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.cursor = (await this.log.bounds()).newest;
    const every = (ms: number, run: () => void): void => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
    };
    this.unlisten = listenPostgres(this.db, CHANGES_CHANNEL, { onNotify: () => this.poll(), onError: (error) => this.options.onError(error) }) ?? null;
    every(this.unlisten === null ? this.options.pollIntervalMs : Math.max(this.options.pollIntervalMs, this.options.fallbackPollIntervalMs), () => this.poll());
    every(this.options.pruneIntervalMs, () => {
      this.log.prune(this.options.window).catch((error: unknown) => this.options.onError(error));
    });
    every(this.options.heartbeatMs, () => {
      for (const client of this.allClients()) client.sink.heartbeat();
    });
  }

  /** Stops the timers and the listening, and closes every connection (before the HTTP server closes: they never end by themselves). */
  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.started = false;
    for (const client of this.allClients()) client.sink.close('stopping');
    this.clients.clear();
    await unlisten?.();
  }

  /**
   * Records changes and delivers them to the connected clients of their users (in this
   * process at once; in the others at their next poll). The API for code that changes what
   * users see without going through the storage layer: a share added or removed, a node
   * restored from the trash (plugins reach it as `ctx.changes.emit`).
   */
  emit(...changes: NodeChange[]): Promise<void> {
    this.queued.push(...changes);
    // Emits of one tick (a disk check's findings, a batch of hooks) are one write.
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const batch = this.queued;
      this.queued = [];
      this.flushing = null;
      await this.log.record([...batch, ...(await this.alsoSeen(batch.filter((change) => !this.personal.has(change))))]);
      this.poll();
    });
    return this.flushing;
  }

  /**
   * Who else sees a batch of changes (the users a node is mounted for: received shares), as
   * their own changes; set once by the server ({@link seenAlsoBy}).
   */
  private others: ((changes: readonly NodeChange[]) => Promise<NodeChange[]>) | null = null;

  /**
   * Makes every change also a change of the other users who see the node (through a mount of
   * theirs, at their path): `others` gives those changes for a batch. They are written with
   * the batch, so every process delivers them.
   */
  seenAlsoBy(others: (changes: readonly NodeChange[]) => Promise<NodeChange[]>): void {
    this.others = others;
  }

  private async alsoSeen(batch: readonly NodeChange[]): Promise<NodeChange[]> {
    if (this.others === null) return [];
    try {
      return await this.others(batch);
    } catch (error) {
      // The owners' changes are recorded whatever happens to the others'.
      this.options.onError(error);
      return [];
    }
  }

  /** Changes emitted in this tick, written together at the next. */
  private queued: NodeChange[] = [];
  /** Changes that are their user's alone (a favorite mark): never fanned out to the users a node is mounted for. */
  private readonly personal = new WeakSet<NodeChange>();

  /** Records a change only its own user sees, even on a node others see through a mount (a favorite mark). */
  private emitPersonal(change: NodeChange): Promise<void> {
    this.personal.add(change);
    return this.emit(change);
  }
  private flushing: Promise<void> | null = null;

  /** The storage layer's node events as changes (add it to `FileService.events`). */
  nodeEventListener(): NodeEventListener {
    const upsert = (uid: string, entry: { path: string; fileid: number; type: 'file' | 'folder'; etag: string }, from?: string): Promise<void> =>
      this.emit({ uid, path: entry.path, ...(from === undefined ? {} : { from }), fileid: entry.fileid, type: entry.type, etag: entry.etag });
    return {
      created: (uid, entry) => upsert(uid, entry),
      changed: (uid, entry) => upsert(uid, entry),
      moved: (uid, entry, from) => upsert(uid, entry, from),
      deleted: (uid, entry) => this.emit({ uid, path: entry.path, fileid: entry.fileid, type: entry.type, etag: null }),
      propertiesChanged: (uid, entry) => this.emit({ uid, path: entry.path, fileid: entry.fileid, type: entry.type, etag: entry.etag, properties: true }),
      // The marking user's feed alone: a favorite is nobody else's.
      favoriteChanged: (uid, entry) => this.emitPersonal({ uid, path: entry.path, fileid: entry.fileid, type: entry.type, etag: entry.etag, properties: true }),
    };
  }

  /**
   * Connects a client of `uid` that last saw `lastEventId` (null: a fresh client). It gets
   * the changes it missed (or `refetch` when they are out of the window or too many), then
   * every new change of its user, never another user's. Returns the disconnection.
   */
  async subscribe(uid: string, lastEventId: number | null, sink: FeedSink): Promise<() => void> {
    const client: Client = { uid, sink, lastSent: this.cursor, pending: [] };
    let users = this.clients.get(uid);
    if (!users) this.clients.set(uid, (users = new Set()));
    while (users.size >= this.options.maxConnectionsPerUser) {
      const oldest = users.values().next().value as Client;
      users.delete(oldest);
      oldest.sink.close('evicted');
    }
    users.add(client);
    const unsubscribe = (): void => {
      const set = this.clients.get(uid);
      set?.delete(client);
      if (set?.size === 0) this.clients.delete(uid);
    };
    try {
      const start = await this.startOf(uid, lastEventId);
      if (start.kind === 'replay') {
        const fresh = start.events.filter((event) => event.id > (lastEventId ?? 0));
        if (fresh.length > 0) sink.changes(fresh);
        client.lastSent = Math.max(lastEventId ?? 0, ...fresh.map((event) => event.id));
      } else {
        if (start.kind === 'ready') sink.ready(start.id);
        else sink.refetch(start.id);
        client.lastSent = start.id;
      }
      const queued = (client.pending ?? []).filter((event) => event.id > client.lastSent);
      client.pending = null;
      this.deliver(client, queued);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** How many clients are connected (all users). */
  connectionCount(): number {
    let count = 0;
    for (const set of this.clients.values()) count += set.size;
    return count;
  }

  private async startOf(uid: string, lastEventId: number | null): Promise<Start> {
    const { oldest, newest } = await this.log.bounds();
    const head = Math.max(this.cursor, newest);
    if (lastEventId === null) return { kind: 'ready', id: head };
    // Pruned changes it never saw, or an id from another database (reset data dir).
    if ((oldest > 0 && lastEventId < oldest - 1) || lastEventId > head) return { kind: 'refetch', id: head };
    const events = await this.log.forUser(uid, lastEventId, this.options.maxReplay + 1);
    if (events.length > this.options.maxReplay) return { kind: 'refetch', id: head };
    return { kind: 'replay', events };
  }

  private *allClients(): Iterable<Client> {
    for (const set of this.clients.values()) yield* [...set];
  }

  private deliver(client: Client, events: readonly ChangeEvent[]): void {
    if (events.length === 0) return;
    if (client.pending) {
      client.pending.push(...events);
      return;
    }
    const fresh = events.filter((event) => event.id > client.lastSent);
    if (fresh.length === 0) return;
    client.lastSent = (fresh[fresh.length - 1] as ChangeEvent).id;
    client.sink.changes(fresh);
  }

  /** Reads what is new in the table and hands it to the clients of its users; one read at a time. */
  private poll(): void {
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    void (async () => {
      try {
        do {
          this.pollAgain = false;
          await this.readNew();
        } while (this.pollAgain);
      } catch (error) {
        this.options.onError(error);
      } finally {
        this.polling = false;
      }
    })();
  }

  private async readNew(): Promise<void> {
    const batch = 1000;
    for (;;) {
      const events = await this.log.after(this.cursor, batch);
      const byUser = new Map<string, ChangeEvent[]>();
      let complete = true;
      for (const event of events) {
        if (event.id !== this.cursor + 1) {
          // Ids are taken in order but may commit out of order across processes (PostgreSQL):
          // wait a moment for the missing one, so no client skips it; a rolled back one never comes.
          const now = Date.now();
          this.gapSince ??= now;
          if (now - this.gapSince < this.options.gapGraceMs) {
            complete = false;
            this.pollAgainLater();
            break;
          }
        }
        this.gapSince = null;
        this.cursor = event.id;
        if (!this.clients.has(event.uid)) continue;
        let list = byUser.get(event.uid);
        if (!list) byUser.set(event.uid, (list = []));
        list.push(event);
      }
      for (const [uid, list] of byUser) {
        for (const client of [...(this.clients.get(uid) ?? [])]) this.deliver(client, list);
      }
      if (!complete || events.length < batch) return;
    }
  }

  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  private pollAgainLater(): void {
    if (this.retryTimer || !this.started) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.poll();
    }, 50);
    this.retryTimer.unref();
  }
}
