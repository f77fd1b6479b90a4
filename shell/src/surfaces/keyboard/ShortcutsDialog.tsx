import { useId, useRef } from 'react';
import type { FileAction, Registered, Translate } from '@cumulus/sdk';
import { useServices, useT } from '../../ui/ServicesContext';
import { useHeldFocus } from '../../ui/useHeldFocus';
import { useRegistry } from '../../plugin-host/useRegistry';
import { hotkeyLabel, listShortcuts } from './shortcuts';
import type { ShortcutHelp } from './shortcuts';
import { injectKeyboardStyles } from './styles';

injectKeyboardStyles();

/** The help lines of the file actions that declare a hotkey, in registry order. */
export function actionShortcuts(actions: readonly Registered<FileAction>[], t: Translate): ShortcutHelp[] {
  return actions.flatMap((action) => (action.hotkey === undefined ? [] : [{ keys: hotkeyLabel(action.hotkey, t), description: action.hotkey.description }]));
}

/**
 * The keyboard shortcuts help ('?'): a modal dialog listing the list's own
 * shortcuts and those the registered file actions declare (built-in or from
 * plugins), read live from the registry. Focus moves to Close on open and
 * back where it was on close; Escape closes; Tab stays inside.
 */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const actions = useRegistry(useServices().host.registries.fileActions);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useHeldFocus(closeRef);

  const groups: { title: string; lines: ShortcutHelp[] }[] = [
    { title: t('File list'), lines: listShortcuts(t) },
    // Shift+F10 is the keyboard's right click, bound by KeyboardNavigation beside the list's own keys.
    { title: t('File actions'), lines: [{ keys: hotkeyLabel({ key: 'F10', shift: true }, t), description: t('Open the context menu') }, ...actionShortcuts(actions, t)] },
  ];
  return (
    <div className="files-shortcuts__backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="files-shortcuts"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
          // One control inside: Tab has nowhere else to go.
          if (event.key === 'Tab') {
            event.preventDefault();
            closeRef.current?.focus();
          }
        }}
      >
        <h2 id={titleId}>{t('Keyboard shortcuts')}</h2>
        {groups
          .filter((group) => group.lines.length > 0)
          .map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3>{group.title}</h3>
              <dl>
                {group.lines.map((line) => (
                  <div key={`${line.keys} ${line.description}`} className="files-shortcuts__line">
                    <dt>
                      <kbd>{line.keys}</kbd>
                    </dt>
                    <dd>{line.description}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        <button ref={closeRef} type="button" className="files-button files-button--primary" onClick={onClose}>
          {t('Close')}
        </button>
      </div>
    </div>
  );
}
