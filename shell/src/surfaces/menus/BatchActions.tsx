import { useCallback, useId, useRef, useState } from 'react';
import { inlineBatchActionCount } from '../../lib/engine';
import type { Node, View } from '@cumulus/sdk';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { DOTS_ICON } from '../../ui/icons/icons';
import { useServices, useT } from '../../ui/ServicesContext';
import { useElementWidth } from '../../ui/useElementWidth';
import { useRegistry } from '../../plugin-host/useRegistry';
import { ActionMenu } from './OnDemandActionMenu';
import type { MenuPosition } from './ActionMenu';
import { actionLabel, hasSubmenu, menuActions } from '../../operations/actions/menuActions';
import { useRunAction } from '../../operations/actions/useRunActions';
import { selectNodeBySource } from '../../model/nodes/selectors';

/** Width of the checkbox column the bar sits beside, in px (the row layout's first column). */
const CHECKBOX_COLUMN_PX = 52;

/**
 * The batch actions bar (product §2, §4, §9), shown over the list header while
 * nodes are selected: how many are selected, the first enabled actions
 * inline (0 under 512 px, 1 under 768, 2 under 1024, else 3, by
 * `inlineBatchActionCount`) and the rest in an 'Actions' menu. The actions
 * run as a batch with the spec's result rules, on the selected nodes that
 * have not failed; nothing runs while one of them is loading. The buttons
 * say so with aria-disabled rather than disabled: a disabled button drops
 * the keyboard focus to the page while the action it started runs.
 */
export function BatchActions({ view }: { view: View }) {
  const t = useT();
  const all = useRegistry(useServices().host.registries.fileActions);
  const run = useRunAction();
  const nodes = useAppSelector(
    (state) => state.selection.sources.map((source) => selectNodeBySource(state, source)).filter((node): node is Node => node !== undefined),
    shallowEqual,
  );
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const width = useElementWidth(bar, 1024 - CHECKBOX_COLUMN_PX) + CHECKBOX_COLUMN_PX;
  const [position, setPosition] = useState<MenuPosition | null>(null);
  const more = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback((restoreFocus: boolean) => {
    setPosition(null);
    if (restoreFocus) more.current?.focus();
  }, []);
  if (nodes.length === 0) return null;

  // A failed node has no actions (product §4 "Node status"): the batch acts on the others.
  const actionable = nodes.filter((node) => node.status !== 'failed');
  const sources = actionable.map((node) => node.source);
  const busy = nodes.some((node) => node.status === 'loading');
  const available = actionable.length === 0 ? [] : menuActions(all, actionable, view);
  const inline = available.filter((action) => !hasSubmenu(action, all)).slice(0, inlineBatchActionCount(width));
  const inlineIds = new Set(inline.map((action) => action.id));
  const rest = available.filter((action) => !inlineIds.has(action.id));
  return (
    <span role="columnheader" className="files-batch" ref={setBar}>
      <span role="toolbar" aria-label={t('Batch actions')} className="files-batch__toolbar" style={{ display: 'contents' }}>
        <span className="files-batch__count">{t('{count} selected', { count: nodes.length })}</span>
        {inline.map((action) => (
          <button
            key={action.id}
            type="button"
            data-action-id={action.id}
            className={action.destructive ? 'files-batch__button files-batch__button--destructive' : 'files-batch__button'}
            aria-disabled={busy || undefined}
            onClick={() => !busy && run(action.id, sources)}
          >
            <Icon svg={action.iconSvgInline(actionable, view)} size={18} color={action.destructive ? '#c62828' : undefined} />
            <span>{actionLabel(action, actionable, view)}</span>
          </button>
        ))}
        {rest.length > 0 && (
          <button
            ref={more}
            type="button"
            className="files-icon-button files-batch__end"
            aria-label={t('Actions')}
            aria-haspopup="menu"
            aria-expanded={position !== null}
            aria-controls={position !== null ? menuId : undefined}
            aria-disabled={busy || undefined}
            onClick={(event) => {
              if (busy) return;
              if (position !== null) return close(false);
              const rect = event.currentTarget.getBoundingClientRect();
              setPosition({ x: rect.right, y: rect.bottom + 4, alignRight: true });
            }}
          >
            <Icon svg={DOTS_ICON} size={20} />
          </button>
        )}
      </span>
      {position !== null && (
        <ActionMenu
          id={menuId}
          actions={all}
          nodes={actionable}
          view={view}
          label={t('Actions for {count} selected items', { count: actionable.length })}
          position={position}
          exclude={inlineIds}
          ignoreOutside={more.current}
          onClose={close}
          onRun={(action) => run(action.id, sources)}
        />
      )}
    </span>
  );
}
