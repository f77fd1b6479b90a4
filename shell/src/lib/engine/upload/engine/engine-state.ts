import type { QueueStatus } from '../queue';
import { canResetQueue, queueStatusAfter } from '../queue';
import type { RateEstimate } from '../rate-estimator';
import { createRateEstimate, pauseEstimate, resetEstimate, resumeEstimate, updateEstimate } from '../rate-estimator';
import { isUploadFinal } from '../upload-item';
import { ItemBuckets } from './item-buckets';
import type { UploaderEvents, UploaderListener, UploaderState, UploadItemState } from './types';

type EventListeners = { [E in keyof UploaderEvents]: Set<(payload: UploaderEvents[E]) => void> };

/**
 * The engine's state: items, queue status, totals and the rate estimator,
 * with the notifications. Totals and the pending count are kept as items
 * change (no pass over all items per progress report); the plain
 * {@link UploaderState} snapshot is built when asked for and kept until the
 * next change; subscribers hear of changes at most once per
 * `notifyInterval` ms (the first at the next microtask), with the ids that
 * changed.
 */
export class EngineState {
  private items = new ItemBuckets<UploadItemState>();
  private order: string[] = [];
  private status: QueueStatus = 'idle';
  private estimate: RateEstimate = createRateEstimate();
  private size = 0;
  private progress = 0;
  private pending = 0;
  private unqueued = 0;
  private snapshot: UploaderState | null = null;
  private readonly changed = new Set<string>();
  private flushScheduled = false;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<UploaderListener>();
  private readonly events: EventListeners = { uploaded: new Set(), failed: new Set(), paused: new Set(), resumed: new Set() };

  /**
   * @param now - the clock (ms since the epoch)
   * @param notifyInterval - the least time between two subscriber calls, ms
   * @param logError - where throwing listeners are reported
   */
  constructor(
    private readonly now: () => number,
    private readonly notifyInterval: number,
    private readonly logError: (message: string, error: unknown) => void,
  ) {}

  get(id: string): UploadItemState | undefined {
    return this.items.get(id);
  }

  /** The items in the order added. */
  all(): UploadItemState[] {
    return this.order.map((id) => this.items.get(id) as UploadItemState);
  }

  get queueStatus(): QueueStatus {
    return this.status;
  }

  /**
   * The plain state. Its `items` and `order` are copied from the engine's
   * items when first read, not when the snapshot is made: every
   * notification makes one, and copying (and freezing) a record of a
   * 10,000-item queue each time, for a listener that reads only the queue,
   * kept a big drop's page busy. The snapshot keeps a view of the items as
   * they were (see {@link ItemBuckets}).
   */
  getState(): UploaderState {
    if (!this.snapshot) {
      const item = this.items.view();
      const order = this.order;
      const length = order.length;
      let itemsCopy: Readonly<Record<string, UploadItemState>> | undefined;
      let orderCopy: readonly string[] | undefined;
      this.snapshot = Object.freeze({
        queue: Object.freeze({ status: this.status, size: this.size, progress: this.progress, unqueuedFiles: this.unqueued }),
        get items() {
          return (itemsCopy ??= Object.freeze(Object.fromEntries(order.slice(0, length).map((id) => [id, item(id) as UploadItemState]))));
        },
        // `order` only grows (a reset replaces it): its first `length` ids are the snapshot's.
        get order() {
          return (orderCopy ??= Object.freeze(order.slice(0, length)));
        },
        estimate: this.estimate,
      });
    }
    return this.snapshot;
  }

