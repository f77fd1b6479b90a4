import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../../../errors';

/**
 * `<dataDir>/tmp/`: files being written (PUT), copies being built and nodes set aside
 * during a COPY or MOVE that replaces its destination. It sits on the same file system as
 * the user roots, so what is finished there moves into place with one rename, and outside
 * them, so listings and the disk checks never see it.
 *
 * Every entry is reserved by the operation that makes it; whatever no running operation
 * holds is a leftover of a crash (or of a failed clean-up), removed by {@link sweep} at
 * start-up and then periodically.
 */
export class TempArea {
  /** The names held by running operations. */
  private readonly live = new Set<string>();

  /**
   * @param dir the folder (`<dataDir>/tmp`)
   * @param tag this server process's tag (8 hex digits, `instances.ts`), the start of every
   *   name it hands out: other processes sharing the folder keep what a live one holds
   */
  constructor(
    readonly dir: string,
    readonly tag: string = randomBytes(4).toString('hex'),
  ) {}

  /** Reserves a fresh name (`<kind>-<tag><random><suffix>`) for a running operation; the folder is created when missing. */
  async reserve(kind: string, suffix = ''): Promise<string> {
    const name = `${kind}-${this.tag}${randomBytes(8).toString('hex')}${suffix}`;
    this.live.add(name);
    await mkdir(this.dir, { recursive: true });
    return name;
  }

  /** Marks a name as held again (a name read back from the operation journal). */
  hold(name: string): void {
    this.live.add(name);
  }

  /** The operation is done with the name (what is left under it is swept). */
  release(name: string): void {
    this.live.delete(name);
  }

  /** The local path of a name, which must be one this area hands out (it may come from the database). */
  path(name: string): string {
    if (!/^[a-z]+-[0-9a-f]{24}(\.part)?$/.test(name)) fail('bad-request', 'Not a temporary name');
    return join(this.dir, name);
  }

  /**
   * Removes every entry no running operation holds; returns how many went. `running` are the
   * tags of the server processes alive on the same data dir: their names are theirs to sweep.
   */
  async sweep(running: ReadonlySet<string> = new Set()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (this.live.has(name)) continue;
      const tag = /^[a-z]+-([0-9a-f]{8})/.exec(name)?.[1];
      if (tag !== undefined && tag !== this.tag && running.has(tag)) continue;
      await rm(join(this.dir, name), { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }
}
