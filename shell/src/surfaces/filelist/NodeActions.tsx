import { useCallback, useId, useRef, useState } from 'react';
import type { FileAction, Node, Registered, View } from '@cumulus/sdk';
import { Icon } from '../../ui/icons/Icon';
import { DOTS_ICON } from '../../ui/icons/icons';
import { useServices, useT } from '../../ui/ServicesContext';
import { ActionMenu } from '../menus/OnDemandActionMenu';
import type { MenuPosition } from '../menus/ActionMenu';
import { actionLabel, isActionEnabled, isActionInline } from '../../operations/actions/menuActions';
import { useRegistry } from '../../plugin-host/useRegistry';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';
import { InlineRender } from './InlineRender';

export { isActionEnabled, menuActions } from '../../operations/actions/menuActions';

/**
 * The row's actions (product §2 "Rows"): the actions whose `inline(node, view)`
 * is true as icon buttons (only when `showInline`: not below 768 px), then
 * a menu button (aria-haspopup) opening the other enabled actions of the
 * registry, with submenus. Enabled actions with `renderInline` mount their
 * own element first, each in its plugin's error boundary (also only when
 * `showInline`). A failed node has no actions; a loading node's menu button
 * is aria-disabled (it keeps the focus). Choosing an action calls `onRun`.
 */
export function NodeActions({
  node,
  view,
  onRun,
  showInline = true,
}: {
  node: Node;
  view: View;
  onRun(action: Registered<FileAction>): void;
  showInline?: boolean;
}) {
  const t = useT();
  const all = useRegistry(useServices().host.registries.fileActions);
  const [position, setPosition] = useState<MenuPosition | null>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((restoreFocus: boolean) => {
    setPosition(null);
    if (restoreFocus) button.current?.focus();
  }, []);

  if (node.status === 'failed') return null;
  const inline = showInline
    ? all.filter((action) => action.default !== 'hidden' && action.parent === undefined && isActionInline(action, node, view) && isActionEnabled(action, [node], view))
    : [];
  const inlineIds = new Set(inline.map((action) => action.id));
  // Actions that render their own inline form (renderInline), at the same widths as inline actions.
  const rendered = showInline ? all.filter((action) => action.renderInline !== undefined && isActionEnabled(action, [node], view)) : [];
  const loading = node.status === 'loading';
  return (
    <div className="files-actions">
      {rendered.map((action) => (
        <PluginBoundary key={`render-${action.id}`} pluginId={action.pluginId} t={t}>
          <InlineRender action={action} node={node} view={view} />
        </PluginBoundary>
      ))}
      {inline.length > 0 && (
        <span className="files-actions__inline">
          {inline.map((action) => (
            <PluginBoundary key={action.id} pluginId={action.pluginId} t={t}>
              <button
                type="button"
                className={action.destructive ? 'files-icon-button files-action-button--destructive' : 'files-icon-button'}
                data-action-id={action.id}
                aria-label={actionLabel(action, [node], view)}
                title={action.title?.([node], view) ?? actionLabel(action, [node], view)}
                disabled={loading}
                onClick={(event) => {
                  event.stopPropagation();
                  onRun(action);
                }}
              >
                <Icon svg={action.iconSvgInline([node], view)} size={20} />
              </button>
            </PluginBoundary>
          ))}
        </span>
      )}
      <button
        ref={button}
        type="button"
        className="files-icon-button"
        aria-label={t('Actions for {name}', { name: node.displayname })}
        aria-haspopup="menu"
        aria-expanded={position !== null}
        aria-controls={position !== null ? menuId : undefined}
        // Not `disabled`: the button keeps the keyboard focus that the menu handed back to it
        // while the chosen action runs (a disabled button drops it to the page).
        aria-disabled={loading || undefined}
        onClick={(event) => {
          event.stopPropagation();
          if (loading) return;
          if (position !== null) {
            close(false);
            return;
          }
          const rect = event.currentTarget.getBoundingClientRect();
          setPosition({ x: rect.right, y: rect.bottom + 4, alignRight: true });
        }}
        onKeyDown={(event) => {
          if (loading || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
          // The menu button pattern: arrow keys open the menu too.
          event.preventDefault();
          event.stopPropagation();
          const rect = event.currentTarget.getBoundingClientRect();
          setPosition({ x: rect.right, y: rect.bottom + 4, alignRight: true });
        }}
      >
        <Icon svg={DOTS_ICON} size={20} />
      </button>
      {position !== null && (
        <ActionMenu
          id={menuId}
          actions={all}
          nodes={[node]}
          view={view}
          label={t('Actions for {name}', { name: node.displayname })}
          position={position}
          exclude={inlineIds}
          ignoreOutside={button.current}
          onClose={close}
          onRun={onRun}
        />
      )}
    </div>
  );
}
