import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { ListImperativeAPI } from 'react-window';
import type { FileAction, Node, Registered, View } from '@cumulus/sdk';
import { useAppDispatch, useAppStore } from '../../model/store/hooks';
import { OnDemand, lazyComponent } from '../../ui/OnDemand';
import { useServices } from '../../ui/ServicesContext';
import { setUserConfig } from '../../model/config/configThunks';
import { openContextMenu } from '../../model/context-menu/contextMenuStore';
import { isActionEnabled } from '../../operations/actions/menuActions';
import { useRunAction } from '../../operations/actions/useRunActions';
import { runFileAction } from '../../operations/actions/runFileAction';
import { fileLink } from '../../operations/actions/useOpenNode';
import { useFilesNavigate } from '../navigation/useFilesNavigate';
import { selectAll, toggleSelection } from '../../model/selection/toggleSelection';
import { selectionCleared } from '../../model/selection/selectionSlice';
import { ActiveRowContext, createActiveRowStore } from './activeRow';
import { isControlTarget, isDialogOpen, isOutsideList, isTypingTarget } from './ignoredTargets';
import { listCommand, matchesHotkey } from './shortcuts';
import type { ListCommand } from './shortcuts';
import { injectKeyboardStyles } from './styles';
import { useLinkedFileRow } from './useLinkedFileRow';

// The active row's marks are these styles too, needed before the help ever opens.
injectKeyboardStyles();

// The '?' help is rarely opened: its code is fetched the first time it is.
const ShortcutsDialog = lazyComponent(() => import('./ShortcutsDialog').then((module) => module.ShortcutsDialog));

/** What the list tells the keyboard about itself. */
export interface KeyboardNavigationProps {
  /** The nodes in displayed order (sorted and filtered). */
  nodes: readonly Node[];
  /** Their sources, same order. */
  order: readonly string[];
  view: View;
  /** Whether the list shows as a grid, `perRow` cells a row. */
  grid: boolean;
  perRow: number;
  /** Whether the grid/list toggle is offered (V does nothing otherwise). */
  canToggleGrid: boolean;
  /** Whether the grid is on (user config `grid_view`), for V. */
  gridView: boolean;
  /** The virtual list, to scroll the active row into view. */
  listRef: RefObject<ListImperativeAPI | null>;
  /** The current folder path, for alt+Up. */
  dir: string;
  /** The folder is loading (the list shows its loading state, no rows): a pending focus waits for its rows. */
  loading?: boolean;
  children: ReactNode;
}

/** Commands that act on the active row and that a focused button, link or checkbox already does by itself. */
const NATIVE_ON_CONTROLS = new Set<ListCommand>(['open', 'toggleSelection']);

/** After a folder change from the keyboard: the folder whose rows take the focus, and the row's path (null: the first row). */
interface FocusAfterMove {
  dir: string;
  path: string | null;
}

/**
 * A folder opened or left from the keyboard: where the focus goes once its listing shows.
 * Kept outside the component, which unmounts while the new folder loads.
 */
const focusAfterMove: { current: FocusAfterMove | null } = { current: null };

/** Whether a node can be acted on: not failed (no actions) nor loading (already busy). */
function isActionable(node: Node): boolean {
  return node.status !== 'failed' && node.status !== 'loading';
}

