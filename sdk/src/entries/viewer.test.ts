import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { aViewer, refusal } from './test-fixtures';
import { findViewer, mimeMatches, viewerHandles, viewerKind } from './viewer';

describe('viewer registration', () => {
  it('accepts a viewer with id, name, MIME patterns and mount, stamped with its owner', () => {
    const viewers = createRegistry(viewerKind);
    viewers.register(aViewer(), 'viewer');
    expect(viewers.get('images')?.pluginId).toBe('viewer');
  });

  it('returns an undo that removes exactly its own registration', () => {
    const viewers = createRegistry(viewerKind);
    const undo = viewers.register(aViewer());
    undo();
    viewers.register(aViewer({ name: 'Again' }));
    undo();
    expect(viewers.get('images')?.name).toBe('Again');
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a missing name', { name: '  ' }, 'name must be a non-empty string'],
    ['no mimes', { mimes: undefined }, 'mimes must be a non-empty array of MIME types'],
    ['an empty mimes list', { mimes: [] }, 'mimes must be a non-empty array of MIME types'],
    ['a MIME without subtype', { mimes: ['image'] }, 'mimes: "image" is not a MIME type (type/subtype, type/* or */*, lower case)'],
    ['a MIME with parameters', { mimes: ['text/plain; charset=utf-8'] }, 'mimes: "text/plain; charset=utf-8" is not a MIME type (type/subtype, type/* or */*, lower case)'],
    ['an upper-case MIME', { mimes: ['Image/PNG'] }, 'mimes: "Image/PNG" is not a MIME type (type/subtype, type/* or */*, lower case)'],
    ['a wildcard type with a subtype', { mimes: ['*/png'] }, 'mimes: "*/png" is not a MIME type (type/subtype, type/* or */*, lower case)'],
    ['a non-string MIME', { mimes: [42] }, 'mimes: 42 is not a MIME type (type/subtype, type/* or */*, lower case)'],
    ['a missing mount', { mount: undefined }, 'mount must be a function'],
    ['an order that is not a number', { order: '1' }, 'order must be a finite number'],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const viewers = createRegistry(viewerKind);
    const error = refusal(() => viewers.register({ ...aViewer(), ...fields } as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.kind).toBe('viewer');
    expect(error.reason).toBe(reason);
    expect(viewers.getAll()).toEqual([]);
  });

  it("refuses a duplicate id with 'Duplicate entry'", () => {
    const viewers = createRegistry(viewerKind);
    viewers.register(aViewer());
    expect(refusal(() => viewers.register(aViewer())).message).toBe('Duplicate entry');
  });
});

describe('viewer type matching', () => {
  it.each([
    ['image/png', 'image/png', true],
    ['image/png', 'image/jpeg', false],
    ['image/*', 'image/svg+xml', true],
    ['image/*', 'imagex/png', false],
    ['image/*', 'application/pdf', false],
    ['*/*', 'application/x-drawio', true],
    ['text/markdown', 'Text/Markdown; charset=utf-8', true],
    ['*/*', 'not a mime', false],
    ['image/*', 'image/', true],
  ])('%s covers %s: %s', (pattern, mime, expected) => {
    expect(mimeMatches(pattern, mime)).toBe(expected);
  });

  it('a viewer handles a file when any of its patterns covers the type', () => {
    expect(viewerHandles(aViewer({ mimes: ['video/*', 'audio/*'] }), 'audio/ogg')).toBe(true);
    expect(viewerHandles(aViewer({ mimes: ['video/*', 'audio/*'] }), 'text/plain')).toBe(false);
  });

  it('the first viewer in order that matches wins; a third-party type adds without replacing', () => {
    const viewers = createRegistry(viewerKind);
    viewers.register(aViewer({ id: 'fallback', name: 'Other files', mimes: ['*/*'], order: 1000 }));
    viewers.register(aViewer({ id: 'images', name: 'Images', mimes: ['image/*'], order: 10 }));
    viewers.register(aViewer({ id: 'png-special', name: 'PNG', mimes: ['image/png'], order: 5 }));
    viewers.register(aViewer({ id: 'drawio', name: 'Draw.io', mimes: ['application/x-drawio'] }), 'drawio');
    const all = viewers.getAll();
    expect(findViewer(all, 'image/png')?.id).toBe('png-special');
    expect(findViewer(all, 'image/jpeg')?.id).toBe('images');
    expect(findViewer(all, 'application/x-drawio')?.id).toBe('drawio');
    expect(findViewer(all, 'application/zip')?.id).toBe('fallback');
    expect(findViewer(all.filter((viewer) => viewer.id !== 'fallback'), 'application/zip')).toBeUndefined();
  });
});
