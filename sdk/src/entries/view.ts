import type { FolderNode, Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalBoolean, optionalFunction, optionalOrder, optionalString } from './checks';
import type { Column } from './column';
import { isValidSvg } from './svg';

/** What a view's `getContents` resolves to: the folder itself and its children. */
export interface ViewContents {
  /** The folder that was listed. */
  folder: FolderNode;
  /** Its children. */
  contents: Node[];
}

/** Options of `View.getContents`. */
export interface GetContentsOptions {
  /** Aborted when the list no longer needs the result (product §4: the previous fetch is cancelled). */
  signal?: AbortSignal;
  /**
   * Receives the folder and the first part of its children while the rest is
   * still on its way (a view that streams its listing may call it once; the
   * promise still resolves to the whole folder), so a big folder shows rows
   * early. Ignored by views that list at once.
   */
  onFirstContents?(partial: ViewContents): void;
}

/** A view of the left navigation (product §3): All files, Favorites, Recent, … */
export interface View {
  /** Unique id; also the `{view}` segment of the route. */
  id: string;
  /** Name shown in the navigation and the page heading. */
  name: string;
  /** Short description. */
  caption?: string;
  /** Id of the parent view, for nested views (up to 7 levels). */
  parent?: string;
  /** Sort position in the navigation; default 0. */
  order?: number;
  /** Icon; must be a valid SVG string (see `isValidSvg`). */
  icon: string;
  /** Whether the view starts expanded in the navigation. */
  expanded?: boolean;
  /** Whether the view is pinned to the navigation's bottom. */
  sticky?: boolean;
  /** Whether the child views have been loaded. */
  loaded?: boolean;
  /** Loads the child views on first expansion (product §4). */
  loadChildViews?(view: View): Promise<void>;
  /** Route query values the view navigates with (`dir`, `fileid`). */
  params?: Record<string, string>;
  /** Extra columns of the file list in this view. */
  columns?: Column[];
  /** Renders a custom empty state into `el`. */
  emptyView?(el: HTMLElement): void;
  /** Title of the empty state; default 'No files in here'. */
  emptyTitle?: string;
  /** Text of the empty state; default 'Upload some content or sync with your devices!'. */
  emptyCaption?: string;
  /** Default sorting mode of the view's list; default `basename`. */
  defaultSortKey?: string;
  /**
   * Whether the list sorted by `defaultSortKey` keeps that order whole: favorites and folders
   * are not put first (the user's `sort_favorites_first` / `sort_folders_first` apply again
   * when the user sorts by another column). For a view whose order is its point, such as
   * Recent (newest first). Default false.
   */
  keepsDefaultOrder?: boolean;
  /** Whether the view is hidden from the navigation. */
  hidden?: boolean;
  /** Lists the folder at `path`; aborts when `options.signal` aborts. */
  getContents(path: string, options?: GetContentsOptions): Promise<ViewContents>;
  /**
   * The current ETag of the folder at `path`, asked cheaply (over WebDAV a
   * PROPFIND Depth 0 of `getetag`), or undefined when unknown. With it, going
   * back to a folder listed before keeps the listing the app holds when the
   * folder's ETag is the same, instead of listing the folder again.
   */
  getFolderEtag?(path: string, options?: GetContentsOptions): Promise<string | undefined>;
  /**
   * The folder node at `path` alone, fresh (over WebDAV a PROPFIND Depth 0),
   * or undefined. Preferred to `getFolderEtag` when given: a kept listing
   * whose ETag is the same keeps its rows, and the folder node itself is
   * replaced, since its quota and permissions change without its ETag.
   */
  getFolder?(path: string, options?: GetContentsOptions): Promise<FolderNode | undefined>;
  /**
   * The listing of the folder at `path` kept from an earlier visit (this
   * page load or an earlier one), or undefined. It may be out of date: the
   * app shows it at once and then checks it with `getFolderEtag` (its folder
   * node's `etag` attribute is the ETag it is current for), listing the folder
   * again when the ETag moved.
   */
  getKeptContents?(path: string, options?: GetContentsOptions): Promise<ViewContents | undefined>;
}

/**
 * Why `entry` is not a valid view, or null. product §5: a view needs a string
 * id, a name, a getContents function and a valid SVG icon.
 */
export function validateView(entry: unknown): string | null {
  return firstReason(entry, (view) => [
    needString(view, 'id'),
    needString(view, 'name'),
    needFunction(view, 'getContents'),
    isValidSvg(view['icon']) ? null : 'icon must be a valid SVG string',
    optionalString(view, 'caption'),
    optionalString(view, 'parent'),
    optionalOrder(view),
    optionalBoolean(view, 'expanded'),
    optionalBoolean(view, 'sticky'),
    optionalBoolean(view, 'hidden'),
    optionalBoolean(view, 'keepsDefaultOrder'),
    optionalFunction(view, 'loadChildViews'),
    optionalFunction(view, 'emptyView'),
    optionalFunction(view, 'getFolderEtag'),
    optionalFunction(view, 'getFolder'),
    optionalFunction(view, 'getKeptContents'),
    view['columns'] === undefined || Array.isArray(view['columns']) ? null : 'columns must be an array',
  ]);
}

/** The registry rules of views. */
export const viewKind: RegistryKind<View> = {
  name: 'view',
  validate: validateView,
  duplicateMessage: (id) => `View id ${id} is already registered`,
  displayName: (view) => view.name,
  defaultOrder: 0,
};
