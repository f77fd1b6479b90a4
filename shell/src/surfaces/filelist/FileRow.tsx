import { memo } from 'react';
import type { CSSProperties, MouseEvent, ReactNode, RefObject } from 'react';
import { formatFileSize, isPendingSize, mtimeOpacity, sizeOpacity } from '@cumulus/sdk';
import type { Column, Node, Registered, View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector, useAppStore } from '../../model/store/hooks';
import { useLanguage, useServices, useT } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { useNodeDrag } from '../drag/useNodeDrag';
import { useRovingRow } from '../keyboard/useRovingRow';
import { selectionCleared } from '../../model/selection/selectionSlice';
import { toggleSelection } from '../../model/selection/toggleSelection';
import { canOpenDetails, openDetailsOnSharing } from '../../model/sidebar/openDetails';
import { openRowContextMenu } from '../../model/context-menu/contextMenuStore';
import { RenameField } from '../../operations/rename/OnDemandRenameField';
import { useRenameTarget } from '../../model/rename/renameStore';
import { CustomCell } from './CustomCell';
import { NodeActions } from './NodeActions';
import { NodePreview } from '../node-preview/NodePreview';
import { NodeIndicators } from '../plugin-slots/NodeIndicators';
import { formatRelativeTime } from '../node-preview/relativeTime';
import type { RowLayout } from './rowLayout';

/** Mix of the main and the muted text colour by an emphasis percentage (SDK fades); null stays muted. */
export function fadeColor(percent: number | null): string | undefined {
  return percent === null ? undefined : `color-mix(in srgb, var(--files-text) ${percent}%, var(--files-text-muted))`;
}

/**
 * The content of the size or modified-time cell: a button opening the
 * details when the details are offered for the node, else plain text. Its
 * visible text is its name (WCAG 2.5.3, label in name: speech users say what
 * they see); what it does is its description.
 */
function DetailsOpener({ offered, label, onOpen, children }: { offered: boolean; label: string; onOpen(): void; children: ReactNode }) {
  if (!offered) return <>{children}</>;
  return (
    <button type="button" className="files-cell__details" title={label} onClick={onOpen}>
      {children}
    </button>
  );
}

/** What a row needs besides its node. */
export interface FileRowProps {
  node: Node;
  index: number;
  view: View;
  /**
   * Sources in displayed order, for shift-click ranges: read at the click, so a live batch
   * that changes the order does not re-render every row on screen.
   */
  order: RefObject<string[]>;
  columns: readonly Registered<Column>[];
  layout: RowLayout;
  crop: boolean;
  now: number;
  style?: CSSProperties;
  /** Runs the node's default action (a click on the name). */
  onOpen(node: Node, event: MouseEvent): void;
  /** Runs a file action from the actions menu. */
  onRunAction(actionId: string, node: Node): void;
}

/**
 * Whether a row's props are the same: the virtual list gives each row a new style object at
 * every render of the list (a live batch is one), the same values are the same style.
 */
