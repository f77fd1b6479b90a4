import type { Node } from '@cumulus/sdk';

/** What an order depends on besides the nodes (the list's options: folder, sorting, filter, language…). */
export type OrderOptions = Record<string, unknown>;

/** An order the list showed: of `contents` (a folder's children as listed), with `options`. */
export interface ShownOrder {
  contents: readonly Node[];
  options: OrderOptions;
  shown: Node[];
}

/** Orders of the folders shown last, so going back to one (Back, or a visit) does not sort it again. */
const RECENT_ORDERS = 4;
const recentOrders: ShownOrder[] = [];

/** The order shown last (of the folder on screen), if any: the one a small change updates in place. */
export function lastOrder(): ShownOrder | undefined {
  return recentOrders[0];
}

/** A remembered order of the same nodes, in the same order, with the same options. */
export function rememberedOrder(options: OrderOptions, contents: readonly Node[]): ShownOrder | undefined {
  return recentOrders.find((entry) => sameOptions(entry.options, options) && sameNodes(entry.contents, contents));
}

/** Remembers an order the list now shows (the oldest beyond {@link RECENT_ORDERS} is forgotten). */
export function rememberOrder(order: ShownOrder): void {
  recentOrders.unshift(order);
  recentOrders.length = Math.min(recentOrders.length, RECENT_ORDERS);
}

/**
 * The first `count` rows the list showed of the folder `folder` (a source) listed with
 * `listed` children, unfiltered (no filename filter, no plugin filter), in its order; or
 * undefined when it showed no such order. A big folder's kept head holds these rows, so a
 * page load's first rows are the top of the list as it will stay.
 */
export function firstShown(folder: string, listed: number, count: number): readonly Node[] | undefined {
  const order = recentOrders.find(({ options, contents }) => options['folder'] === folder && contents.length === listed && options['query'] === '' && Array.isArray(options['filters']) && options['filters'].length === 0);
  return order?.shown.slice(0, count);
}

/** The same options (each compared by identity). */
export function sameOptions(a: OrderOptions, b: OrderOptions): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The same nodes in the same order (the same objects: a changed node is a new one). */
function sameNodes(a: readonly Node[], b: readonly Node[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
