import type { FolderNode, Node } from '../node/types';
import type { ShellCommands } from './shell-commands';
import type { View } from './view';

/**
 * What every entry is invoked with: a file action's `exec`/`execBatch`/`renderInline`, a
 * file-list action's and a breadcrumb action's `exec`, a New-menu entry's `handler`, a node
 * indicator's `badge` and `exec`, a column's `render`, a sidebar tab's and a settings
 * section's `mount`. One shape for all of them, so a plugin reads the same names everywhere.
 * The shell builds a fresh, frozen context for each call; it is valid during that call and
 * what the call awaits (a `mount`: until its cleanup runs). An entry invoked on one node gets
 * `EntryContext<readonly [Node]>`, so `const { nodes: [node] } = ctx` is that node.
 */
export interface EntryContext<Nodes extends readonly Node[] = readonly Node[]> {
  /**
   * The nodes the entry works on: the node (`exec`) or the nodes (`execBatch`) of a file
   * action; the row's node for a column, an indicator and a sidebar tab; the folder on screen
   * for a breadcrumb action; what the list shows for a file-list action and a New-menu entry;
   * none for a settings section.
   */
  readonly nodes: Nodes;
  /** The view on screen. */
  readonly view: View;
  /** The folder on screen (in a view of its own, such as Favorites, that view's root). */
  readonly folder: FolderNode;
  /** What the shell lets the entry do: open the details sidebar, … */
  readonly shell: ShellCommands;
  /**
   * Aborted when the work is no longer wanted: for `exec`, `execBatch` and `handler` when the
   * user leaves the folder or view the entry was invoked in (the shell still waits for the
   * result); for `mount`, `render` and `renderInline` when the shell takes the element back
   * (the tab, the section or the row goes, or shows another node). Hand it to `fetch` and to
   * the SDK's DAV helpers. A synchronous `badge` gets a signal that never aborts.
   */
  readonly signal: AbortSignal;
}

/** What {@link entryContext} builds a context from. */
export interface EntryContextParts<Nodes extends readonly Node[]> {
  nodes: Nodes;
  view: View;
  folder: FolderNode;
  /** Default: commands that do nothing (`openDetails` answers false), for a plugin's own tests. */
  shell?: ShellCommands;
  /** Default: a signal that never aborts. */
  signal?: AbortSignal;
}

const NEVER_ABORTED: AbortSignal = new AbortController().signal;
const NO_COMMANDS: ShellCommands = Object.freeze({ openDetails: () => false });

/**
 * Builds the frozen context an entry is invoked with. The shell invokes every entry through
 * it; a plugin's tests call their entries the same way:
 * `action.exec(entryContext({ nodes: [node], view, folder }))`.
 */
export function entryContext<const Nodes extends readonly Node[]>(parts: EntryContextParts<Nodes>): EntryContext<Nodes> {
  const { nodes, view, folder, shell = NO_COMMANDS, signal = NEVER_ABORTED } = parts;
  return Object.freeze({ nodes: Object.freeze([...nodes]) as unknown as Nodes, view, folder, shell, signal });
}
