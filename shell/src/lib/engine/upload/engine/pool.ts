import { abortError } from './transport';

/** A job's place in line: compared element by element, lowest first. */
export type Priority = readonly number[];

interface Job {
  priority: Priority;
  /** Insertion order, for ties. */
  seq: number;
  start: () => void;
  /** Set when the job left the line without starting (aborted). */
  dropped: boolean;
}

function before(a: Job, b: Job): boolean {
  const length = Math.max(a.priority.length, b.priority.length);
  for (let i = 0; i < length; i++) {
    const x = a.priority[i] ?? -1;
    const y = b.priority[i] ?? -1;
    if (x !== y) return x < y;
  }
  return a.seq < b.seq;
}

/**
 * One pool of parallel upload requests shared by every file and chunk (spec
 * product §9 "Parallel upload jobs"). Waiting jobs start by priority, so the chunks
 * of an earlier file go before a later file's: files finish one after the
 * other instead of all crawling along together. Only requests hold a slot,
 * never a whole file, so a file waiting for its chunks cannot starve them.
 * Paused, it starts nothing new; running jobs finish, except those started
 * as interruptible (the uploads' PUTs, which carry the bytes): their
 * interrupt signal aborts, and the sender puts them back in line, to go
 * again on resume. A pause stops the bytes at once, as a user expects; a
 * one-request upload does not run on to its end under a 'paused' label.
 */
export class RequestPool {
  private readonly heap: Job[] = [];
  private running = 0;
  private seq = 0;
  private paused = false;
  /** The interrupt controllers of the interruptible jobs running now. */
  private readonly interruptible = new Set<AbortController>();

  /** @param limit - the most jobs running at once (at least 1) */
  constructor(private limit: number) {
    this.limit = Math.max(1, Math.floor(limit));
  }

  /** Jobs running now. */
  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.heap.filter((job) => !job.dropped).length;
  }

  /** Stops starting jobs, and interrupts the interruptible ones running. */
  pause(): void {
    this.paused = true;
    for (const controller of [...this.interruptible]) controller.abort();
  }


  /** Starts jobs again. */
  resume(): void {
    this.paused = false;
    this.drain();
  }

  /**
   * Runs `task` when a slot is free and its turn comes. A signal that aborts
   * while the job waits takes it out of the line (rejecting with an
   * `AbortError`); once started, the task itself must honour the signal.
   * An `interruptible` task is given a signal that a pause aborts.
   */
  run<T>(priority: Priority, task: (interrupt: AbortSignal) => Promise<T>, signal?: AbortSignal, interruptible = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const onAbort = (): void => {
        job.dropped = true;
        reject(abortError());
      };
      const job: Job = {
        priority,
        seq: this.seq++,
        dropped: false,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running += 1;
          const interrupt = new AbortController();
          if (interruptible) this.interruptible.add(interrupt);
          let settled: Promise<T>;
          try {
            settled = task(interrupt.signal);
          } catch (error) {
            settled = Promise.reject(error);
          }
          settled.then(resolve, reject).finally(() => {
            this.interruptible.delete(interrupt);
            this.running -= 1;
            this.drain();
          });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.push(job);
      this.drain();
    });
  }

  private drain(): void {
    while (!this.paused && this.running < this.limit) {
      const job = this.pop();
      if (!job) return;
      if (!job.dropped) job.start();
    }
  }

  private push(job: Job): void {
    const heap = this.heap;
    heap.push(job);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Job, heap[parent] as Job)) break;
      [heap[i], heap[parent]] = [heap[parent] as Job, heap[i] as Job];
      i = parent;
    }
  }

  private pop(): Job | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && before(heap[left] as Job, heap[smallest] as Job)) smallest = left;
        if (right < heap.length && before(heap[right] as Job, heap[smallest] as Job)) smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest] as Job, heap[i] as Job];
        i = smallest;
      }
    }
    return top;
  }
}
