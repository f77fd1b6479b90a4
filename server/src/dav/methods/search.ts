import type { DavRequest } from '../context';
import { filesBase, readBody } from '../context';
import { parseXml } from '../xml/parse';
import type { XmlElement } from '../xml/element';
import { NS, child, elements, textOf } from '../xml/element';
import { namesIn } from '../properties';
import { compileLike } from '../like';
import { filterWithinBudget } from '../time-budget';
import type { PropRequest } from '../properties';
import { renderEntries, sendMultistatus } from './propfind';
import { fail } from '../../storage/errors';
import { decodeUrlPath } from '../../storage/paths';
import type { FileEntry } from '../../storage/types';

type Predicate = (entry: FileEntry) => boolean;

/** The value of a searchable property of a node. */
function propertyValue(entry: FileEntry, prop: XmlElement): string | number | boolean {
  const name = elements(prop)[0];
  if (!name) fail('bad-request', 'A comparison needs a property');
  const key = `{${name.ns}}${name.local}`;
  switch (key) {
    case `{${NS.dav}}displayname`:
      return entry.name;
    case `{${NS.dav}}getlastmodified`:
      return entry.mtime;
    case `{${NS.dav}}getcontenttype`:
      return entry.mime;
    case `{${NS.dav}}getcontentlength`:
    case `{${NS.oc}}size`:
      return entry.size;
    case `{${NS.oc}}favorite`:
      return entry.favorite ? 1 : 0;
    case `{${NS.oc}}fileid`:
      return entry.fileid;
    case `{${NS.nc}}upload_time`:
      return entry.uploadTime;
    case `{${NS.nc}}creation_time`:
      return entry.creationTime;
    case `{${NS.dav}}resourcetype`:
      return entry.type === 'folder';
    default:
      return fail('bad-request', `Searching on ${key} is not supported`);
  }
}

/** A literal compared with a property: dates as RFC 1123/ISO or seconds, numbers as numbers. */
function literalFor(sample: string | number | boolean, literal: string): string | number {
  if (typeof sample !== 'number') return literal;
  if (/^-?\d+(\.\d+)?$/.test(literal.trim())) return Number(literal);
  const date = Date.parse(literal);
  if (Number.isNaN(date)) fail('bad-request', `Invalid literal "${literal}"`);
  return Math.floor(date / 1000);
}

/** Most conditions (operators, and/or/not included) in one `d:where`. */
export const MAX_CONDITIONS = 256;
/** Most characters of all `d:like` patterns of one `d:where` together. */
export const MAX_PATTERN_CHARACTERS = 4096;

/** What a `d:where` has used of its limits so far. */
interface WhereCost {
  conditions: number;
  patternCharacters: number;
}

/**
 * Compiles a `d:where` operand into a predicate. The cost of testing one node is bounded: at
 * most {@link MAX_CONDITIONS} conditions and {@link MAX_PATTERN_CHARACTERS} of patterns (each
 * matched in at most name × pattern steps), else 400; d:and/d:or test their operands in a
 * loop, so their count does not deepen the call stack.
 */
export function compileWhere(element: XmlElement, cost: WhereCost = { conditions: 0, patternCharacters: 0 }): Predicate {
  cost.conditions += 1;
  if (cost.conditions > MAX_CONDITIONS) fail('bad-request', `The search has more than ${MAX_CONDITIONS} conditions`);
  const operands = elements(element);
  switch (element.local) {
    case 'and': {
      const all = operands.map((operand) => compileWhere(operand, cost));
      return (e) => all.every((p) => p(e));
    }
    case 'or': {
      const any = operands.map((operand) => compileWhere(operand, cost));
      return (e) => any.some((p) => p(e));
    }
    case 'not': {
      const inner = operands[0];
      if (!inner) fail('bad-request', 'd:not needs an operand');
      const p = compileWhere(inner, cost);
      return (e) => !p(e);
    }
    case 'is-collection':
      return (e) => e.type === 'folder';
    case 'like': {
      const prop = child(element, NS.dav, 'prop');
      const literal = child(element, NS.dav, 'literal');
      if (!prop || !literal) fail('bad-request', 'd:like needs a property and a literal');
      const pattern = textOf(literal);
      cost.patternCharacters += pattern.length;
      if (cost.patternCharacters > MAX_PATTERN_CHARACTERS) fail('bad-request', `The search patterns have more than ${MAX_PATTERN_CHARACTERS} characters in all`);
      const matches = compileLike(pattern);
      return (e) => matches(String(propertyValue(e, prop)));
    }
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const prop = child(element, NS.dav, 'prop');
      const literal = child(element, NS.dav, 'literal');
      if (!prop || !literal) fail('bad-request', `d:${element.local} needs a property and a literal`);
      const text = textOf(literal);
      const op = element.local;
      return (e) => {
        const value = propertyValue(e, prop);
        const other = literalFor(value, text);
        const a = typeof value === 'boolean' ? String(value) : value;
        if (op === 'eq') return typeof a === 'number' ? a === other : String(a).toLowerCase() === String(other).toLowerCase();
        if (op === 'gt') return a > other;
        if (op === 'gte') return a >= other;
        if (op === 'lt') return a < other;
        return a <= other;
      };
    }
    default:
      return fail('bad-request', `Unsupported search operator d:${element.local}`);
  }
}

