import { describe, expect, it, jest } from '@jest/globals';
import { createI18n, pluginTranslatorOf, translatorOf } from './createI18n';

describe('createI18n', () => {
  it("loads the interface language's catalogue, plural forms by the language's rules", async () => {
    const ukrainian: Record<string, string> = { 'Cancel': 'Скасувати', '{count} file_one': '{count} файл', '{count} file_few': '{count} файли', '{count} file_many': '{count} файлів', '{count} file_other': '{count} файлу' };
    const load = jest.fn((language: string) => Promise.resolve(language === 'uk' ? ukrainian : {}));
    const t = translatorOf(await createI18n('uk', load));
    expect(load).toHaveBeenCalledWith('uk');
    expect(t('Cancel')).toBe('Скасувати');
    expect([1, 3, 5, 21, 1.5].map((count) => t('{count} file', { count }))).toEqual(['1 файл', '3 файли', '5 файлів', '21 файл', '1.5 файлу']);
    expect(t('Not translated {x}', { x: 1 })).toBe('Not translated 1');
  });

  it('needs no catalogue for English, and shows English when a catalogue fails to load', async () => {
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    expect(translatorOf(await createI18n('en', load))('{count} file', { count: 2 })).toBe('2 files');
    expect(load).not.toHaveBeenCalled();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(translatorOf(await createI18n('de', load))('Cancel')).toBe('Cancel');
  });

  it('stretches every text in the pseudo-locale en-XA, after interpolation', async () => {
    const t = translatorOf(await createI18n('en-XA', () => Promise.reject(new Error('the pseudo-locale has no catalogue'))));
    expect(t('Cancel')).toBe('[!! Çáñçéļ ~~~ !!]');
    expect(t('{count} file', { count: 2 })).toBe('[!! 2 ƒîļéš ~~~ !!]');
  });

  it("gives each plugin its own namespace, falling back to the shell's strings, then English", async () => {
    const i18n = await createI18n('de', () => Promise.resolve({ Cancel: 'Abbrechen', Share: 'Teilen' }));
    const forPlugin = pluginTranslatorOf(i18n);
    const t = forPlugin('acme', { Share: 'Freigeben', 'Acme notes': 'Acme-Notizen' });
    expect(t('Acme notes')).toBe('Acme-Notizen');
    expect(t('Share')).toBe('Freigeben');
    expect(t('Cancel')).toBe('Abbrechen');
    expect(t('Hello, {name}!', { name: 'Ann' })).toBe('Hello, Ann!');
    // Another plugin's catalogue is not this one's.
    expect(forPlugin('other', null)('Acme notes')).toBe('Acme notes');
  });
});
