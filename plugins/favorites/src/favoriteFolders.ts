import type { Node, ScopedRegistry, View } from '@cumulus/sdk';
import type { Unregister } from '@cumulus/sdk';
import { FOLDER_ICON } from './icons';

/** A favorite folder: where its child view goes. */
export interface FavoriteFolder {
  path: string;
  fileid?: number;
}

/** The id of the child view of a favorite folder: `favorite-` and a hash of its path (Nextcloud's scheme). */
export function favoriteViewId(path: string): string {
  let hash = 0;
  for (let i = 0; i < path.length; i += 1) hash = (Math.imul(31, hash) + path.charCodeAt(i)) | 0;
  return `favorite-${(hash >>> 0).toString(36)}`;
}

/** The last segment of a path. */
function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path;
}

/**
 * The child views of the Favorites view, one per favorite folder, sorted by path (Nextcloud's
 * `files/favoriteFolders`): each opens its folder in the Favorites view's listing.
 */
export class FavoriteFolderViews {
  private folders = new Map<string, FavoriteFolder>();
  private undos: Unregister[] = [];

  constructor(
    private readonly views: ScopedRegistry<View>,
    private readonly parent: string,
    private readonly getContents: View['getContents'],
  ) {}

  /** The paths of the folders with a child view, sorted. */
  paths(): string[] {
    return [...this.folders.keys()].sort();
  }

  /** Replaces all child views with those of `folders`. */
  set(folders: readonly FavoriteFolder[]): void {
    this.folders = new Map(folders.map((folder) => [folder.path, folder]));
    this.render();
  }

  /** Adds the child view of a folder just marked a favorite. */
  add(node: Node): void {
    if (node.type !== 'folder' || this.folders.has(node.path)) return;
    this.folders.set(node.path, { path: node.path, ...(node.fileid !== undefined ? { fileid: node.fileid } : {}) });
    this.render();
  }

  /** Removes the child view of a folder no longer a favorite. */
  remove(node: Node): void {
    if (this.folders.delete(node.path)) this.render();
  }

  /** Takes every child view back. */
  clear(): void {
    for (const undo of this.undos.splice(0)) undo();
  }

  private render(): void {
    this.clear();
    // Registered again in path order: the registry sorts by order first.
    this.paths().forEach((path, order) => {
      const folder = this.folders.get(path) as FavoriteFolder;
      this.undos.push(
        this.views.register({
          id: favoriteViewId(path),
          name: basename(path),
          caption: path,
          parent: this.parent,
          order,
          icon: FOLDER_ICON,
          params: { dir: path, ...(folder.fileid !== undefined ? { fileid: String(folder.fileid) } : {}) },
          getContents: this.getContents,
        }),
      );
    });
  }
}
