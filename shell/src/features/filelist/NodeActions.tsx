import { useEffect, useId, useRef, useState } from 'react';
import type { FileAction, Node, Registered, View } from '@cumulus/sdk';
import { Icon } from '../../app/icons/Icon';
import { DOTS_ICON } from '../../app/icons/icons';
import { useServices, useT } from '../../app/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';

/** Whether an action is offered for `nodes` in `view` (its `enabled`, which a faulty plugin may throw from). */
export function isActionEnabled(action: FileAction, nodes: Node[], view: View): boolean {
  try {
    return action.enabled === undefined || action.enabled(nodes, view);
  } catch (error) {
    console.error(`File action "${action.id}" failed to tell whether it is enabled`, error);
    return false;
  }
}

/** The actions a menu lists for `nodes`: enabled, top level (no parent), not hidden. */
export function menuActions(actions: readonly Registered<FileAction>[], nodes: Node[], view: View): Registered<FileAction>[] {
  return actions.filter((action) => action.parent === undefined && action.default !== 'hidden' && isActionEnabled(action, nodes, view));
}

/**
 * The row's actions menu: the enabled file actions of the registry for this
 * node, as a menu button. Choosing one calls `onRun`. Inline actions,
 * submenus (`parent`) and the context menu build on this component.
 */
export function NodeActions({ node, view, onRun }: { node: Node; view: View; onRun(action: Registered<FileAction>): void }) {
  const t = useT();
  const all = useRegistry(useServices().host.registries.fileActions);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as globalThis.Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  if (node.status === 'failed') return null;
  const actions = open ? menuActions(all, [node], view) : [];
  return (
    <div className="files-actions" ref={rootRef}>
      <button
        type="button"
        className="files-icon-button"
        aria-label={t('Actions')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={node.status === 'loading'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(!open);
        }}
      >
        <Icon svg={DOTS_ICON} size={20} />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          className="files-menu"
          aria-label={t('Actions for {name}', { name: node.displayname })}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          {actions.length === 0 && (
            <li role="none" className="files-menu__empty">
              {t('No actions available')}
            </li>
          )}
          {actions.map((action) => (
            <li role="none" key={action.id} data-action-id={action.id} data-plugin-id={action.pluginId}>
              <PluginBoundary pluginId={action.pluginId} t={t}>
                <button
                  type="button"
                  role="menuitem"
                  className={action.destructive ? 'files-menu__item files-menu__item--destructive' : 'files-menu__item'}
                  title={action.title?.([node], view)}
                  onClick={(event) => {
                    event.stopPropagation();
                    setOpen(false);
                    onRun(action);
                  }}
                >
                  <Icon svg={action.iconSvgInline([node], view)} size={18} />
                  <span>{action.displayName([node], view)}</span>
                </button>
              </PluginBoundary>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
