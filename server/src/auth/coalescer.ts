interface Running<T> {
  promise: Promise<T>;
  callers: number;
  controller: AbortController;
}

/**
 * Runs one piece of work per key at a time and gives its result to every caller that asks
 * for the same key meanwhile. A caller whose signal aborts stops waiting; when every caller
 * has gone, the work's own signal aborts too.
 */
export class Coalescer<T> {
  private readonly running = new Map<string, Running<T>>();

  async run(key: string, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    let entry = this.running.get(key);
    if (!entry) {
      const controller = new AbortController();
      const started: Running<T> = { promise: work(controller.signal), callers: 0, controller };
      const forget = (): void => {
        if (this.running.get(key) === started) this.running.delete(key);
      };
      // Handles a rejection too, so work abandoned by every caller is no unhandled rejection.
      started.promise.then(forget, forget);
      this.running.set(key, started);
      entry = started;
    }
    const joined = entry;
    joined.callers += 1;
    if (!signal) return joined.promise;
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        joined.callers -= 1;
        if (joined.callers === 0) {
          if (this.running.get(key) === joined) this.running.delete(key);
          joined.controller.abort(signal.reason);
        }
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      joined.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** Pieces of work running (for tests). */
  get size(): number {
    return this.running.size;
  }
}