  subscribe(listener: UploaderListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  on<E extends keyof UploaderEvents>(event: E, listener: (payload: UploaderEvents[E]) => void): () => void {
    const set = this.events[event] as Set<(payload: UploaderEvents[E]) => void>;
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** Adds an item; the queue starts unless paused. */
  add(item: UploadItemState): void {
    this.items.set(item.id, Object.freeze(item));
    this.order.push(item.id);
    this.account(undefined, item);
    if (this.status !== 'paused') this.setStatus(queueStatusAfter('start', { status: this.status, pending: this.pending }));
    this.touched(item.id);
  }

  /**
   * Changes an item. Reaching finished or failed emits `uploaded` or `failed`
   * (files and folders; the batch container only changes state).
   */
  update(id: string, change: (item: UploadItemState) => UploadItemState): UploadItemState | undefined {
    const before = this.items.get(id);
    if (!before) return undefined;
    const after = change(before);
    if (after === before) return before;
    Object.freeze(after);
    this.items.set(id, after);
    this.account(before, after);
    this.setStatus(queueStatusAfter('update', { status: this.status, pending: this.pending }));
    this.touched(id);
    if (after.kind !== 'batch' && after.status !== before.status) {
      if (after.status === 'finished') this.emit('uploaded', after);
      if (after.status === 'failed') this.emit('failed', after);
    }
    return after;
  }

  /** Counts `delta` more (or, negative, fewer) files that running batches will queue (see `QueueInfo.unqueuedFiles`). */
  expectFiles(delta: number): void {
    if (delta === 0) return;
    this.unqueued = Math.max(0, this.unqueued + delta);
    this.touched(null);
  }

  pause(): void {
    if (this.status === 'paused') return;
    this.setStatus(queueStatusAfter('pause', { status: this.status, pending: this.pending }));
    this.emit('paused', undefined);
  }

  resume(): void {
    if (this.status !== 'paused') return;
    this.setStatus(this.pending > 0 ? 'uploading' : 'idle');
    this.emit('resumed', undefined);
  }

  /** Clears the items and the stats, only when idle. */
  reset(): boolean {
    if (!canResetQueue(this.status)) return false;
    for (const id of this.order) this.changed.add(id);
    this.items = new ItemBuckets();
    this.order = [];
    this.size = 0;
    this.progress = 0;
    this.pending = 0;
    this.estimate = resetEstimate(this.estimate);
    this.touched(null);
    return true;
  }

  /** Keeps totals, pending count and the estimate in step with one item's change. */
  private account(before: UploadItemState | undefined, after: UploadItemState): void {
    this.size += after.size - (before?.size ?? 0);
    this.progress += after.uploaded - (before?.uploaded ?? 0);
    const wasPending = before !== undefined && !isUploadFinal(before);
    const isPending = !isUploadFinal(after);
    this.pending += (isPending ? 1 : 0) - (wasPending ? 1 : 0);
    if (before === undefined || before.uploaded !== after.uploaded || before.size !== after.size) {
      this.estimate = updateEstimate(this.estimate, this.progress, this.now(), this.size);
    }
  }

  private setStatus(status: QueueStatus): void {
    if (status === this.status) return;
    this.status = status;
    const now = this.now();
    this.estimate = status === 'uploading' ? resumeEstimate(this.estimate, now) : pauseEstimate(this.estimate, now);
    this.touched(null);
  }

  private emit<E extends keyof UploaderEvents>(event: E, payload: UploaderEvents[E]): void {
    for (const listener of [...this.events[event]] as ((payload: UploaderEvents[E]) => void)[]) {
      try {
        listener(payload);
      } catch (error) {
        this.logError(`An upload "${event}" listener failed`, error);
      }
    }
  }

  private touched(id: string | null): void {
    if (id !== null) this.changed.add(id);
    this.snapshot = null;
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    const wait = this.lastFlush + this.notifyInterval - this.now();
    if (wait <= 0) queueMicrotask(() => this.flush());
    else setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.flushScheduled = false;
    this.lastFlush = this.now();
    const changed = [...this.changed];
    this.changed.clear();
    const state = this.getState();
    for (const listener of [...this.listeners]) {
      try {
        listener(state, changed);
      } catch (error) {
        this.logError('An upload state listener failed', error);
      }
    }
  }
}
