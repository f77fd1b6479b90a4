import { useCallback } from 'react';
import type { Node } from '@cumulus/sdk';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../model/store/hooks';
import { useServices, useT } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { useCurrentView } from '../views/useCurrentView';
import { ActionMenu } from './OnDemandActionMenu';
import { closeContextMenu, useContextMenu } from '../../model/context-menu/contextMenuStore';
import { useRunAction } from '../../operations/actions/useRunActions';
import { selectNodeBySource } from '../../model/nodes/selectors';

/**
 * The context menu of rows (product §2): the enabled actions for the row's
 * node, or for the selection when several are selected (then they run as a
 * batch). Mounted once by the actions layer.
 */
export function ContextMenu() {
  const t = useT();
  const request = useContextMenu();
  const view = useCurrentView();
  const actions = useRegistry(useServices().host.registries.fileActions);
  const run = useRunAction();
  const nodes = useAppSelector(
    (state) => (request?.sources ?? []).map((source) => selectNodeBySource(state, source)).filter((node): node is Node => node !== undefined && node.status !== 'failed' && node.status !== 'loading'),
    shallowEqual,
  );
  const close = useCallback((restoreFocus: boolean) => closeContextMenu(restoreFocus), []);
  if (request === null || view === undefined || nodes.length === 0) return null;
  const label = nodes.length > 1 ? t('Actions for {count} selected items', { count: nodes.length }) : t('Actions for {name}', { name: nodes[0]?.displayname ?? '' });
  return (
    <ActionMenu
      key={`${request.x}:${request.y}:${request.sources.join('|')}`}
      actions={actions}
      nodes={nodes}
      view={view}
      label={label}
      position={{ x: request.x, y: request.y }}
      onClose={close}
      onRun={(action) => run(action.id, nodes.map((node) => node.source))}
    />
  );
}
