import { describe, expect, it } from '@jest/globals';
import {
  CATALOGUE_LANGUAGES,
  COMPACT_LISTING_TYPE,
  INTERFACE_LANGUAGES,
  LANGUAGE_NAMES,
  acceptsCompactListing,
  compactDoneLine,
  compactHeaderLine,
  compactResetLine,
  createRegistrationTable,
  createUndoList,
  directionOf,
  isInterfaceLanguage,
  isPluginId,
  isReportedPluginName,
  manifestEntryName,
  publicShareMode,
  readCompactLine,
  readPublicShareFacts,
} from './index';

describe('the plugin id rule', () => {
  it('takes lower-case letters, digits, ".", "_" and "-", starting with a letter or digit', () => {
    for (const id of ['hello', 'acme.sign', 'a_b-c', '0day']) expect(isPluginId(id)).toBe(true);
    for (const id of ['', 'Hello', '.hidden', '-x', 'a b', 'a/b', 42]) expect(isPluginId(id)).toBe(false);
  });

  it('names a manifest entry without an id by its position, which a failure report may carry', () => {
    expect(manifestEntryName(3)).toBe('manifest entry 3');
    expect(isReportedPluginName(manifestEntryName(3))).toBe(true);
    expect(isReportedPluginName('a'.repeat(100))).toBe(true);
    expect(isReportedPluginName('a'.repeat(101))).toBe(false);
  });
});

describe('the languages', () => {
  it('are English and the 18 catalogues, each with its own name', () => {
    expect(CATALOGUE_LANGUAGES).toHaveLength(18);
    expect(INTERFACE_LANGUAGES).toEqual(['en', ...CATALOGUE_LANGUAGES]);
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...INTERFACE_LANGUAGES]);
    expect(isInterfaceLanguage('pt-BR')).toBe(true);
    expect(isInterfaceLanguage('pt')).toBe(false);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});

describe('the compact listing grammar', () => {
  it('reads back what the line builders write', () => {
    expect(readCompactLine(JSON.parse(compactHeaderLine(['{DAV:}getetag'], 2)))).toEqual({ kind: 'header', props: ['{DAV:}getetag'] });
    expect(readCompactLine(JSON.parse(compactResetLine(2)))).toEqual({ kind: 'reset' });
    expect(readCompactLine(JSON.parse(compactDoneLine(2)))).toEqual({ kind: 'done', count: 2 });
    expect(readCompactLine(['', '&quot;e&quot;', null, { xml: '<x/>' }])).toEqual({ kind: 'row', cells: ['', '&quot;e&quot;', null, { xml: '<x/>' }] });
    expect(readCompactLine({ other: true })).toBeNull();
    expect(readCompactLine(7)).toBeNull();
  });

  it('is asked for by its media type in Accept, unless refused with q=0', () => {
    expect(acceptsCompactListing(`${COMPACT_LISTING_TYPE}, application/xml;q=0.9`)).toBe(true);
    expect(acceptsCompactListing(`Application/Vnd.Cumulus.Listing+NDJSON`)).toBe(true);
    expect(acceptsCompactListing(`${COMPACT_LISTING_TYPE};q=0, application/xml`)).toBe(false);
    expect(acceptsCompactListing('application/xml')).toBe(false);
  });
});

describe('the public link facts', () => {
  const facts = { token: 't0k3n', type: 'folder', name: '', fileName: 'Photos', permissions: 4 };

  it('read the page attribute, with defaults, and tell a file drop', () => {
    const read = readPublicShareFacts(JSON.stringify(facts));
    expect(read).toMatchObject({ token: 't0k3n', name: 'Photos', size: -1, downloadable: true, note: '' });
    expect(publicShareMode(read!)).toBe('drop');
    expect(publicShareMode({ type: 'file', permissions: 1 })).toBe('file');
  });

  it('are null for an attribute that describes no link', () => {
    expect(readPublicShareFacts(undefined)).toBeNull();
    expect(readPublicShareFacts('{')).toBeNull();
    expect(readPublicShareFacts(JSON.stringify({ ...facts, token: '' }))).toBeNull();
  });
});

describe('the registration table and the undo list', () => {
  it('refuses a taken id, and an old undo never removes a later registration', () => {
    const released: string[] = [];
    const table = createRegistrationTable<string>((value) => released.push(value));
    const undo = table.claim('a', 'first');
    expect(undo).not.toBeNull();
    expect(table.claim('a', 'second')).toBeNull();
    undo?.();
    const again = table.claim('a', 'third');
    undo?.();
    expect(table.values()).toEqual(['third']);
    expect(released).toEqual(['first']);
    again?.();
    expect(table.has('a')).toBe(false);
  });

  it('undoes newest first, once each, and collects what throws', () => {
    const list = createUndoList();
    const order: string[] = [];
    list.add(() => order.push('first'));
    const second = list.add(() => order.push('second'));
    list.add(() => {
      throw new Error('boom');
    });
    second();
    second();
    const errors = list.undoAll();
    expect(order).toEqual(['second', 'first']);
    expect(errors).toHaveLength(1);
    expect(list.undoAll()).toEqual([]);
  });
});
