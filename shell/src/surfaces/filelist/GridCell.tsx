import { memo } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { THUMBNAIL_SIZE_GRID } from '@cumulus/sdk';
import { GRID_PREVIEW_SIZE, selectRange } from '../../lib/engine';
import type { Node, View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector, useAppStore } from '../../model/store/hooks';
import { useT } from '../../ui/ServicesContext';
import { useNodeDrag } from '../drag/useNodeDrag';
import { useRovingRow } from '../keyboard/useRovingRow';
import { selectionChanged, selectionCleared } from '../../model/selection/selectionSlice';
import { openRowContextMenu } from '../../model/context-menu/contextMenuStore';
import { RenameField } from '../../operations/rename/OnDemandRenameField';
import { useRenameTarget } from '../../model/rename/renameStore';
import { NodeActions } from './NodeActions';
import { NodeIndicators } from '../plugin-slots/NodeIndicators';
import { NodePreview } from '../node-preview/NodePreview';

/** One grid cell (product §9: 198×246 with a 166 px preview): preview, checkbox, name and actions. */
export const GridCell = memo(function GridCell({
  node,
  index,
  view,
  order,
  crop,
  onOpen,
  onRunAction,
}: {
  node: Node;
  index: number;
  view: View;
  /** Sources in displayed order, read at a shift-click (see FileRow). */
  order: RefObject<string[]>;
  crop: boolean;
  onOpen(node: Node, event: MouseEvent): void;
  onRunAction(actionId: string, node: Node): void;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const selected = useAppSelector((state) => state.selection.sources.includes(node.source));
  const roving = useRovingRow(node.source);
  const drag = useNodeDrag(node);
  const renaming = useRenameTarget(node.source);
  const toggle = (shift: boolean) => {
    const { sources: current, lastIndex } = store.getState().selection;
    const sources = shift
      ? selectRange(order.current, lastIndex, index, current)
      : selected
        ? current.filter((source) => source !== node.source)
        : [...current, node.source];
    dispatch(selectionChanged({ sources, lastIndex: index }));
  };
  return (
    <div
      role="gridcell"
      className={`files-grid-cell${selected ? ' files-grid-cell--selected' : ''}${node.status ? ` files-row--${node.status}` : ''}${roving.active ? ' files-grid-cell--active' : ''}${drag.dropTarget ? ' files-grid-cell--drop-target' : ''}${drag.dragged ? ' files-grid-cell--dragging' : ''}`}
      aria-selected={selected}
      {...roving.props}
      {...drag.props}
      data-source={node.source}
      data-fileid={node.fileid}
      data-type={node.type}
      onContextMenu={(event) => node.status !== 'failed' && openRowContextMenu(event, node.source, store.getState().selection.sources)}
    >
      <input
        type="checkbox"
        className="files-grid-cell__checkbox"
        checked={selected}
        aria-label={t('Toggle selection for file "{displayName}"', { displayName: node.displayname })}
        onChange={() => undefined}
        onClick={(event) => toggle(event.shiftKey)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') dispatch(selectionCleared());
        }}
        disabled={node.status === 'loading'}
      />
      {renaming !== null ? <RenameField node={node} /> : <button type="button" className="files-grid-cell__open" onClick={(event) => onOpen(node, event)} onAuxClick={(event) => onOpen(node, event)} title={node.displayname}>
        <NodePreview node={node} size={THUMBNAIL_SIZE_GRID} crop={crop} displaySize={GRID_PREVIEW_SIZE} />
        <span className="files-grid-cell__name" dir="auto">{node.displayname}</span>
      </button>}
      {renaming === null && <NodeIndicators node={node} view={view} />}
      <NodeActions node={node} view={view} showInline={false} onRun={(action) => onRunAction(action.id, node)} />
    </div>
  );
});
