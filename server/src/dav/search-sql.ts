import type { SearchCondition, SearchNumberColumn, SearchOrderColumn } from '../storage/metadata/search-query';
import { ALL_ROWS } from '../storage/metadata/search-query';
import { fail } from '../errors';
import { FOLDER_MIME } from '../storage/model/types';
import { codePointLength, foldName } from '../storage/metadata/name-folding';
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
const DISPLAY_NAME = `{${NS.dav}}displayname`;

/** A LIKE pattern's literal runs between wildcards (escapes undone), and whether it starts with one. */
function literalRuns(pattern: string): { runs: string[]; anchored: boolean } {
  const runs: string[] = [];
  let run = '';
  let anchored = true;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === '\\' && i + 1 < pattern.length) {
      i += 1;
      run += pattern[i];
    } else if (char === '%' || char === '_') {
      if (runs.length === 0 && run === '') anchored = false;
      runs.push(run);
      run = '';
    } else run += char;
  }
  runs.push(run);
  return { runs: runs.filter((text) => text !== ''), anchored };
}

/**
 * The name index's preselection for `d:like` on `d:displayname`: every name the pattern
 * matches contains its longest literal run (folded, 3 characters or more: the trigram index),
 * or starts with its leading run (shorter: the prefix index). A superset (the exact test runs
 * on its rows), or every row when the pattern has neither.
 */
export function likePreselection(pattern: string): SearchCondition | undefined {
  const { runs, anchored } = literalRuns(pattern);
  const longest = runs.map(foldName).sort((a, b) => codePointLength(b) - codePointLength(a))[0];
  if (longest !== undefined && codePointLength(longest) >= 3) return { kind: 'name', folded: longest };
  const first = runs[0] === undefined ? '' : foldName(runs[0]);
  return anchored && first !== '' ? { kind: 'name', folded: first } : undefined;
}
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
    case 'like': {
      const prop = child(element, NS.dav, 'prop');
      const literal = child(element, NS.dav, 'literal');
      if (!prop || !literal || propertyKey(prop) !== DISPLAY_NAME) return INEXACT;
      const condition = likePreselection(textOf(literal));
      return condition ? { condition, exact: false } : INEXACT;
    }
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