/** Shift+F10 or the ContextMenu key, which open a context menu from the keyboard. */
function isContextMenuKey(event: KeyboardEvent): boolean {
  if (event.key === 'ContextMenu') return !event.ctrlKey && !event.metaKey && !event.altKey;
  return event.key === 'F10' && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** The parent of a folder path. */
function parentOf(dir: string): string {
  const cut = dir.replace(/\/+$/, '').lastIndexOf('/');
  return cut <= 0 ? '/' : dir.slice(0, cut);
}

/**
 * The file list's keyboard: provides the active row to
 * the rows (roving focus) and handles keys pressed anywhere on the page
 * except while typing, inside the navigation or the sidebar, or while a
 * dialog or menu is open. The list's own shortcuts come first (see
 * `listCommand`); then every registered file action that declares a
 * `hotkey` (built-in F2 rename, Delete, D details, or a plugin's) runs on
 * the selection, or the active row when nothing is selected, if enabled for
 * those nodes, once per press (auto-repeat is ignored), skipping failed and
 * loading nodes. Shift+F10 or the ContextMenu key open the active row's
 * context menu. '?' opens the shortcuts help. A folder opened with Enter
 * or left with alt+Up hands the focus on to the new listing (its first row,
 * or the folder just left) when it would otherwise fall to the page; so does
 * a renamed node's row to its successor, and a control of the list that
 * leaves the page with the focus on it (the batch bar) to the active row.
 */
export function KeyboardNavigation(props: KeyboardNavigationProps) {
  const { host, publicShare } = useServices();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useFilesNavigate();
  const runAction = useRunAction();
  const activeRow = useMemo(createActiveRowStore, []);
  const [helpOpen, setHelpOpen] = useState(false);
  // Read by the one document listener, so it is added once, not on every render.
  const latest = useRef(props);
  latest.current = props;
  useLinkedFileRow(activeRow, props.nodes, props.listRef, props.grid, props.perRow);

  // The focused row leaves the page with the folder it was in: without this the focus would
  // fall to the page's body, and the next Tab would start from the top of the page.
  useEffect(() => {
    const pending = focusAfterMove.current;
    // Not yet while the folder loads (the list shows its loading state): its rows are to come.
    if (pending === null || props.dir !== pending.dir || props.loading === true) return;
    if (props.nodes.length > 0 && props.nodes[0]?.dirname !== pending.dir) return;
    focusAfterMove.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const index = Math.max(0, props.nodes.findIndex((node) => node.path === pending.path));
    const source = props.order[index];
    if (source === undefined) return;
    props.listRef.current?.scrollToRow({ index: props.grid ? Math.floor(index / props.perRow) : index, align: 'smart' });
    activeRow.set(source, true);
  }, [props.dir, props.loading, props.nodes, props.order, props.listRef, props.grid, props.perRow, activeRow]);

  // A renamed node gets a new source and so a new row: the keyboard focus on the old one goes on
  // to it (without this it fell to the page when the old row left).
  useEffect(
    () =>
      host.events.on('files:node:renamed', ({ node, oldSource }) => {
        if (activeRow.get() !== oldSource) return;
        const focused = document.activeElement;
        const onOldRow = focused === null || focused === document.body || (focused instanceof HTMLElement && focused.closest<HTMLElement>('[data-source]')?.dataset['source'] === oldSource);
        activeRow.set(node.source, onOldRow);
      }),
    [activeRow, host],
  );

  // A control of the list that goes away with the focus on it (the batch bar once a batch action
  // ran and the selection cleared) leaves the focus on the page: it goes to the active row.
  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      const { target } = event;
      if (event.relatedTarget !== null || !(target instanceof HTMLElement) || target.closest('.files-table') === null) return;
      setTimeout(() => {
        // Still on the page: the focus left on purpose (a click elsewhere, another window).
        if (target.isConnected || (document.activeElement !== null && document.activeElement !== document.body)) return;
        const source = activeRow.get();
        if (source !== null && latest.current.order.includes(source)) activeRow.set(source, true);
      }, 0);
    };
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, [activeRow]);

  useEffect(() => {
    const moveTo = (index: number) => {
      const { order, grid, perRow, listRef } = latest.current;
      if (order.length === 0) return;
      const clamped = Math.min(order.length - 1, Math.max(0, index));
      listRef.current?.scrollToRow({ index: grid ? Math.floor(clamped / perRow) : clamped, align: 'smart' });
      activeRow.set(order[clamped] ?? null, true);
    };
    const openNode = (node: Node) => {
      const { view } = latest.current;
      if (!isActionable(node)) return;
      if (node.type === 'folder') focusAfterMove.current = { dir: node.path, path: null };
      const action = host.registries.fileActions.getAll().find((candidate) => candidate.default !== undefined && isActionEnabled(candidate, [node], view));
      const link = fileLink(node, publicShare !== undefined);
      if (action !== undefined) void dispatch(runFileAction({ actionId: action.id, source: node.source }));
      else if (link !== undefined) window.location.assign(link);
    };
    const runCommand = (command: ListCommand, shift: boolean): boolean => {
      const { order, nodes, grid, perRow, canToggleGrid, gridView, dir, view } = latest.current;
      const index = order.indexOf(activeRow.get() ?? '');
      const step = grid ? perRow : 1;
      switch (command) {
        case 'next':
          moveTo(index < 0 ? 0 : index + step);
          return true;
        case 'previous':
          moveTo(index < 0 ? 0 : index - step);
          return true;
        case 'right':
        case 'left':
          if (!grid) return false;
          moveTo(index < 0 ? 0 : index + (command === 'right' ? 1 : -1));
          return true;
        case 'first':
          moveTo(0);
          return true;
        case 'last':
          moveTo(order.length - 1);
          return true;
        case 'open': {
          const node = nodes[index];
          if (node === undefined) return false;
          openNode(node);
          return true;
        }
        case 'toggleSelection':
          if (index < 0) return false;
          dispatch(toggleSelection({ order, index, shift }));
          return true;
        case 'selectAll':
          dispatch(selectAll({ order, toggle: false }));
          return true;
        case 'clearSelection':
          if (store.getState().selection.sources.length === 0) return false;
          dispatch(selectionCleared());
          return true;
        case 'toggleGrid':
          if (!canToggleGrid) return false;
          void dispatch(setUserConfig({ key: 'grid_view', value: !gridView }));
          return true;
        case 'parentFolder':
          if (dir === '/') return false;
          // Back in the parent, the folder just left takes the focus.
          focusAfterMove.current = { dir: parentOf(dir), path: dir };
          navigate({ view: view.id, dir: parentOf(dir) });
          return true;
        case 'showShortcuts':
          setHelpOpen(true);
          return true;
      }
    };
    /**
     * The nodes a file action hotkey acts on: the selection in list order,
     * else the active row; failed and loading nodes are left out (product §4
     * "Node status": unavailable, or busy with an action already).
     */
    const hotkeyNodes = (): Node[] => {
      const { nodes } = latest.current;
      const selected = new Set(store.getState().selection.sources);
      if (selected.size > 0) return nodes.filter((node) => selected.has(node.source) && isActionable(node));
      const active = nodes.find((node) => node.source === activeRow.get());
      return active === undefined || !isActionable(active) ? [] : [active];
    };
    const runHotkey = (event: KeyboardEvent): boolean => {
      const { view } = latest.current;
      const actions: readonly Registered<FileAction>[] = host.registries.fileActions.getAll();
      const matching = actions.filter((action) => action.hotkey !== undefined && matchesHotkey(event, action.hotkey));
      if (matching.length === 0) return false;
      // A held key repeats: running again would send the same request again (a second DELETE).
      if (event.repeat) return true;
      const nodes = hotkeyNodes();
      const action = matching.find((candidate) => nodes.length > 0 && isActionEnabled(candidate, nodes, view));
      if (action === undefined) return false;
      // One node: the single runner and its toasts; several: the batch rules (product §4 "Batch action").
      runAction(action.id, nodes.map((node) => node.source));
      return true;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const { target } = event;
      if (isTypingTarget(target) || isDialogOpen(target) || isOutsideList(target)) return;
      if (isContextMenuKey(event)) {
        // Shift+F10 or the ContextMenu key: the keyboard's right click on the active row.
        const { nodes } = latest.current;
        const node = nodes.find((candidate) => candidate.source === activeRow.get());
        if (node === undefined || node.status === 'failed') return;
        event.preventDefault();
        const row = [...document.querySelectorAll<HTMLElement>('[data-source]')].find((element) => element.dataset['source'] === node.source);
        const rect = row?.getBoundingClientRect();
        const selected = store.getState().selection.sources;
        const sources = selected.length > 1 && selected.includes(node.source) ? [...selected] : [node.source];
        openContextMenu({ x: (rect?.left ?? 0) + 48, y: (rect?.top ?? 0) + (rect?.height ?? 0) / 2, sources });
        return;
      }
      const command = listCommand(event);
      if (command !== null && NATIVE_ON_CONTROLS.has(command) && isControlTarget(target)) return;
      const handled = command !== null ? runCommand(command, event.shiftKey) : runHotkey(event);
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [activeRow, dispatch, host, navigate, runAction, store, publicShare]);

  return (
    <ActiveRowContext.Provider value={activeRow}>
      {props.children}
      {helpOpen && (
        <OnDemand>
          <ShortcutsDialog onClose={() => setHelpOpen(false)} />
        </OnDemand>
      )}
    </ActiveRowContext.Provider>
  );
}
