import type { Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalBoolean, optionalFunction, optionalOrder } from './checks';
import type { EntryContext } from './entry-context';
import type { View } from './view';

/** A custom column of the file list (product §3). */
export interface Column {
  /** Unique id; also the sorting mode when the column sorts. */
  id: string;
  /** Header text. */
  title: string;
  /** Sort position among the custom columns; default 0. */
  order?: number;
  /** Renders the cell of the row's node, `ctx.nodes[0]`; the shell mounts the returned element. */
  render(ctx: EntryContext<readonly [Node]>): HTMLElement;
  /** Compares two nodes, making the column sortable. */
  sort?(a: Node, b: Node): number;
  /**
   * Whether `sort` puts the largest first (newest first for a date, as the Modified column
   * does): the header then marks the column's first order as descending and the reversed one
   * as ascending, so the mark says what the rows show. Default false.
   */
  sortsDescending?: boolean;
  /** Text of the footer summary row for this column. */
  summary?(nodes: Node[], view: View): string;
}

/** Why `entry` is not a valid column, or null. product §5: a column needs id, title and render. */
export function validateColumn(entry: unknown): string | null {
  return firstReason(entry, (column) => [
    needString(column, 'id'),
    needString(column, 'title'),
    needFunction(column, 'render'),
    optionalFunction(column, 'sort'),
    optionalFunction(column, 'summary'),
    optionalBoolean(column, 'sortsDescending'),
    optionalOrder(column),
  ]);
}

/** The registry rules of columns. */
export const columnKind: RegistryKind<Column> = {
  name: 'column',
  validate: validateColumn,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (column) => column.title,
  defaultOrder: 0,
};