/**
 * The file ids a `d:where` operand limits the search to: an `oc:fileid` equality, or a
 * `d:or` of them (how clients read a batch of nodes they know by id); null for any other
 * condition.
 */
export function fileidsOf(element: XmlElement): number[] | null {
  if (element.ns !== NS.dav) return null;
  if (element.local === 'or') {
    const ids: number[] = [];
    for (const operand of elements(element)) {
      const some = fileidsOf(operand);
      if (some === null) return null;
      ids.push(...some);
    }
    return ids;
  }
  if (element.local !== 'eq') return null;
  const name = elements(child(element, NS.dav, 'prop') ?? element)[0];
  const literal = child(element, NS.dav, 'literal');
  if (name?.ns !== NS.oc || name.local !== 'fileid' || !literal) return null;
  const text = textOf(literal).trim();
  return /^\d{1,15}$/.test(text) ? [Number(text)] : null;
}

/**
 * SEARCH with `d:basicsearch` on `/remote.php/dav/`: scope `/files/{uid}/…`,
 * `d:like`, comparisons, `d:and`/`d:or`/`d:not`, `d:orderby` and `d:nresults`.
 */
export async function search(ctx: DavRequest): Promise<void> {
  const root = parseXml(await readBody(ctx.request));
  const basic = root.ns === NS.dav && root.local === 'searchrequest' ? child(root, NS.dav, 'basicsearch') : undefined;
  if (!basic) fail('bad-request', 'Only d:basicsearch is supported');
  const selectProp = child(child(basic, NS.dav, 'select') ?? basic, NS.dav, 'prop');
  const request: PropRequest = selectProp ? { kind: 'prop', names: namesIn(selectProp) } : { kind: 'allprop', include: [] };
  const scopeElement = child(child(basic, NS.dav, 'from') ?? basic, NS.dav, 'scope');
  const scopeHref = scopeElement ? textOf(child(scopeElement, NS.dav, 'href') ?? scopeElement).trim() : '';
  const depth = scopeElement ? textOf(child(scopeElement, NS.dav, 'depth') ?? scopeElement).trim() : 'infinity';
  const match = /^(?:.*\/remote\.php\/dav)?\/files\/([^/]+)(\/.*)?$/.exec(scopeHref);
  if (!match) fail('bad-request', 'The search scope must be /files/{user}/…');
  if (decodeURIComponent(match[1] ?? '') !== ctx.uid) fail('not-found', 'The search scope was not found');
  const scope = decodeUrlPath(match[2] ?? '/');
  const where = child(basic, NS.dav, 'where');
  const condition = where ? elements(where)[0] : undefined;
  const predicate = condition ? compileWhere(condition) : () => true;
  // Limited to file ids: looked up by id, not by scanning the scope's whole tree.
  const fileids = condition ? fileidsOf(condition) : null;
  const candidates = fileids ? await ctx.services.files.searchByIds(ctx.uid, scope, fileids) : await ctx.services.files.search(ctx.uid, scope, { mtime: [], orderBy: [] });
  let entries = await filterWithinBudget(candidates, predicate);
  if (depth === '1') entries = entries.filter((e) => e.path.slice(scope === '/' ? 1 : scope.length + 1).indexOf('/') < 0);

  const orders = elements(child(basic, NS.dav, 'orderby') ?? { ns: '', local: '', attributes: {}, children: [] });
  if (orders.length > 0) {
    const keys = orders.map((order) => {
      const prop = child(order, NS.dav, 'prop');
      if (!prop) fail('bad-request', 'd:order needs a property');
      return { prop, descending: child(order, NS.dav, 'descending') !== undefined };
    });
    entries.sort((a, b) => {
      for (const key of keys) {
        const x = propertyValue(a, key.prop);
        const y = propertyValue(b, key.prop);
        const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        if (cmp !== 0) return key.descending ? -cmp : cmp;
      }
      return a.fileid - b.fileid;
    });
  }
  const limit = child(basic, NS.dav, 'limit');
  const nresults = limit ? child(limit, NS.dav, 'nresults') : undefined;
  const firstResult = limit ? elements(limit).find((e) => e.local === 'firstresult') : undefined;
  const offset = firstResult ? Math.max(0, Number(textOf(firstResult)) || 0) : 0;
  if (nresults) entries = entries.slice(offset, offset + Math.max(0, Number(textOf(nresults)) || 0));
  else if (offset) entries = entries.slice(offset);

  const body = await renderEntries({ ...ctx, base: filesBase(ctx.uid) }, request, entries);
  sendMultistatus(ctx, body);
}
