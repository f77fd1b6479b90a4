/** How many buckets the items are spread over. */
const BUCKETS = 64;

/**
 * The bucket, of `count`, that an id falls in (a string hash). The engine's
 * items and the shell's mirror of them are spread the same way.
 */
export function idBucket(id: string, count: number): number {
  let hash = 0;
  for (let index = 0; index < id.length; index += 1) hash = (hash * 31 + id.charCodeAt(index)) | 0;
  return (hash >>> 0) % count;
}

/** The bucket of an id among this store's buckets. */
const bucketOf = (id: string): number => idBucket(id, BUCKETS);

/**
 * Values by id, spread over buckets, with cheap read-only views: a view
 * keeps the buckets as they were, and the next write to a bucket a view
 * holds copies that bucket first (copy on write). The engine takes a view
 * at every notification; copying all of a 10,000-item map each time kept a
 * big drop's page busy, one bucket is a 64th of it.
 */
export class ItemBuckets<T> {
  private readonly buckets: Map<string, T>[] = Array.from({ length: BUCKETS }, () => new Map<string, T>());
  private readonly shared: boolean[] = new Array<boolean>(BUCKETS).fill(false);

  get(id: string): T | undefined {
    return (this.buckets[bucketOf(id)] as Map<string, T>).get(id);
  }

  set(id: string, value: T): void {
    const index = bucketOf(id);
    if (this.shared[index]) {
      this.buckets[index] = new Map(this.buckets[index]);
      this.shared[index] = false;
    }
    (this.buckets[index] as Map<string, T>).set(id, value);
  }

  /** A lookup of the values as they are now, which later writes do not change. */
  view(): (id: string) => T | undefined {
    const captured = this.buckets.slice();
    this.shared.fill(true);
    return (id) => (captured[bucketOf(id)] as Map<string, T>).get(id);
  }
}
