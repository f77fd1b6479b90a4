import type { SidebarTab, Translate } from '@cumulus/sdk';
import { NOTE_ICON } from './icons';

/** A tab of the details sidebar: what Acme knows about the open node. */
export function notesTab(t: Translate): SidebarTab {
  return {
    id: 'acme-notes-tab',
    name: t('Acme'),
    icon: NOTE_ICON,
    order: 90,
    mount: (el, { nodes: [node] }) => {
      const text = document.createElement('p');
      text.className = 'acme-notes-tab';
      text.textContent = t('Acme has no notes on {name}.', { name: node.displayname });
      el.append(text);
      return () => text.remove();
    },
  };
}
