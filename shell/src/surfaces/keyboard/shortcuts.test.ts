import { describe, expect, it } from '@jest/globals';
import { englishTranslate } from '@cumulus/sdk';
import { hotkeyLabel, listCommand, listShortcuts, matchesHotkey } from './shortcuts';
import type { KeyPress } from './shortcuts';
import { createI18n, translatorOf } from '../../i18n/createI18n';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('listCommand', () => {
  it('maps the list keys to its commands', () => {
    expect(listCommand(press('ArrowDown'))).toBe('next');
    expect(listCommand(press('ArrowUp'))).toBe('previous');
    expect(listCommand(press('Enter'))).toBe('open');
    expect(listCommand(press(' '))).toBe('toggleSelection');
    expect(listCommand(press(' ', { shiftKey: true }))).toBe('toggleSelection');
    expect(listCommand(press('a', { ctrlKey: true }))).toBe('selectAll');
    expect(listCommand(press('A', { metaKey: true }))).toBe('selectAll');
    expect(listCommand(press('Escape'))).toBe('clearSelection');
    expect(listCommand(press('v'))).toBe('toggleGrid');
    expect(listCommand(press('ArrowUp', { altKey: true }))).toBe('parentFolder');
    expect(listCommand(press('?', { shiftKey: true }))).toBe('showShortcuts');
  });

  it('leaves other combinations alone (file action hotkeys and the browser)', () => {
    expect(listCommand(press('a'))).toBeNull();
    expect(listCommand(press('v', { ctrlKey: true }))).toBeNull();
    expect(listCommand(press('ArrowDown', { ctrlKey: true }))).toBeNull();
    expect(listCommand(press('F2'))).toBeNull();
    expect(listCommand(press('Delete'))).toBeNull();
    expect(listCommand(press('d'))).toBeNull();
  });
});

describe('matchesHotkey', () => {
  it('matches the key in either case with exactly the declared modifiers', () => {
    expect(matchesHotkey(press('d'), { key: 'd', description: 'Details' })).toBe(true);
    expect(matchesHotkey(press('D'), { key: 'd', description: 'Details' })).toBe(true);
    expect(matchesHotkey(press('d', { ctrlKey: true }), { key: 'd', description: 'Details' })).toBe(false);
    expect(matchesHotkey(press('F2'), { key: 'F2', description: 'Rename' })).toBe(true);
    expect(matchesHotkey(press('Delete'), { key: 'Delete', description: 'Delete' })).toBe(true);
    expect(matchesHotkey(press('s', { metaKey: true, shiftKey: true }), { key: 's', ctrl: true, shift: true, description: 'Share' })).toBe(true);
    expect(matchesHotkey(press('s', { ctrlKey: true }), { key: 's', ctrl: true, shift: true, description: 'Share' })).toBe(false);
  });

  it('writes hotkeys for people', () => {
    expect(hotkeyLabel({ key: 's', ctrl: true, shift: true }, englishTranslate)).toBe('Ctrl+Shift+S');
    expect(hotkeyLabel({ key: 'F2' }, englishTranslate)).toBe('F2');
    expect(listShortcuts(englishTranslate).map((line) => line.keys)).toEqual(['↑ / ↓', 'Home / End', 'Enter', 'Space', 'Ctrl+A', 'Escape', 'V', 'Alt+↑', '?']);
  });

  it('names the keys in the interface language, a key apart from the same word as an action', async () => {
    const i18n = await createI18n('de');
    i18n.addResourceBundle('de', 'translation', {
      Ctrl: 'Strg',
      Shift: 'Umschalt',
      Alt: 'Alt',
      Escape: 'Esc',
      Enter: 'Eingabe',
      Home: 'Pos1',
      End: 'Ende',
      Space: 'Leertaste',
      Delete: 'Löschen',
      Delete_key: 'Entf',
    });
    const t = translatorOf(i18n);
    expect(hotkeyLabel({ key: 'd', ctrl: true, shift: true }, t)).toBe('Strg+Umschalt+D');
    expect(hotkeyLabel({ key: 'Delete' }, t)).toBe('Entf');
    expect(listShortcuts(t).map((line) => line.keys)).toEqual(['↑ / ↓', 'Pos1 / Ende', 'Eingabe', 'Leertaste', 'Strg+A', 'Esc', 'V', 'Alt+↑', '?']);
  });
});
