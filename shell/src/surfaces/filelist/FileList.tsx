import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { List, useListRef } from 'react-window';
import type { RowComponentProps } from 'react-window';
import { GRID_BUFFER_ROWS, GRID_CELL_HEIGHT, LIST_BUFFER_ROWS, ROW_HEIGHT, showsGridToggle } from '../../lib/engine';
import type { Column, Node, Registered, View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { useT } from '../../ui/ServicesContext';
import { useElementWidth } from '../../ui/useElementWidth';
import { selectEnableNonAccessibleFeatures, selectGridView, selectUserConfig } from '../../model/config/selectors';
import { folderReloadRequested } from '../../model/base/folderActions';
import { selectCurrentContents, selectCurrentFolder, selectIsCurrentFolderListed, selectIsLoading, selectLoadError } from '../../model/folder/selectors';
import { selectDir, selectFileId } from '../../model/navigation/selectors';
import { useFilesNavigate } from '../navigation/useFilesNavigate';
import { useCurrentView } from '../views/useCurrentView';
import { useListDragging } from '../drag/useListDragging';
import { KeyboardNavigation } from '../keyboard/KeyboardNavigation';
import { useRenamingAmong } from '../../model/rename/renameStore';
import { EmptyState } from './EmptyState';
import { FileListFooter } from './FileListFooter';
import { FileListHeader } from './FileListHeader';
import { FileRow } from './FileRow';
import { GridCell } from './GridCell';
import { LoadFailure } from './LoadFailure';
import { LoadingState } from './LoadingState';
import { gridColumnCount, rowLayout } from './rowLayout';
import type { RowLayout } from './rowLayout';
import { runFileAction } from '../../operations/actions/runFileAction';
import { noteListScroll } from '../node-preview/scrollActivity';
import { injectFileListStyles } from './styles';
import { useListColumns } from './useListColumns';
import { useOpenNode } from '../../operations/actions/useOpenNode';
import { sourcesOf } from './shownSources';
import { useVisibleNodes } from './useVisibleNodes';

injectFileListStyles();

/** What every virtual row receives. */
interface RowData {
  nodes: Node[];
  /** The shown order's sources, read at a click (the same object from render to render). */
  order: RefObject<string[]>;
  view: View;
  columns: readonly Registered<Column>[];
  layout: RowLayout;
  crop: boolean;
  now: number;
  perRow: number;
  onOpen(node: Node, event: React.MouseEvent): void;
  onRunAction(actionId: string, node: Node): void;
}

function ListRow({ index, style, nodes, ariaAttributes: _aria, perRow: _perRow, ...rest }: RowComponentProps<RowData>) {
  const node = nodes[index];
  if (node === undefined) return null;
  // The row sets its own ARIA (a row of a grid, not a list item): the list's new object each render would only re-render it.
  return <FileRow node={node} index={index} style={style} {...rest} />;
}

/** What the keyboard acts on while the folder loads: nothing (the same objects every render). */
const NO_NODES: readonly Node[] = [];
const NO_SOURCES: readonly string[] = [];

/*
 * Rows are keyed by what they show, not by their index: after a re-sort a row
 * keeps its own state (a failed preview, a focused control) with its node.
 */
const listRowKey = (index: number, { nodes }: RowData): React.Key => nodes[index]?.source ?? index;
const gridRowKey = (index: number, { nodes, perRow }: RowData): React.Key => nodes[index * perRow]?.source ?? index;

function GridRow({ index, style, nodes, perRow, view, order, crop, onOpen, onRunAction }: RowComponentProps<RowData>) {
  const cells = nodes.slice(index * perRow, index * perRow + perRow);
  const renaming = useRenamingAmong(cells.map((node) => node.source));
  return (
    <div role="row" className={`files-grid-row${renaming ? ' files-grid-row--renaming' : ''}`} style={style}>
      {cells.map((node, offset) => (
        <GridCell key={node.source} node={node} index={index * perRow + offset} view={view} order={order} crop={crop} onOpen={onOpen} onRunAction={onRunAction} />
      ))}
    </div>
  );
}

/**
 * The file list of the current folder (product §2): header, virtual rows (or
 * grid rows) and footer in one scroll container, or the empty, loading,
 * failure or 'File not found' state.
 */
export function FileList() {
  const t = useT();
  const dispatch = useAppDispatch();
  const view = useCurrentView();
  const folder = useAppSelector(selectCurrentFolder);
  const listed = useAppSelector(selectIsCurrentFolderListed);
  const loading = useAppSelector(selectIsLoading);
  const error = useAppSelector(selectLoadError);
  const dir = useAppSelector(selectDir);
  const fileid = useAppSelector(selectFileId);
  const config = useAppSelector(selectUserConfig);
  const gridView = useAppSelector(selectGridView);
  const enableNonAccessibleFeatures = useAppSelector(selectEnableNonAccessibleFeatures);
  const columns = useListColumns(view);
  const nodes = useVisibleNodes(view, columns);
  const contents = useAppSelector(selectCurrentContents);
  const navigate = useFilesNavigate();
  const onOpen = useOpenNode(view);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(scroller);
  // The width hides only the toggle (product §2): a grid chosen on a wide screen stays a grid on a narrow one.
  const grid = gridView && enableNonAccessibleFeatures;
  const layout = useMemo(() => rowLayout(width, columns.length), [width, columns.length]);
  const order = useMemo(() => sourcesOf(nodes), [nodes]);
  // The rows read the order at a click: a live batch re-renders only the rows it changes.
  const orderRef = useRef(order);
  useLayoutEffect(() => {
    orderRef.current = order;
  }, [order]);
  const now = useListClock(nodes, `${view?.id ?? ''}:${dir}`);
  const onRunAction = useCallback((actionId: string, node: Node) => void dispatch(runFileAction({ actionId, source: node.source })), [dispatch]);

  // A new folder starts at the top (product §4 "directory change … scrolls to top").
  useEffect(() => {
    scroller?.scrollTo?.({ top: 0 });
  }, [scroller, view?.id, dir]);
  // Arrow keys scroll the active row into view; dragging rows scrolls near the edges.
  const listRef = useListRef(null);
  useListDragging(scroller);
  useEffect(() => {
    if (scroller === null) return;
    const onScroll = () => noteListScroll();
    scroller.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => scroller.removeEventListener('scroll', onScroll, { capture: true });
  }, [scroller]);
  useEffect(() => void (nodes.length > 0 && performance.mark?.('files:first-rows', { detail: { dir, count: nodes.length } })), [dir, nodes.length > 0]); // bench:ui
  useEffect(() => void (!loading && folder !== undefined && performance.mark?.('files:list-ready', { detail: { dir, count: nodes.length } })), [loading, folder, nodes, dir]); // bench:ui

  // An unknown view fails too (product §8 'Folder not found'): the error comes before waiting for the view.
  if (error !== null) return <LoadFailure error={error} onRetry={() => dispatch(folderReloadRequested())} />;
  if (view === undefined) return <LoadingState />;
  // product §2: the big loading icon until the folder's own listing arrives; a sub-folder known from its parent has no contents yet.
  // It shows in the list's own scroll container (the same element the rows come into): the rows are then laid out once, at
  // the container's width, instead of at a guess first and again when the container they came with was measured.
  if (folder === undefined || !listed) {
    if (!loading) return null;
    // No rows yet: the keys have nothing to act on (nodes known from elsewhere are not shown, so not theirs).
    return (
      <KeyboardNavigation nodes={NO_NODES} order={NO_SOURCES} view={view} grid={false} perRow={1} canToggleGrid={false} gridView={gridView} listRef={listRef} dir={dir} loading>
        <div className="files-list files-list--loading" ref={setScroller} data-layout={grid ? 'grid' : 'list'}>
          <LoadingState />
        </div>
      </KeyboardNavigation>
    );
  }

  // product §8 'File not found': against everything listed, not only what the filters let through.
  const missingFile = fileid !== null && folder.fileid !== fileid && !contents.some((node) => node.fileid === fileid) && !loading;
  if (nodes.length === 0) {
    return (
      <KeyboardNavigation nodes={nodes} order={order} view={view} grid={false} perRow={1} canToggleGrid={showsGridToggle(width, enableNonAccessibleFeatures)} gridView={gridView} listRef={listRef} dir={dir}>
        {missingFile && <FileNotFound />}
        <EmptyState view={view} pluginId={view.pluginId} dir={dir} onGoBack={() => navigate({ view: view.id, dir: parentDir(dir) })} />
      </KeyboardNavigation>
    );
  }
  const perRow = gridColumnCount(width);
  const rowData: RowData = { nodes, order: orderRef, view, columns, layout, crop: config.crop_image_previews, now, perRow, onOpen, onRunAction };
  return (
    <KeyboardNavigation nodes={nodes} order={order} view={view} grid={grid} perRow={perRow} canToggleGrid={showsGridToggle(width, enableNonAccessibleFeatures)} gridView={gridView} listRef={listRef} dir={dir}>
    <div className="files-list" ref={setScroller} data-layout={grid ? 'grid' : 'list'}>
      {missingFile && <FileNotFound />}
      <div role="grid" aria-label={t('List of files and folders.')} aria-rowcount={nodes.length + 2} className="files-table">
        <div role="rowgroup" className="files-table__head">
          <FileListHeader view={view} sources={order} columns={columns} layout={layout} />
        </div>
        <List
          role="rowgroup"
          className="files-table__body"
          scrollElement={scroller}
          defaultHeight={800}
          rowCount={grid ? Math.ceil(nodes.length / perRow) : nodes.length}
          rowHeight={grid ? GRID_CELL_HEIGHT : ROW_HEIGHT}
          overscanCount={grid ? GRID_BUFFER_ROWS : LIST_BUFFER_ROWS}
          rowComponent={grid ? GridRow : ListRow}
          rowKey={grid ? gridRowKey : listRowKey}
          listRef={listRef}
          rowProps={rowData}
        />
        <div role="rowgroup" className="files-table__foot">
          <FileListFooter nodes={nodes} view={view} columns={columns} layout={layout} />
        </div>
      </div>
    </div>
    </KeyboardNavigation>
  );
}

function FileNotFound() {
  const t = useT();
  return (
    <p role="alert" className="files-notice files-notice--error">
      {t('File not found')}
    </p>
  );
}

/** How long the rows' clock is kept while the shown nodes change, ms: under the minute relative times count in. */
const CLOCK_STEP_MS = 15_000;

/**
 * One clock for the rows, so relative times and fades agree across them: taken when a folder
 * is shown, and again when its nodes change once it is {@link CLOCK_STEP_MS} old. The live
 * batches of a burst keep one clock and so re-render only the rows they change; a row changed
 * a moment ago still reads 'now'.
 */
function useListClock(nodes: readonly Node[], folder: string): number {
  const clock = useRef({ folder, at: 0 });
  return useMemo(() => {
    const time = Date.now();
    if (nodes.length >= 0 && (clock.current.folder !== folder || time - clock.current.at >= CLOCK_STEP_MS)) clock.current = { folder, at: time };
    return clock.current.at;
  }, [nodes, folder]);
}

/** The parent of a folder path. */
function parentDir(dir: string): string {
  const cut = dir.replace(/\/+$/, '').lastIndexOf('/');
  return cut <= 0 ? '/' : dir.slice(0, cut);
}
