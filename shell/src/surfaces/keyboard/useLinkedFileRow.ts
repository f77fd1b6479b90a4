import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { ListImperativeAPI } from 'react-window';
import type { Node } from '@cumulus/sdk';
import { useAppSelector } from '../../model/store/hooks';
import type { ActiveRowStore } from './activeRow';

/**
 * A link that names a file (`/f/{fileid}`, or `/{view}/{fileid}?dir=…`)
 * opens its folder with that file selected (product §2, §4): once the file is
 * listed, its row becomes the active row (marked, the one tab stop, where
 * the arrow keys go on from) and is scrolled into view. Once per link, so
 * the user's own moves afterwards are not undone by a re-render.
 */
export function useLinkedFileRow(activeRow: ActiveRowStore, nodes: readonly Node[], listRef: RefObject<ListImperativeAPI | null>, grid: boolean, perRow: number): void {
  const { view, dir, fileid } = useAppSelector((state) => state.navigation);
  const shown = useRef('');
  const layout = useRef({ grid, perRow });
  layout.current = { grid, perRow };
  const index = fileid === null ? -1 : nodes.findIndex((node) => node.fileid === fileid);
  const key = index < 0 ? '' : `${view ?? ''}\n${dir}\n${fileid ?? ''}`;
  const source = nodes[index]?.source;
  useEffect(() => {
    if (key === '' || key === shown.current || source === undefined) return;
    shown.current = key;
    activeRow.set(source);
    // After every effect of this render and the re-renders it starts (the list scrolls a new
    // folder to the top, and learns its width and so the grid's cells a row, in its own).
    requestAnimationFrame(() => {
      const { grid: inGrid, perRow: cells } = layout.current;
      listRef.current?.scrollToRow({ index: inGrid ? Math.floor(index / cells) : index, align: 'center' });
    });
  }, [key, index, source, activeRow, listRef]);
}
