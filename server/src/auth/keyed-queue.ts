/**
 * Lets the holders of one key run one at a time, in arrival order. A waiter whose signal
 * aborts (its client went away) leaves the queue without ever holding the key.
 */
export class KeyedQueue {
  /** For each held key, the waiters behind its holder. */
  private readonly waiting = new Map<string, Array<() => void>>();

  /** Waits until `key` is free and holds it; the returned function frees it (once; later calls do nothing). */
  async acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const waiters = this.waiting.get(key);
    if (!waiters) {
      this.waiting.set(key, []);
      return this.releaser(key);
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const at = waiters.indexOf(wake);
        if (at >= 0) waiters.splice(at, 1);
        reject(signal?.reason);
      };
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      waiters.push(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return this.releaser(key);
  }

  /** Keys held or waited for (for tests: an empty queue leaves nothing behind). */
  get size(): number {
    return this.waiting.size;
  }

  private releaser(key: string): () => void {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.get(key)?.shift();
      if (next) next();
      else this.waiting.delete(key);
    };
  }
}
