import type { FileService } from './file-service';

/**
 * The ids of the nodes one user marked as favorites, as a view of the files shows them on the
 * owners' entries it gives back (a mark is its user's own, never the owner's): read once,
 * before the first owner's entry is shown, then kept up to date by the view's own changes. A
 * public link's visitor is nobody and has none.
 */
export class FavoriteMarks {
  private marks: Set<number> | null = null;
  private read: Promise<void> | null = null;

  /** @param base where the marks are stored; @param uid whose marks; @param anonymous a public link's visitor */
  constructor(
    private readonly base: Pick<FileService, 'favoriteIds'>,
    private readonly uid: string,
    private readonly anonymous: boolean,
  ) {}

  /** Reads the marks (once). */
  load(): Promise<void> {
    if (this.anonymous) {
      this.marks ??= new Set();
      return Promise.resolve();
    }
    this.read ??= this.base.favoriteIds(this.uid).then((ids) => {
      this.marks = new Set(ids);
    });
    return this.read;
  }

  /** True when the user marked the node (false before {@link load}). */
  has(fileid: number): boolean {
    return this.marks?.has(fileid) === true;
  }

  /** The marked ids (none before {@link load}). */
  ids(): number[] {
    return [...(this.marks ?? [])];
  }

  /** Records a mark the user just set or cleared (nothing before {@link load}). */
  set(fileid: number, marked: boolean): void {
    if (marked) this.marks?.add(fileid);
    else this.marks?.delete(fileid);
  }
}
