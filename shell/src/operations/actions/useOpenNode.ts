import { useCallback } from 'react';
import type { MouseEvent } from 'react';
import type { Node, View } from '@cumulus/sdk';
import { useAppDispatch } from '../../model/store/hooks';
import { useServices } from '../../ui/ServicesContext';
import { findDefaultAction } from './defaultAction';
import { runFileAction } from './runFileAction';

/** The permanent link of a node (product §7 "File open"); none on a public link's page (it leads to the owner's private files). */
export function fileLink(node: Node, isPublic = false): string | undefined {
  return node.fileid === undefined || isPublic ? undefined : `/f/${node.fileid}`;
}

/**
 * What a click on a row does (product §2 "Rows"): middle or ctrl/meta click
 * opens /f/{fileId} in a new tab; otherwise the first enabled default action
 * runs, and with none the node opens at /f/{fileId} in the same tab.
 */
export function useOpenNode(view: View | undefined): (node: Node, event: MouseEvent) => void {
  const { host, publicShare } = useServices();
  const dispatch = useAppDispatch();
  return useCallback(
    (node: Node, event: MouseEvent) => {
      // A failed node has no actions; a loading one is busy with one already (a second click must not run it again).
      if (view === undefined || node.status === 'failed' || node.status === 'loading') return;
      const link = fileLink(node, publicShare !== undefined);
      if (event.button === 1 || event.ctrlKey || event.metaKey) {
        event.preventDefault();
        if (link !== undefined) window.open(link, '_blank', 'noopener');
        return;
      }
      if (event.button !== 0) return;
      const action = findDefaultAction(host.registries.fileActions.getAll(), node, view);
      if (action !== undefined) {
        void dispatch(runFileAction({ actionId: action.id, source: node.source }));
      } else if (link !== undefined) {
        window.location.assign(link);
      }
    },
    [dispatch, host, view, publicShare],
  );
}
