import type { XmlElement } from './xml/element';
import { NS } from './xml/element';
import { escapeXml } from './xml/serialize';

// What a PROPFIND, REPORT or SEARCH asks for: the requested property names.

/** A requested property name. */
export interface PropName {
  ns: string;
  local: string;
}

/** What a PROPFIND (or REPORT/SEARCH) asks for. */
export type PropRequest = { kind: 'prop'; names: PropName[] } | { kind: 'allprop'; include: PropName[] } | { kind: 'propname' };

/** Parses the body of a PROPFIND (empty means allprop). */
export function propRequestFrom(propfind: XmlElement | null): PropRequest {
  if (!propfind) return { kind: 'allprop', include: [] };
  const kids = propfind.children.filter((c): c is XmlElement => typeof c !== 'string');
  const prop = kids.find((k) => k.ns === NS.dav && k.local === 'prop');
  if (prop) return { kind: 'prop', names: namesIn(prop) };
  if (kids.some((k) => k.ns === NS.dav && k.local === 'propname')) return { kind: 'propname' };
  if (kids.some((k) => k.ns === NS.dav && k.local === 'allprop')) {
    const include = kids.find((k) => k.ns === NS.dav && k.local === 'include');
    return { kind: 'allprop', include: include ? namesIn(include) : [] };
  }
  return { kind: 'allprop', include: [] };
}

/** The property names inside a `d:prop`. */
export function namesIn(prop: XmlElement): PropName[] {
  return prop.children.filter((c): c is XmlElement => typeof c !== 'string').map((c) => ({ ns: c.ns, local: c.local }));
}

export const knownPrefix: Record<string, string> = { [NS.dav]: 'd', [NS.oc]: 'oc', [NS.nc]: 'nc', [NS.ocs]: 'ocs', [NS.sabre]: 's' };

/** An empty element for a property name (404 lists and propname), declaring unknown namespaces inline. */
export function emptyProp(name: PropName): string {
  const prefix = knownPrefix[name.ns];
  if (prefix) return `<${prefix}:${name.local}/>`;
  if (name.ns === '') return `<${name.local} xmlns=""/>`;
  return `<x:${name.local} xmlns:x="${escapeXml(name.ns)}"/>`;
}