export function sameRowProps(before: FileRowProps, after: FileRowProps): boolean {
  for (const key of Object.keys(after) as (keyof FileRowProps)[]) {
    if (key === 'style') continue;
    if (!Object.is(before[key], after[key])) return false;
  }
  if (Object.keys(before).length !== Object.keys(after).length) return false;
  const [a, b] = [before.style ?? {}, after.style ?? {}];
  const keys = Object.keys(b) as (keyof CSSProperties)[];
  return keys.length === Object.keys(a).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** One list row (product §2 "Rows"): checkbox, preview, name, actions, size, modified time, custom columns. */
export const FileRow = memo(function FileRow(props: FileRowProps) {
  const { node, index, view, order, columns, layout, crop, now, style, onOpen, onRunAction } = props;
  const t = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const selected = useAppSelector((state) => state.selection.sources.includes(node.source));
  const renaming = useRenameTarget(node.source);

  const roving = useRovingRow(node.source);
  const drag = useNodeDrag(node);
  // The thunk reads the selection at click time: subscribing every row to all of it would re-render them all.
  const toggle = (shift: boolean) => dispatch(toggleSelection({ order: order.current, index, shift }));
  // product §2 "Rows": size and modified time open the details sidebar on the sharing tab, where the details action would.
  const sidebarTabs = useRegistry(useServices().host.registries.sidebarTabs);
  const detailsOffered = canOpenDetails([node], sidebarTabs);
  const openSidebar = () => dispatch(openDetailsOnSharing(node.source));
  const sizeKnown = !isPendingSize(node.size);
  const extensionShown = node.extension !== '' && node.displayname.endsWith(node.extension);
  const stem = extensionShown ? node.displayname.slice(0, -node.extension.length) : node.displayname;

  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      // In a grid (FileList), a row may carry aria-selected; the checkbox says the same to a screen reader.
      aria-selected={selected}
      {...roving.props}
      {...drag.props}
      draggable={drag.props.draggable && renaming === null}
      className={`files-row${selected ? ' files-row--selected' : ''}${node.status ? ` files-row--${node.status}` : ''}${roving.active ? ' files-row--active' : ''}${drag.dropTarget ? ' files-row--drop-target' : ''}${drag.dragged ? ' files-row--dragging' : ''}${renaming !== null ? ' files-row--renaming' : ''}`}
      style={{ ...style, gridTemplateColumns: layout.template }}
      data-source={node.source}
      data-fileid={node.fileid}
      data-type={node.type}
      onContextMenu={(event) => node.status !== 'failed' && openRowContextMenu(event, node.source, store.getState().selection.sources)}
    >
      <span role="gridcell" className="files-cell files-cell--checkbox">
        <input
          type="checkbox"
          checked={selected}
          aria-label={t('Toggle selection for file "{displayName}"', { displayName: node.displayname })}
          onChange={() => undefined}
          onClick={(event) => toggle(event.shiftKey)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') dispatch(selectionCleared());
          }}
          disabled={node.status === 'loading'}
        />
      </span>
      <span role="gridcell" className="files-cell files-cell--name">
        {renaming !== null ? <RenameField node={node} /> : <button type="button" className="files-name" onClick={(event) => onOpen(node, event)} onAuxClick={(event) => onOpen(node, event)} title={node.displayname}>
          <NodePreview node={node} size={32} crop={crop} displaySize={32} />
          <span className="files-name__text" dir="auto">
            <span className="files-name__stem">{stem}</span>
            {extensionShown && <span className="files-name__ext">{node.extension}</span>}
          </span>
        </button>}
        {renaming === null && <NodeIndicators node={node} view={view} />}
      </span>
      <span role="gridcell" className="files-cell files-cell--actions">
        <NodeActions node={node} view={view} showInline={layout.showSizeAndModified} onRun={(action) => onRunAction(action.id, node)} />
      </span>
      {layout.showSizeAndModified && (
        <span role="gridcell" className="files-cell files-cell--size" style={{ color: fadeColor(sizeOpacity(node.size)) }}>
          <DetailsOpener offered={detailsOffered} label={t('Open details of {name}', { name: node.displayname })} onOpen={openSidebar}>
            {/* <bdi>: '5 B' stays in that order inside right-to-left text. */}
            {sizeKnown ? <bdi>{formatFileSize(node.size as number, { locale: language })}</bdi> : t('Pending')}
          </DetailsOpener>
        </span>
      )}
      {layout.showSizeAndModified && (
        <span role="gridcell" className="files-cell files-cell--mtime" style={{ color: fadeColor(mtimeOpacity(node.mtime, now)) }}>
          <DetailsOpener offered={detailsOffered} label={t('Open details of {name}', { name: node.displayname })} onOpen={openSidebar}>
            {node.mtime === undefined ? '' : <time dateTime={new Date(node.mtime).toISOString()} title={new Date(node.mtime).toLocaleString(language)}>{formatRelativeTime(node.mtime, now, language)}</time>}
          </DetailsOpener>
        </span>
      )}
      {layout.showCustomColumns &&
        columns.map((column) => (
          <span role="gridcell" key={column.id} className={`files-cell files-cell--column files-cell--column-${column.id}`}>
            <CustomCell column={column} node={node} view={view} />
          </span>
        ))}
    </div>
  );
}, sameRowProps);
