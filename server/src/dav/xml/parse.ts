import { SaxesParser } from 'saxes';
import type { XmlElement } from './element';
import { StorageError, fail } from '../../errors';

/**
 * How deep elements may nest in a request body. Real clients use a handful of levels (a
 * SEARCH with nested d:and/d:or a dozen); the namespace lookup of the parser costs the
 * depth at every element, so a body of 60,000 levels would cost billions of steps.
 */
export const MAX_XML_DEPTH = 64;

/**
 * Parses a request body into an element tree with resolved namespaces.
 * Malformed XML, undeclared prefixes and the illegal `xmlns:x=""` all end
 * in a `bad-request` (400), as litmus expects; so does a body nesting deeper
 * than {@link MAX_XML_DEPTH}, refused at the first element too deep, before
 * the parser resolves its namespaces.
 */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let error: Error | null = null;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentagstart', () => {
    // Thrown out of write(): the parse stops here.
    if (stack.length >= MAX_XML_DEPTH) fail('bad-request', `The request body nests elements deeper than ${MAX_XML_DEPTH} levels`);
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      attributes[attribute.uri ? `{${attribute.uri}}${attribute.local}` : attribute.local] = attribute.value;
    }
    const element: XmlElement = { ns: tag.uri ?? '', local: tag.local ?? tag.name, attributes, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]?.children.push(text);
  });
  parser.on('cdata', (text) => {
    stack[stack.length - 1]?.children.push(text);
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (e instanceof StorageError) throw e;
    error ??= e as Error;
  }
  if (error) fail('bad-request', `The request body is not valid XML: ${(error as Error).message}`);
  if (!root) fail('bad-request', 'The request body has no root element');
  return root;
}
