import { NEW_MENU_CATEGORIES } from '@cumulus/sdk';
import type { FolderNode, NewMenuEntry, NewMenuEntryCategory, Registered } from '@cumulus/sdk';

/** A group of the New menu as shown: its category and entries, in menu order. */
export interface NewMenuGroup {
  category: NewMenuEntryCategory;
  entries: Registered<NewMenuEntry>[];
}

/**
 * The New menu's groups for `folder` (product §2): the entries enabled there,
 * grouped 'Upload from device', 'Create new', then 'other'; within a group
 * the registry's order (order, then display name). An `enabled` that throws
 * hides its entry rather than the menu.
 */
export function newMenuGroups(entries: readonly Registered<NewMenuEntry>[], folder: FolderNode): NewMenuGroup[] {
  const groups: NewMenuGroup[] = NEW_MENU_CATEGORIES.map((category) => ({ category, entries: [] }));
  for (const entry of entries) {
    const group = groups.find(({ category }) => category === (entry.category ?? 'create-new'));
    if (group !== undefined && isEnabled(entry, folder)) group.entries.push(entry);
  }
  return groups.filter((group) => group.entries.length > 0);
}

function isEnabled(entry: Registered<NewMenuEntry>, folder: FolderNode): boolean {
  try {
    return entry.enabled?.(folder) ?? true;
  } catch (error) {
    console.error(`New menu entry "${entry.id}" of plugin "${entry.pluginId}" failed in enabled()`, error);
    return false;
  }
}
