import type { FileAction, Translate } from '@cumulus/sdk';
import { NOTE_ICON } from './icons';

/** Names the action remembered, newest last (a real plugin would store them on its own server). */
export const remembered: string[] = [];

/** A file action: remembers one node's name; the shell says it was executed. */
export function rememberAction(t: Translate): FileAction {
  return {
    id: 'acme-notes-remember',
    displayName: () => t('Remember with Acme'),
    iconSvgInline: () => NOTE_ICON,
    enabled: (nodes) => nodes.length === 1,
    exec: ({ nodes: [node] }) => {
      remembered.push(node.basename);
      return Promise.resolve(true);
    },
    order: 90,
  };
}
