import type { SearchCondition, SearchNumberColumn, SearchOrderColumn } from '../storage/metadata/search-query';
import { ALL_ROWS } from '../storage/metadata/search-query';
import { fail } from '../errors';
import { FOLDER_MIME } from '../storage/model/types';
import type { XmlElement } from './xml/element';
import { NS, child, elements, textOf } from './xml/element';

/** The numeric properties a SEARCH may compare and order by, and their columns. */
const NUMBER_COLUMNS: Readonly<Record<string, SearchNumberColumn>> = {
  [`{${NS.dav}}getlastmodified`]: 'mtime',
  [`{${NS.dav}}getcontentlength`]: 'size',
  [`{${NS.oc}}size`]: 'size',
  [`{${NS.oc}}favorite`]: 'favorite',
  [`{${NS.oc}}fileid`]: 'fileid',
  [`{${NS.nc}}upload_time`]: 'upload_time',
  [`{${NS.nc}}creation_time`]: 'creation_time',
  [`{${NS.nc}}last_activity`]: 'last_activity',
};

const RESOURCE_TYPE = `{${NS.dav}}resourcetype`;
const CONTENT_TYPE = `{${NS.dav}}getcontenttype`;

/** The Clark name of the property inside a `d:prop` (400 without one). */
export function propertyKey(prop: XmlElement): string {
  const name = elements(prop)[0];
  if (!name) fail('bad-request', 'A comparison needs a property');
  return `{${name.ns}}${name.local}`;
}

/** A literal compared with a number: seconds or a number as such, else an RFC 1123/ISO date (400 when neither). */
export function numberLiteral(literal: string): number {
  if (/^-?\d+(\.\d+)?$/.test(literal.trim())) return Number(literal);
  const date = Date.parse(literal);
  if (Number.isNaN(date)) fail('bad-request', `Invalid literal "${literal}"`);
  return Math.floor(date / 1000);
}

/** The column an order by this property sorts as the server's comparison does, or undefined (names and types sort by locale). */
export function orderColumn(key: string): SearchOrderColumn | undefined {
  // Ascending, false before true: files before folders, as 'file' < 'folder'.
  if (key === RESOURCE_TYPE) return 'type';
  return NUMBER_COLUMNS[key];
}

/** A condition in SQL terms: `exact` when it selects exactly the nodes the `d:where` does, else it selects more. */
export interface SqlWhere {
  condition: SearchCondition;
  exact: boolean;
}

const INEXACT: SqlWhere = { condition: ALL_ROWS, exact: false };

function combine(kind: 'and' | 'or', parts: SqlWhere[]): SqlWhere {
  const exact = parts.every((part) => part.exact);
  const conditions = parts.map((part) => part.condition);
  if (kind === 'and') {
    const narrowing = conditions.filter((condition) => condition.kind !== 'all');
    return { condition: narrowing.length === 0 ? ALL_ROWS : narrowing.length === 1 ? (narrowing[0] as SearchCondition) : { kind, operands: narrowing }, exact };
  }
  // One operand that may match anything makes the whole d:or match anything.
  if (conditions.some((condition) => condition.kind === 'all')) return { condition: ALL_ROWS, exact };
  return { condition: { kind, operands: conditions }, exact };
}

/**
 * Translates a `d:where` condition (already checked by `compileWhere`) into a condition the
 * database evaluates: numbers, dates and the node type exactly; name patterns and text
 * comparisons (which Nextcloud compares case-insensitively in Unicode) not at all, so the
 * database preselects and the exact test runs on its rows.
 */
export function whereToSql(element: XmlElement): SqlWhere {
  const operands = elements(element);
  switch (element.local) {
    case 'and':
    case 'or':
      return combine(element.local, operands.map(whereToSql));
    case 'not': {
      const inner = whereToSql(operands[0] as XmlElement);
      // The complement of a superset is no superset of the complement.
      return inner.exact ? { condition: { kind: 'not', operand: inner.condition }, exact: true } : INEXACT;
    }
    case 'is-collection':
      return { condition: { kind: 'type', type: 'folder' }, exact: true };
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const key = propertyKey(child(element, NS.dav, 'prop') as XmlElement);
      const text = textOf(child(element, NS.dav, 'literal') as XmlElement);
      const column = NUMBER_COLUMNS[key];
      if (column) return { condition: { kind: 'compare', column, op: element.local, value: numberLiteral(text) }, exact: true };
      if (element.local === 'eq' && key === RESOURCE_TYPE) {
        const value = text.toLowerCase();
        return { condition: value === 'true' ? { kind: 'type', type: 'folder' } : value === 'false' ? { kind: 'type', type: 'file' } : { kind: 'none' }, exact: true };
      }
      // Folders are the only nodes of this type (files get theirs from the extension).
      if (element.local === 'eq' && key === CONTENT_TYPE && text.toLowerCase() === FOLDER_MIME) return { condition: { kind: 'type', type: 'folder' }, exact: true };
      return INEXACT;
    }
    default:
      return INEXACT;
  }
}
