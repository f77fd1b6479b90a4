import { useEffect, useMemo, useRef } from 'react';
import { nextSort } from '../../lib/engine';
import type { Column, Registered, View } from '@cumulus/sdk';
import type { Sorting } from '../../lib/engine';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { ARROW_DOWN_ICON, ARROW_UP_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import { ActionsLayer } from '../menus/ActionsLayer';
import { BatchActions } from '../menus/BatchActions';
import { setViewSorting } from '../../model/config/configThunks';
import { selectViewSorting } from '../../model/config/selectors';
import { selectionCleared } from '../../model/selection/selectionSlice';
import { selectAll } from '../../model/selection/toggleSelection';
import type { RowLayout } from './rowLayout';

/**
 * The direction the rows show for the active column: a column that puts the largest first
 * (Modified: newest first; a custom column with `sortsDescending`) is descending in its first
 * order ('asc' of the sort) and ascending reversed.
 */
export function shownDirection(sorting: Sorting, largestFirst: boolean): 'ascending' | 'descending' {
  return (sorting.sortingOrder === 'asc') !== largestFirst ? 'ascending' : 'descending';
}

function SortButton({ label, sortKey, sorting, largestFirst = false, onSort }: { label: string; sortKey: string; sorting: Sorting; largestFirst?: boolean; onSort(key: string): void }) {
  const active = sorting.sortingMode === sortKey;
  return (
    <button type="button" className={`files-sort${active ? ' files-sort--active' : ''}`} onClick={() => onSort(sortKey)}>
      <span>{label}</span>
      {active && <Icon svg={shownDirection(sorting, largestFirst) === 'ascending' ? ARROW_UP_ICON : ARROW_DOWN_ICON} size={18} className={`files-sort__mark files-sort__mark--${shownDirection(sorting, largestFirst)}`} />}
    </button>
  );
}

/** Whether every shown row is selected, or only some of them (the header checkbox's checked and indeterminate). */
export function visibleSelection(shown: readonly string[], selected: readonly string[]): { all: boolean; some: boolean } {
  if (shown.length === 0 || selected.length === 0) return { all: false, some: false };
  const chosen = new Set(selected);
  const count = shown.reduce((sum, source) => sum + (chosen.has(source) ? 1 : 0), 0);
  return { all: count === shown.length, some: count > 0 && count < shown.length };
}

/** `aria-sort` of a column header: what the rows show (see {@link shownDirection}). */
function ariaSort(sorting: Sorting, key: string, largestFirst = false): 'ascending' | 'descending' | 'none' {
  if (sorting.sortingMode !== key) return 'none';
  return shownDirection(sorting, largestFirst);
}

/**
 * The list header (product §2): select-all checkbox (indeterminate when some
 * are selected) and sortable column buttons; a click toggles the active
 * column's direction or sorts by another column (`nextSort`), saved in the
 * view config.
 */
export function FileListHeader({ view, sources, columns, layout }: { view: View; sources: string[]; columns: readonly Registered<Column>[]; layout: RowLayout }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const sorting = useAppSelector((state) => selectViewSorting(state, view.id, view.defaultSortKey), shallowEqual);
  const selected = useAppSelector((state) => state.selection.sources);
  const selectedCount = selected.length;
  // By membership of the rows shown: a filter may hide selected rows, so counts alone would mislead.
  const { all, some } = useMemo(() => visibleSelection(sources, selected), [sources, selected]);
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (checkbox.current) checkbox.current.indeterminate = some;
  }, [some]);

  const onSort = (key: string) => {
    void dispatch(setViewSorting({ view: view.id, sorting: nextSort(sorting, key) }));
  };
  return (
    <div role="row" aria-rowindex={1} className="files-row files-row--head" style={{ gridTemplateColumns: layout.template }}>
      <span role="columnheader" className="files-cell files-cell--checkbox">
        <input
          ref={checkbox}
          type="checkbox"
          aria-label={t('Toggle selection for all files and folders')}
          checked={all}
          aria-checked={some ? 'mixed' : all}
          onChange={() => dispatch(selectAll({ order: sources, toggle: true }))}
          onKeyDown={(event) => {
            if (event.key === 'Escape') dispatch(selectionCleared());
          }}
        />
      </span>
      <span role="columnheader" className="files-cell files-cell--name" aria-sort={ariaSort(sorting, 'basename')}>
        <SortButton label={t('Name')} sortKey="basename" sorting={sorting} onSort={onSort} />
      </span>
      <span role="columnheader" className="files-cell files-cell--actions">
        <span className="files-visually-hidden">{t('Actions')}</span>
      </span>
      {layout.showSizeAndModified && (
        <span role="columnheader" className="files-cell files-cell--size" aria-sort={ariaSort(sorting, 'size')}>
          <SortButton label={t('Size')} sortKey="size" sorting={sorting} onSort={onSort} />
        </span>
      )}
      {layout.showSizeAndModified && (
        <span role="columnheader" className="files-cell files-cell--mtime" aria-sort={ariaSort(sorting, 'mtime', true)}>
          <SortButton label={t('Modified')} sortKey="mtime" sorting={sorting} largestFirst onSort={onSort} />
        </span>
      )}
      {layout.showCustomColumns &&
        columns.map((column) => (
          <span role="columnheader" key={column.id} className="files-cell files-cell--column" aria-sort={column.sort ? ariaSort(sorting, column.id, column.sortsDescending === true) : undefined}>
            {column.sort ? <SortButton label={column.title} sortKey={column.id} sorting={sorting} largestFirst={column.sortsDescending === true} onSort={onSort} /> : column.title}
          </span>
        ))}
      {selectedCount > 0 && <BatchActions view={view} />}
      <ActionsLayer />
    </div>
  );
}
