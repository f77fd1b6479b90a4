import { describe, expect, it } from '@jest/globals';
import { createEventBus } from '../events/create-event-bus';
import { englishTranslate } from '../format/translate';
import { createRegistries } from '../registry/registries';
import { activatePlugin } from './activate-plugin';
import { definePlugin } from './define-plugin';
import type { PluginError } from './plugin-error';
import { CATALOGUE_LANGUAGES, translationsFrom } from './translations';
import type { PluginHost, TranslationCatalogue } from './types';

/** A host in `language` whose plugin translators look up the catalogue, then fall back to English. */
function hostIn(language: string): PluginHost & { reported: PluginError[]; catalogues: [string, TranslationCatalogue | null][] } {
  const reported: PluginError[] = [];
  const catalogues: [string, TranslationCatalogue | null][] = [];
  return {
    registries: createRegistries(),
    events: createEventBus(),
    t: englishTranslate,
    language,
    translatorFor: (pluginId, catalogue) => {
      catalogues.push([pluginId, catalogue]);
      return (key, vars) => englishTranslate(catalogue?.[key] ?? key, vars);
    },
    reportError: (error) => reported.push(error),
    reported,
    catalogues,
  };
}

describe("a plugin's translations", () => {
  it("loads the interface language's catalogue before activate, so ctx.t translates from the first call", async () => {
    const host = hostIn('de');
    let seen = '';
    let language = '';
    await activatePlugin(
      host,
      definePlugin({
        id: 'acme',
        translations: { de: () => Promise.resolve({ default: { 'Hello, {name}!': 'Hallo, {name}!' } }), fr: () => Promise.reject(new Error('not this one')) },
        activate(ctx) {
          seen = ctx.t('Hello, {name}!', { name: 'Ann' });
          language = ctx.language;
        },
      }),
    );
    expect(seen).toBe('Hallo, Ann!');
    expect(language).toBe('de');
    expect(host.catalogues).toEqual([['acme', { 'Hello, {name}!': 'Hallo, {name}!' }]]);
    expect(host.reported).toEqual([]);
  });

  it('gives English for a language the plugin does not ship, without loading any catalogue', async () => {
    const host = hostIn('ja');
    let seen = '';
    await activatePlugin(host, definePlugin({ id: 'acme', translations: { de: () => Promise.reject(new Error('must not load')) }, activate: (ctx) => void (seen = ctx.t('Hello')) }));
    expect(seen).toBe('Hello');
    expect(host.catalogues).toEqual([['acme', null]]);
    expect(host.reported).toEqual([]);
  });

  it('reports a catalogue that fails to load and runs the plugin in English', async () => {
    const host = hostIn('de');
    let seen = '';
    await activatePlugin(host, definePlugin({ id: 'acme', translations: { de: () => Promise.reject(new Error('offline')) }, activate: (ctx) => void (seen = ctx.t('Hello')) }));
    expect(seen).toBe('Hello');
    expect(host.reported).toHaveLength(1);
    expect(host.reported[0]?.phase).toBe('load');
    expect(host.reported[0]?.message).toContain('de catalogue did not load');
  });

  it('definePlugin refuses translations that are not language → loader', () => {
    const activate = () => undefined;
    expect(() => definePlugin({ id: 'a', activate, translations: { de: { Hello: 'Hallo' } } as never })).toThrow(/translations\.de must be a function/);
    expect(() => definePlugin({ id: 'a', activate, translations: { German: () => Promise.resolve({}) } })).toThrow(/not a language tag/);
    expect(() => definePlugin({ id: 'a', activate, translations: [] as never })).toThrow(/translations must be an object/);
  });

  it('translationsFrom makes one loader per shipped language from a template import', async () => {
    const asked: string[] = [];
    const translations = translationsFrom((language) => {
      asked.push(language);
      return Promise.resolve({ Hello: `Hello in ${language}` });
    });
    expect(Object.keys(translations)).toEqual([...CATALOGUE_LANGUAGES]);
    await expect(translations['pt-BR']?.()).resolves.toEqual({ Hello: 'Hello in pt-BR' });
    expect(asked).toEqual(['pt-BR']);
  });
});
