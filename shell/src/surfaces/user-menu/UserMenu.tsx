import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { COG_ICON, SIGN_OUT_ICON } from '../../ui/icons/icons';
import { useServices, useT } from '../../ui/ServicesContext';
import { readPageContext } from '../../services/pageContext';
import { injectActionStyles } from '../menus/styles';
import { settingsOpened } from '../../model/settings/settingsSlice';
import { showToast } from '../../ui/toasts/toasts';
import { signOut } from './signOut';
import { injectUserMenuStyles } from './styles';

// The menu wears the action menu's look (.files-menu).
injectActionStyles();
injectUserMenuStyles();

/** Up to two initials of a name (its first and last word), for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter((word) => word !== '');
  const first = [...(words[0] ?? '')][0] ?? '';
  const last = words.length > 1 ? ([...(words[words.length - 1] ?? '')][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/**
 * The signed-in user's menu (a WAI-ARIA menu button): the avatar (initials in a circle) and
 * display name; 'Settings' opens the Files settings dialog, 'Sign out' signs out of this
 * browser (every tab). Enter, Space and ArrowDown open it on its first entry, ArrowUp on its
 * last; the arrow keys, Home and End move; Escape closes back to the button, Tab closes and
 * goes on from the button, a click outside closes.
 */
export function UserMenu({ onBeforeSettings }: { onBeforeSettings?: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { uid, displayName } = useServices();
  const name = displayName || uid;
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [leaving, setLeaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (open === false) return;
    const items = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    (open === 'last' ? items?.[items.length - 1] : items?.[0])?.focus();
    const outside = (event: MouseEvent) => {
      const target = event.target as globalThis.Node;
      if (menu.current?.contains(target) || button.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, close]);

  const move = (step: number | 'first' | 'last') => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    if (items.length === 0) return;
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next = step === 'first' ? 0 : step === 'last' ? items.length - 1 : (current + step + items.length) % items.length;
    items[next]?.focus();
  };

  const leave = () => {
    setLeaving(true);
    signOut({ uid, requestToken: readPageContext().requestToken }).catch((error: unknown) => {
      console.error('Could not sign out', error);
      setLeaving(false);
      close(true);
      showToast({ type: 'error', message: t('Could not sign out. Please try again.') });
    });
  };

  return (
    <div className="files-user">
      <button
        ref={button}
        type="button"
        className="files-user__button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open !== false ? menuId : undefined}
        onClick={() => setOpen(open === false ? 'first' : false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
          }
        }}
      >
        <span className="files-user__avatar" aria-hidden="true">
          {initialsOf(name)}
        </span>
        <span className="files-user__name">{name}</span>
      </button>
      {open !== false && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={name}
          className="files-menu files-user__menu"
          onKeyDown={(event) => {
            // Keys inside the menu are the menu's, not the list's shortcuts.
            event.stopPropagation();
            if (event.key === 'Tab') {
              close(true);
              return;
            }
            if (event.key === 'ArrowDown') move(1);
            else if (event.key === 'ArrowUp') move(-1);
            else if (event.key === 'Home') move('first');
            else if (event.key === 'End') move('last');
            else if (event.key === 'Escape') close(true);
            else return;
            event.preventDefault();
          }}
        >
          <button
            type="button"
            role="menuitem"
            className="files-menu__item"
            onClick={() => {
              // Back on the button first: the dialog gives the focus back to it when it closes.
              close(true);
              onBeforeSettings?.();
              dispatch(settingsOpened());
            }}
          >
            <Icon svg={COG_ICON} size={20} />
            <span className="files-menu__label">{t('Settings')}</span>
          </button>
          <button type="button" role="menuitem" className="files-menu__item" aria-disabled={leaving || undefined} onClick={() => !leaving && leave()}>
            <Icon svg={SIGN_OUT_ICON} size={20} />
            <span className="files-menu__label">{t('Sign out')}</span>
          </button>
        </div>
      )}
    </div>
  );
}
