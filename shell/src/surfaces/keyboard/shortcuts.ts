import { i18nKey } from '@cumulus/sdk';
import type { FileActionHotkey, Translate } from '@cumulus/sdk';

/** What a key press asks of the list, before any file action hotkey. */
export type ListCommand =
  | 'previous'
  | 'next'
  | 'left'
  | 'right'
  | 'first'
  | 'last'
  | 'open'
  | 'toggleSelection'
  | 'selectAll'
  | 'clearSelection'
  | 'toggleGrid'
  | 'parentFolder'
  | 'showShortcuts';

/** The parts of a key press the shortcuts look at (a `KeyboardEvent` has them all). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Whether Ctrl (or Cmd on macOS) is held. */
const ctrlOf = (press: KeyPress): boolean => press.ctrlKey || press.metaKey;

/** Whether no modifier but possibly Shift is held. */
const plain = (press: KeyPress): boolean => !ctrlOf(press) && !press.altKey;

/**
 * The list's own shortcut for a key press, or null:
 * arrows move (Home and End jump), Enter opens, Space toggles the selection
 * (Shift+Space selects the range), ctrl+A selects all, Escape clears, V
 * toggles the grid, alt+Up goes to the parent folder, '?' lists the
 * shortcuts. Shift is allowed where it does not change the meaning.
 */
export function listCommand(press: KeyPress): ListCommand | null {
  const { key } = press;
  if (press.altKey && !ctrlOf(press) && key === 'ArrowUp') return 'parentFolder';
  if (ctrlOf(press) && !press.altKey && !press.shiftKey && key.toLowerCase() === 'a') return 'selectAll';
  if (!plain(press)) return null;
  switch (key) {
    case 'ArrowUp':
      return 'previous';
    case 'ArrowDown':
      return 'next';
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'Enter':
      return press.shiftKey ? null : 'open';
    case ' ':
      return 'toggleSelection';
    case 'Escape':
      return 'clearSelection';
    case '?':
      return 'showShortcuts';
    case 'v':
    case 'V':
      return press.shiftKey ? null : 'toggleGrid';
    default:
      return null;
  }
}

/**
 * Whether a key press is a file action's hotkey: the same key (letters in
 * either case) and exactly the modifiers it asks for (Cmd counts as Ctrl).
 */
export function matchesHotkey(press: KeyPress, hotkey: FileActionHotkey): boolean {
  const sameKey = press.key === hotkey.key || (hotkey.key.length === 1 && press.key.toLowerCase() === hotkey.key.toLowerCase());
  return sameKey && ctrlOf(press) === (hotkey.ctrl ?? false) && press.altKey === (hotkey.alt ?? false) && press.shiftKey === (hotkey.shift ?? false);
}

/**
 * A key's name in the interface language ('Ctrl', 'Escape', 'Home', …). The
 * i18next context `key` lets a language name the key apart from the same
 * English word elsewhere (German 'Entf' for the Delete key, 'Löschen' for the
 * action); without a `_key` entry the plain translation is used. Keys
 * without a name here ('F2', 'PageDown') are shown as they are.
 */
export function keyName(name: string, t: Translate): string {
  // i18n-dynamic: the names are the KEY_NAMES below.
  return KEY_NAMES.has(name) ? t(name, { context: 'key' }) : name;
}

/** The keys with a translated name (the catalogues hold them; `_key` entries are optional). */
const KEY_NAMES: ReadonlySet<string> = new Set([
  i18nKey('Ctrl'),
  i18nKey('Alt'),
  i18nKey('Shift'),
  i18nKey('Home'),
  i18nKey('End'),
  i18nKey('Enter'),
  i18nKey('Space'),
  i18nKey('Escape'),
  i18nKey('Delete'),
  i18nKey('Backspace'),
  i18nKey('Tab'),
]);

/** How a hotkey is written in the shortcuts help, e.g. 'Ctrl+Shift+D', with key names translated. */
export function hotkeyLabel(hotkey: Omit<FileActionHotkey, 'description'>, t: Translate): string {
  const key = hotkey.key.length === 1 ? hotkey.key.toUpperCase() : keyName(hotkey.key, t);
  return [hotkey.ctrl && keyName('Ctrl', t), hotkey.alt && keyName('Alt', t), hotkey.shift && keyName('Shift', t), key].filter(Boolean).join('+');
}

/** One line of the shortcuts help. */
export interface ShortcutHelp {
  /** The keys, as written for people. */
  keys: string;
  /** What they do. */
  description: string;
}

/** The list's own shortcuts, for the help dialog. */
export function listShortcuts(t: Translate): ShortcutHelp[] {
  return [
    { keys: '↑ / ↓', description: t('Move to the previous or next file') },
    { keys: `${keyName('Home', t)} / ${keyName('End', t)}`, description: t('Move to the first or last file') },
    { keys: keyName('Enter', t), description: t('Open the file or folder') },
    { keys: keyName('Space', t), description: t('Select or deselect the file') },
    { keys: hotkeyLabel({ key: 'A', ctrl: true }, t), description: t('Select all files and folders') },
    { keys: keyName('Escape', t), description: t('Clear the selection') },
    { keys: 'V', description: t('Toggle grid view') },
    { keys: hotkeyLabel({ key: '↑', alt: true }, t), description: t('Go to the parent folder') },
    { keys: '?', description: t('Show the keyboard shortcuts') },
  ];
}
