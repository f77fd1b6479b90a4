import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { FileAction, Node, Registered, View } from '@cumulus/sdk';
import { Icon } from '../../ui/icons/Icon';
import { useT } from '../../ui/ServicesContext';
import { BACK_ICON, SUBMENU_ICON } from '../../operations/actions/icons';
import { actionLabel, hasSubmenu, menuActions } from '../../operations/actions/menuActions';
import { injectActionStyles } from './styles';

injectActionStyles();

/** Where a menu opens: a point in the viewport (its top-left corner goes there, kept on screen). */
export interface MenuPosition {
  x: number;
  y: number;
  /** Align the menu's right edge with `x` instead of its left edge (menu buttons at the row end). */
  alignRight?: boolean;
}

/** Props of {@link ActionMenu}. */
export interface ActionMenuProps {
  /** Every registered action (the menu picks the enabled ones per level). */
  actions: readonly Registered<FileAction>[];
  /** The nodes the actions apply to. */
  nodes: Node[];
  view: View;
  /** The menu's accessible name. */
  label: string;
  position: MenuPosition;
  /** Actions not to list (shown inline already). */
  exclude?: ReadonlySet<string>;
  /** Runs the chosen action; the menu closes first. */
  onRun(action: Registered<FileAction>): void;
  /** Closes the menu; `restoreFocus` when closed by the keyboard. */
  onClose(restoreFocus: boolean): void;
  /** Element ids that do not count as "outside" (the menu button). */
  ignoreOutside?: HTMLElement | null;
  /** The `id` of the list element (for aria-controls). */
  id?: string;
}

/**
 * A menu of file actions (WAI-ARIA menu pattern): rendered above everything
 * at a viewport position, focus on the first item, arrow keys, Home and End
 * move, Enter or Space run, Escape or Tab close, a click outside closes.
 * An action that others name as `parent` opens its submenu in place, with a
 * back item first (ArrowRight opens, ArrowLeft goes back). Destructive
 * actions are styled as such.
 */
export function ActionMenu({ actions, nodes, view, label, position, exclude, onRun, onClose, ignoreOutside, id }: ActionMenuProps) {
  const t = useT();
  const [parent, setParent] = useState<Registered<FileAction> | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number }>({ left: position.x, top: position.y });
  const items = menuActions(actions, nodes, view, parent?.id, exclude);

  // Keep the menu inside the viewport once its size is known.
  useLayoutEffect(() => {
    const element = list.current;
    if (element === null) return;
    const { width, height } = element.getBoundingClientRect();
    const left = position.alignRight ? position.x - width : position.x;
    setPlace({
      left: Math.max(4, Math.min(left, window.innerWidth - width - 4)),
      top: height > 0 && position.y + height > window.innerHeight - 4 ? Math.max(4, position.y - height) : position.y,
    });
  }, [position.x, position.y, position.alignRight, parent]);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [parent]);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      const target = event.target as globalThis.Node;
      if (list.current?.contains(target) || ignoreOutside?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [onClose, ignoreOutside]);

  const move = (step: number | 'first' | 'last') => {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    if (entries.length === 0) return;
    const current = entries.indexOf(document.activeElement as HTMLElement);
    const next = step === 'first' ? 0 : step === 'last' ? entries.length - 1 : (current + step + entries.length) % entries.length;
    entries[next]?.focus();
  };

  const choose = (action: Registered<FileAction>) => {
    if (hasSubmenu(action, actions)) {
      setParent(action);
      return;
    }
    onClose(true);
    onRun(action);
  };

  return createPortal(
    <ul
      ref={list}
      id={id}
      role="menu"
      aria-label={parent === null ? label : actionLabel(parent, nodes, view)}
      className="files-menu files-menu--floating"
      style={{ left: place.left, top: place.top }}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        // Keys inside the menu are the menu's, not the list's shortcuts.
        event.stopPropagation();
        const key = event.key;
        if (key === 'ArrowDown') move(1);
        else if (key === 'ArrowUp') move(-1);
        else if (key === 'Home') move('first');
        else if (key === 'End') move('last');
        else if (key === 'ArrowLeft' && parent !== null) setParent(null);
        else if (key === 'ArrowRight') {
          const focused = items.find((action) => action.id === (document.activeElement as HTMLElement | null)?.closest('li')?.dataset['actionId']);
          if (focused !== undefined && hasSubmenu(focused, actions)) setParent(focused);
          else return;
        } else if (key === 'Escape') onClose(true);
        else if (key === 'Tab') onClose(false);
        else return;
        event.preventDefault();
      }}
    >
      {parent !== null && (
        <li role="none">
          <button type="button" role="menuitem" className="files-menu__item" onClick={() => setParent(null)}>
            <Icon svg={BACK_ICON} size={18} directional />
            <span>{t('Back')}</span>
          </button>
        </li>
      )}
      {items.length === 0 && (
        <li role="none" className="files-menu__empty">
          {t('No actions available')}
        </li>
      )}
      {items.map((action) => (
        <MenuItem key={action.id} action={action} nodes={nodes} view={view} submenu={hasSubmenu(action, actions)} onChoose={choose} />
      ))}
    </ul>,
    document.body,
  );
}

function MenuItem({
  action,
  nodes,
  view,
  submenu,
  onChoose,
}: {
  action: Registered<FileAction>;
  nodes: Node[];
  view: View;
  submenu: boolean;
  onChoose(action: Registered<FileAction>): void;
}) {
  let icon = '';
  let title: string | undefined;
  try {
    icon = action.iconSvgInline(nodes, view);
    title = action.title?.(nodes, view);
  } catch (error) {
    console.error(`File action "${action.id}" failed to draw itself`, error);
  }
  return (
    <li role="none" data-action-id={action.id} data-plugin-id={action.pluginId}>
      <button
        type="button"
        role="menuitem"
        aria-haspopup={submenu ? 'menu' : undefined}
        className={action.destructive ? 'files-menu__item files-menu__item--destructive' : 'files-menu__item'}
        title={title}
        onClick={(event) => {
          event.stopPropagation();
          onChoose(action);
        }}
      >
        {icon !== '' && <Icon svg={icon} size={18} color={action.destructive ? '#c62828' : undefined} />}
        <span className="files-menu__label">{actionLabel(action, nodes, view)}</span>
        {submenu && <Icon svg={SUBMENU_ICON} size={18} className="files-menu__submenu" directional />}
      </button>
    </li>
  );
}
