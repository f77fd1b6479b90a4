import type { FolderNode } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalFunction, optionalOneOf, optionalOrder } from './checks';
import type { EntryContext } from './entry-context';
import { isValidSvg } from './svg';

/** The groups of the New menu, in the order the menu shows them (product §2). */
export const NEW_MENU_CATEGORIES = ['upload-from-device', 'create-new', 'other'] as const;

/** A group of the New menu. */
export type NewMenuEntryCategory = (typeof NEW_MENU_CATEGORIES)[number];

/** An entry of the New menu (product §2, §3). */
export interface NewMenuEntry {
  /** Unique id. */
  id: string;
  /** Label. */
  displayName: string;
  /** Inline SVG icon; this or `iconClass` is required. */
  iconSvgInline?: string;
  /** CSS class of an icon; this or `iconSvgInline` is required. */
  iconClass?: string;
  /** Whether the entry is offered in the folder `context`; default true. */
  enabled?(context: FolderNode): boolean;
  /** Runs when chosen, in the folder `ctx.folder` whose contents are `ctx.nodes`. */
  handler(ctx: EntryContext): void | Promise<void>;
  /** Sort position within its category; default 0. */
  order?: number;
  /** Group of the menu; default `'create-new'` (product §2: extra entries go under 'Create new'). */
  category?: NewMenuEntryCategory;
}

/**
 * Why `entry` is not a valid new-menu entry, or null. product §5: a new-menu
 * entry needs id, displayName, icon (svg or class) and handler.
 */
export function validateNewMenuEntry(entry: unknown): string | null {
  return firstReason(entry, (menuEntry) => [
    needString(menuEntry, 'id'),
    needString(menuEntry, 'displayName'),
    validateIcon(menuEntry),
    needFunction(menuEntry, 'handler'),
    optionalFunction(menuEntry, 'enabled'),
    optionalOrder(menuEntry),
    optionalOneOf(menuEntry, 'category', NEW_MENU_CATEGORIES),
  ]);
}

function validateIcon(entry: Record<string, unknown>): string | null {
  const svg = entry['iconSvgInline'];
  const cssClass = entry['iconClass'];
  if (svg === undefined && cssClass === undefined) return 'iconSvgInline or iconClass is required';
  if (svg !== undefined && !isValidSvg(svg)) return 'iconSvgInline must be a valid SVG string';
  if (cssClass !== undefined && (typeof cssClass !== 'string' || cssClass.trim() === '')) return 'iconClass must be a non-empty string';
  return null;
}

/**
 * The registry rules of new-menu entries: grouped by category
 * (upload-from-device, create-new, other), then order, then display name.
 */
export const newMenuEntryKind: RegistryKind<NewMenuEntry> = {
  name: 'new menu entry',
  validate: validateNewMenuEntry,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (menuEntry) => menuEntry.displayName,
  defaultOrder: 0,
  group: (menuEntry) => NEW_MENU_CATEGORIES.indexOf(menuEntry.category ?? 'create-new'),
};
