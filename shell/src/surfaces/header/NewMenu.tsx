import { Fragment, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { NewMenuEntry, Registered } from '@cumulus/sdk';
import { Icon } from '../../ui/icons/Icon';
import { useT } from '../../ui/ServicesContext';
import { injectActionStyles } from '../menus/styles';
import type { NewMenuGroup } from './newMenuEntries';

// It wears the action menu's look (.files-menu).
injectActionStyles();

/**
 * The New menu (product §2, WAI-ARIA menu pattern): the 'Upload from device'
 * caption with its entries, the 'Create new' caption with its entries, then
 * the 'other' group, separated. Focus starts on
 * the first entry; arrow keys, Home and End move; Escape closes back to the
 * button, Tab closes and goes on from the button, a click outside closes.
 */
export function NewMenu({
  id,
  groups,
  anchor,
  onChoose,
  onClose,
}: {
  id: string;
  groups: NewMenuGroup[];
  /** The menu button: a click on it is not "outside". */
  anchor: RefObject<HTMLElement | null>;
  onChoose(entry: Registered<NewMenuEntry>): void;
  /** Closes the menu; `restoreFocus` when closed by the keyboard. */
  onClose(restoreFocus: boolean): void;
}) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      const target = event.target as globalThis.Node;
      if (list.current?.contains(target) || anchor.current?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [anchor, onClose]);

  const move = (step: number | 'first' | 'last') => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    if (items.length === 0) return;
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next = step === 'first' ? 0 : step === 'last' ? items.length - 1 : (current + step + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div
      ref={list}
      id={id}
      role="menu"
      aria-label={t('New')}
      className="files-menu files-new__menu"
      onKeyDown={(event) => {
        // Keys inside the menu are the menu's, not the list's shortcuts.
        event.stopPropagation();
        if (event.key === 'Tab') {
          // Back to the button without stopping the Tab: the browser then moves the focus on
          // from the button, as from any control, instead of losing it with the closed menu.
          onClose(true);
          return;
        }
        if (event.key === 'ArrowDown') move(1);
        else if (event.key === 'ArrowUp') move(-1);
        else if (event.key === 'Home') move('first');
        else if (event.key === 'End') move('last');
        else if (event.key === 'Escape') onClose(true);
        else return;
        event.preventDefault();
      }}
    >
      {groups.map((group, index) => {
        const caption = group.category === 'create-new' ? t('Create new') : group.category === 'upload-from-device' ? t('Upload from device') : undefined;
        return (
          <Fragment key={group.category}>
            {index > 0 && <div role="separator" className="files-menu__separator" />}
            <div role="group" aria-label={caption}>
              {caption !== undefined && (
                <div className="files-menu__caption" aria-hidden="true">
                  {caption}
                </div>
              )}
              {group.entries.map((entry) => (
                <button key={entry.id} type="button" role="menuitem" className="files-menu__item" onClick={() => onChoose(entry)}>
                  {entry.iconSvgInline !== undefined ? <Icon svg={entry.iconSvgInline} size={20} /> : <span className={`icon ${entry.iconClass ?? ''}`} aria-hidden="true" />}
                  <span className="files-menu__label">{entry.displayName}</span>
                </button>
              ))}
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}
