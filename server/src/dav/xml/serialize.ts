import type { XmlElement } from './element';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const needsEscape = /[&<>"']/;

/** Escapes text or an attribute value for XML; returns the input unchanged when nothing needs escaping. */
export function escapeXml(text: string): string {
  if (!needsEscape.test(text)) return text;
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/**
 * Serialises an element so it stands alone: every element carrying a
 * namespace declares it itself (`xmlns="…"`), so the result can be stored
 * and later inserted into any document unchanged.
 */
export function serializeElement(element: XmlElement, parentNs = ''): string {
  let out = `<${element.local}`;
  if (element.ns !== parentNs) out += ` xmlns="${escapeXml(element.ns)}"`;
  let prefix = 0;
  for (const [name, value] of Object.entries(element.attributes)) {
    const match = /^\{(.*)\}(.+)$/.exec(name);
    if (match) {
      prefix += 1;
      out += ` xmlns:a${prefix}="${escapeXml(match[1] ?? '')}" a${prefix}:${match[2]}="${escapeXml(value)}"`;
    } else {
      out += ` ${name}="${escapeXml(value)}"`;
    }
  }
  if (element.children.length === 0) return `${out}/>`;
  out += '>';
  for (const c of element.children) out += typeof c === 'string' ? escapeXml(c) : serializeElement(c, element.ns);
  return `${out}</${element.local}>`;
}
