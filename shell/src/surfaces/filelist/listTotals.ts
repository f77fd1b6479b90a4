import { isFolder, isPendingSize } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { orderChange } from './incrementalOrder';

/** What the footer sums over the shown nodes (product §2, §9). */
export interface ListTotals {
  files: number;
  folders: number;
  /** The sum of the sizes known (a pending size counts 0). */
  size: number;
}

const totals = new WeakMap<readonly Node[], ListTotals>();

function add(sum: ListTotals, node: Node, sign: 1 | -1): void {
  if (isFolder(node)) sum.folders += sign;
  else sum.files += sign;
  if (!isPendingSize(node.size)) sum.size += sign * (node.size as number);
}

/**
 * The counts and total size of `nodes`, kept per array. An order that live changes updated
 * (`updateOrder`) takes the totals of the order before and adds what came and takes away
 * what left, instead of walking 100,000 nodes at every batch; sizes are whole bytes, so the
 * sum stays exact.
 */
export function listTotals(nodes: readonly Node[]): ListTotals {
  const known = totals.get(nodes);
  if (known !== undefined) return known;
  const change = orderChange(nodes);
  const before = change === undefined ? undefined : totals.get(change.base);
  let sum: ListTotals;
  if (change !== undefined && before !== undefined) {
    sum = { ...before };
    for (const node of change.left) add(sum, node, -1);
    for (const node of change.came) add(sum, node, 1);
  } else {
    sum = { files: 0, folders: 0, size: 0 };
    for (const node of nodes) add(sum, node, 1);
  }
  totals.set(nodes, sum);
  return sum;
}
