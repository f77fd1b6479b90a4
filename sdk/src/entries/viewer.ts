import type { FileNode, Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalOrder } from './checks';

/**
 * What a viewer may do with the file it shows, and the way back to the frame.
 * One object, as every entry's invocation (`exec(ctx)`): a viewer reads what it
 * needs and ignores the rest, so the host can add fields without breaking it.
 */
export interface ViewerContext {
  /** The element the viewer renders into (the frame's content area). */
  readonly el: HTMLElement;
  /** The file on screen. */
  readonly node: FileNode;
  /** The list the file belongs to, in the list's current sort and filter order. */
  readonly nodes: readonly Node[];
  /** Aborted when the viewer is unmounted (closed, or another file is shown): stop fetches with it. */
  readonly signal: AbortSignal;
  /** Whether the user may download the file (false on a share that hides download). */
  readonly canDownload: boolean;
  /** Whether the file is shown on a public link page (no account, no user actions). */
  readonly publicMode: boolean;
  /** The interface language (BCP 47), for `Intl` dates and numbers. */
  readonly language: string;
  /** Closes the viewer. */
  close(): void;
  /** Shows the next file of `nodes` (wraps round). */
  next(): void;
  /** Shows the previous file of `nodes` (wraps round). */
  previous(): void;
}

/** A viewer of the viewer frame: opens files of the MIME types it declares. */
export interface Viewer {
  /** Unique id. */
  id: string;
  /** Name of the viewer, for menus and error messages. */
  name: string;
  /**
   * MIME types opened: exact (`application/pdf`), a type's every subtype
   * (`image/*`) or anything (`*\/*`, for a fallback panel). Lower case, no parameters.
   */
  mimes: readonly string[];
  /** Sort position; the first viewer in order that matches a file opens it. Default 0. */
  order?: number;
  /**
   * Renders `ctx.node` into `ctx.el`. May return a cleanup function, which the
   * frame calls before showing another file or closing; `ctx.signal` aborts then too.
   */
  mount(ctx: ViewerContext): void | (() => void);
}

/** A MIME type or pattern a viewer may declare: `type/subtype`, `type/*` or `*\/*`. */
const MIME_PATTERN = /^(?:\*\/\*|[a-z0-9][a-z0-9!#$&^_.+-]*\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]*))$/;

/** Whether `pattern` (as a viewer declares it) covers `mime`; case and parameters of `mime` are ignored. */
export function mimeMatches(pattern: string, mime: string): boolean {
  const type = mime.split(';', 1)[0]!.trim().toLowerCase();
  if (!type.includes('/')) return false;
  if (pattern === '*/*') return true;
  if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
  return type === pattern;
}

/** Whether `viewer` declares a type that covers `mime`. */
export function viewerHandles(viewer: Pick<Viewer, 'mimes'>, mime: string): boolean {
  return viewer.mimes.some((pattern) => mimeMatches(pattern, mime));
}

/**
 * The viewer that opens `mime`: the first of `viewers` (as the registry sorts
 * them, by order) that declares a matching type, or undefined.
 */
export function findViewer<V extends Pick<Viewer, 'mimes'>>(viewers: readonly V[], mime: string): V | undefined {
  return viewers.find((viewer) => viewerHandles(viewer, mime));
}

/** Why `entry` is not a valid viewer, or null: it needs id, name, a non-empty list of MIME patterns and mount. */
export function validateViewer(entry: unknown): string | null {
  return firstReason(entry, (viewer) => [
    needString(viewer, 'id'),
    needString(viewer, 'name'),
    validMimes(viewer['mimes']),
    needFunction(viewer, 'mount'),
    optionalOrder(viewer),
  ]);
}

function validMimes(mimes: unknown): string | null {
  if (!Array.isArray(mimes) || mimes.length === 0) return 'mimes must be a non-empty array of MIME types';
  const bad = mimes.find((mime) => typeof mime !== 'string' || !MIME_PATTERN.test(mime));
  return bad === undefined ? null : `mimes: ${JSON.stringify(bad)} is not a MIME type (type/subtype, type/* or */*, lower case)`;
}

/** The registry rules of viewers. */
export const viewerKind: RegistryKind<Viewer> = {
  name: 'viewer',
  validate: validateViewer,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (viewer) => viewer.name,
  defaultOrder: 0,
};
