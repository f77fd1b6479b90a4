import { describe, expect, it, jest } from '@jest/globals';
import { createI18n, pluginTranslatorOf, translatorOf } from './createI18n';
import { keptTranslations } from './keptTranslations';

const catalogue: Record<string, string> = {
  'Open details of {name}': 'Details von {name} öffnen',
  'Actions for {name}': 'Aktionen für {name}',
  '{count} file_one': '{count} Datei',
  '{count} file_other': '{count} Dateien',
  'Spaced { name }': 'Mit Abstand { name }',
  'Unescaped {- name}': 'Roh {- name}',
  'Nested': 'Verschachtelt $t(Cancel)',
  'Cancel': 'Abbrechen',
  'Two {a} and {b}': 'Zwei {b} und {a}',
  'Doubled {{name}}': 'Doppelt {{name}}',
};

/** Calls that must read the same through the kept answers as straight from i18next. */
const calls: [string, Record<string, string | number>?][] = [
  ['Cancel'],
  ['Cancel', {}],
  ['Not in the catalogue'],
  ['Open details of {name}', { name: 'report.pdf' }],
  ['Open details of {name}', { name: 'a {name} in a name' }],
  ['Open details of {name}', { name: '$t(Cancel)' }],
  ['Open details of {name}', { name: 42 }],
  ['Open details of {name}'],
  ['Open details of {name}', { other: 'x' }],
  ['Actions for {name}', { name: 'Ünïcode 日本語' }],
  ['{count} file', { count: 1 }],
  ['{count} file', { count: 7 }],
  ['Spaced { name }', { name: 'x' }],
  ['Unescaped {- name}', { name: '<b>' }],
  ['Nested'],
  ['Two {a} and {b}', { a: 1, b: 2 }],
  ['Two {a} and {b}', { a: 1 }],
  ['Doubled {{name}}', { name: 'x' }],
  ['Open details of {name}', { name: 'y', defaultValue: 'z' }],
  ['Not in the catalogue {name}', { name: 'y', defaultValue_other: 'z' }],
  ['Open details of {name}', { name: 'y', skipInterpolation: 1 }],
  ['Open details of {name}', { name: null as unknown as string }],
];

describe('keptTranslations', () => {
  it('reads every call as i18next does: plain values filled in, plural forms, formats, nesting and missing values left to it', async () => {
    const i18n = await createI18n('de', () => Promise.resolve({ ...catalogue }));
    const t = keptTranslations(i18n, (key, vars) => i18n.t(key, vars));
    for (const [key, vars] of calls) {
      // Twice: the first call keeps the text, the second reads it from what is kept.
      expect([key, vars, t(key, vars)]).toEqual([key, vars, i18n.t(key, vars ?? {})]);
      expect([key, vars, t(key, vars)]).toEqual([key, vars, i18n.t(key, vars ?? {})]);
    }
    expect(t('Open details of {name}', { name: 'report.pdf' })).toBe('Details von report.pdf öffnen');
    expect(t('Two {a} and {b}', { a: 1, b: 2 })).toBe('Zwei 2 und 1');
  });

  it("is what the app's translators use: i18next is asked once per text, in English and in a catalogue's language", async () => {
    for (const language of ['en', 'de']) {
      const i18n = await createI18n(language, () => Promise.resolve({ ...catalogue }));
      const spy = jest.spyOn(i18n, 't');
      const t = translatorOf(i18n);
      const forPlugin = pluginTranslatorOf(i18n)('acme', null);
      for (let row = 0; row < 50; row += 1) {
        t('Open details of {name}', { name: `file ${row}` });
        forPlugin('Actions for {name}', { name: `file ${row}` });
      }
      expect(t('Open details of {name}', { name: 'x' })).toBe(language === 'de' ? 'Details von x öffnen' : 'Open details of x');
      // One text through each translator: two lookups for 101 calls.
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockRestore();
    }
  });

  it('asks i18next once per text, then fills in the kept template', async () => {
    const i18n = await createI18n('de', () => Promise.resolve({ ...catalogue }));
    const translate = jest.fn((key: string, vars: Record<string, string | number>) => i18n.t(key, vars));
    const t = keptTranslations(i18n, translate);
    for (let row = 0; row < 100; row += 1) t('Open details of {name}', { name: `file ${row}` });
    expect(translate).toHaveBeenCalledTimes(1);
    expect(t('Open details of {name}', { name: 'file 99' })).toBe('Details von file 99 öffnen');
  });

  it('forgets what it kept when resources are added or the language changes', async () => {
    const i18n = await createI18n('de', () => Promise.resolve({ ...catalogue }));
    const t = keptTranslations(i18n, (key, vars) => i18n.t(key, vars));
    expect(t('Cancel')).toBe('Abbrechen');
    i18n.addResourceBundle('de', 'translation', { Cancel: 'Stornieren' }, true, true);
    expect(t('Cancel')).toBe('Stornieren');
    await i18n.changeLanguage('en');
    expect(t('Cancel')).toBe('Cancel');
    expect(t('Open details of {name}', { name: 'x' })).toBe('Open details of x');
  });

  it("keeps a plugin's texts apart from the shell's and from another plugin's", async () => {
    const i18n = await createI18n('de', () => Promise.resolve({ ...catalogue }));
    const forPlugin = pluginTranslatorOf(i18n);
    const acme = forPlugin('acme', { Cancel: 'Acme-Abbruch', 'Hello {name}': 'Hallo {name}' });
    const other = forPlugin('other', null);
    expect([acme('Cancel'), other('Cancel'), acme('Hello {name}', { name: 'Ann' }), other('Hello {name}', { name: 'Ann' })]).toEqual(['Acme-Abbruch', 'Abbrechen', 'Hallo Ann', 'Hello Ann']);
    expect([acme('Cancel'), other('Cancel')]).toEqual(['Acme-Abbruch', 'Abbrechen']);
  });

  it('leaves every call to i18next when a post-processor changes the whole text (the pseudo-locale)', async () => {
    const i18n = await createI18n('en-XA');
    const translate = jest.fn((key: string, vars: Record<string, string | number>) => i18n.t(key, vars));
    const t = keptTranslations(i18n, translate, { postProcessed: true });
    expect(t('Open details of {name}', { name: 'x' })).toBe(i18n.t('Open details of {name}', { name: 'x' }));
    t('Open details of {name}', { name: 'x' });
    expect(translate).toHaveBeenCalledTimes(2);
  });
});
