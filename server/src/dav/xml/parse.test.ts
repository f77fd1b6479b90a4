import { describe, it, expect } from '@jest/globals';
import { MAX_XML_DEPTH, parseXml } from './parse';
import { serializeElement } from './serialize';
import { StorageError } from '../../errors';

describe('parseXml', () => {
  it('resolves namespaces, default and prefixed', () => {
    const root = parseXml('<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns="urn:x"><d:prop><foo/></d:prop></d:propfind>');
    expect(root).toMatchObject({ ns: 'DAV:', local: 'propfind' });
    const prop = root.children[0];
    expect(prop).toMatchObject({ ns: 'DAV:', local: 'prop', children: [{ ns: 'urn:x', local: 'foo' }] });
  });

  it('refuses malformed XML, undeclared prefixes and xmlns:x="" with bad-request', () => {
    for (const text of ['<a><b></a>', '<x:a/>', '<a xmlns:x=""><x:b/></a>', '', 'plain text']) {
      expect(() => parseXml(text)).toThrow(StorageError);
      try {
        parseXml(text);
      } catch (error) {
        expect((error as StorageError).kind).toBe('bad-request');
      }
    }
  });

  it('serialises an element so it stands alone, keeping text and nested namespaces', () => {
    const root = parseXml('<p:color xmlns:p="urn:a" xmlns:q="urn:b">dark <q:shade>blue &amp; green</q:shade><plain xmlns=""/></p:color>');
    expect(serializeElement(root)).toBe('<color xmlns="urn:a">dark <shade xmlns="urn:b">blue &amp; green</shade><plain xmlns=""/></color>');
    expect(serializeElement(parseXml(serializeElement(root)))).toBe(serializeElement(root));
  });
});

describe('parseXml nesting depth', () => {
  const nested = (depth: number): string => `<d:propfind xmlns:d="DAV:">${'<d:prop>'.repeat(depth - 1)}${'</d:prop>'.repeat(depth - 1)}</d:propfind>`;

  it(`accepts bodies nesting up to ${MAX_XML_DEPTH} levels`, () => {
    let element = parseXml(nested(MAX_XML_DEPTH));
    let depth = 1;
    while (element.children[0] && typeof element.children[0] !== 'string') {
      element = element.children[0];
      depth += 1;
    }
    expect(depth).toBe(MAX_XML_DEPTH);
  });

  it('refuses deeper bodies with bad-request, whatever follows the level too deep', () => {
    for (const text of [nested(MAX_XML_DEPTH + 1), `<a>${'<b>'.repeat(60_000)}`, `<a xmlns:x="urn:x">${'<x:b>'.repeat(100)}</unclosed>`]) {
      let caught: unknown;
      try {
        parseXml(text);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(StorageError);
      expect((caught as StorageError).kind).toBe('bad-request');
      expect((caught as StorageError).message).toBe(`The request body nests elements deeper than ${MAX_XML_DEPTH} levels`);
    }
  });
});
