/** A parsed XML element with resolved namespaces. */
export interface XmlElement {
  /** Namespace URI ('' when none). */
  ns: string;
  /** Local name. */
  local: string;
  /** Attributes keyed by Clark name (`{ns}local`, or `local` without namespace). */
  attributes: Record<string, string>;
  /** Child elements and text, in document order. */
  children: (XmlElement | string)[];
}

/** Well-known namespaces of the Nextcloud WebDAV dialect. */
export const NS = {
  dav: 'DAV:',
  oc: 'http://owncloud.org/ns',
  nc: 'http://nextcloud.org/ns',
  ocs: 'http://open-collaboration-services.org/ns',
  sabre: 'http://sabredav.org/ns',
} as const;

/** `{ns}local` for an element. */
export function clark(element: { ns: string; local: string }): string {
  return `{${element.ns}}${element.local}`;
}

/** The child elements (text dropped). */
export function elements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string');
}

/** The first child element with this namespace and name. */
export function child(element: XmlElement, ns: string, local: string): XmlElement | undefined {
  return elements(element).find((c) => c.ns === ns && c.local === local);
}

/** All text inside an element, concatenated. */
export function textOf(element: XmlElement): string {
  return element.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}
