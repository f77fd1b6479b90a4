import { createFileListFilter, isFolder } from '@cumulus/sdk';
import type { FileListFilterBase, Translate } from '@cumulus/sdk';

/** The file-list filter and its switch: on, it shows text files only (and says so in a chip). */
export interface TextOnlyFilter {
  readonly filter: FileListFilterBase;
  isOn(): boolean;
  set(on: boolean): void;
}

/** Creates the filter, off. */
export function textOnlyFilter(t: Translate): TextOnlyFilter {
  let on = false;
  const filter = createFileListFilter('acme-text-only');
  const set = (next: boolean): void => {
    on = next;
    filter.updateChips(on ? [{ text: t('Text files only'), onclick: () => set(false) }] : []);
    filter.filterUpdated();
  };
  filter.filter = (nodes) => (on ? nodes.filter((node) => !isFolder(node) && node.basename.toLowerCase().endsWith('.txt')) : nodes);
  filter.reset = () => set(false);
  return { filter, isOn: () => on, set };
}
