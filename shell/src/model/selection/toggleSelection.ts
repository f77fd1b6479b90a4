import { selectRange } from '../../lib/engine';
import type { AppDispatch, RootState } from '../store/storeTypes';
import { selectionChanged, selectionCleared } from './selectionSlice';

/** A thunk that only reads and dispatches, for synchronous selection changes. */
type SelectionThunk = (dispatch: AppDispatch, getState: () => RootState) => void;

/**
 * A click (or Space) on a row's checkbox (product §4 "Selection"): with Shift,
 * the range between the last selected index and `index` is added
 * (`selectRange`); otherwise the node's selection flips. Either way `index`
 * becomes the last selected index. Reads the selection at run time, so rows
 * need not subscribe to all of it.
 *
 * @param order Sources in displayed order.
 * @param index The row's index in `order`.
 * @param shift Whether Shift was held.
 */
export function toggleSelection({ order, index, shift }: { order: readonly string[]; index: number; shift: boolean }): SelectionThunk {
  return (dispatch, getState) => {
    const source = order[index];
    if (source === undefined) return;
    const { sources: current, lastIndex } = getState().selection;
    if (shift) {
      dispatch(selectionChanged({ sources: selectRange(order, lastIndex, index, current), lastIndex: index }));
      return;
    }
    const sources = current.includes(source) ? current.filter((selected) => selected !== source) : [...current, source];
    dispatch(selectionChanged({ sources, lastIndex: index }));
  };
}

/**
 * The select-all checkbox and ctrl+A (product §4): every node of the list is
 * selected; when all already are, the selection clears.
 *
 * @param order Sources in displayed order.
 * @param toggle Whether selecting all again clears (the checkbox), or keeps all selected (ctrl+A).
 */
export function selectAll({ order, toggle }: { order: readonly string[]; toggle: boolean }): SelectionThunk {
  return (dispatch, getState) => {
    const selected = new Set(getState().selection.sources);
    const all = order.length > 0 && order.every((source) => selected.has(source));
    dispatch(toggle && all ? selectionCleared() : selectionChanged({ sources: [...order], lastIndex: null }));
  };
}
