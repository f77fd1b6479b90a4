/**
 * A SEARCH in storage terms: a condition tree over the file cache's columns, an order and a
 * window, which the metadata store runs as one SQL query (indexed, ordered and cut there), so
 * a search never loads a whole subtree into memory.
 */

/** The numeric columns a search compares and orders by; `last_activity` is the later of mtime and upload time. */
export type SearchNumberColumn = 'mtime' | 'size' | 'fileid' | 'favorite' | 'upload_time' | 'creation_time' | 'last_activity';

/** What a search orders by: a numeric column, the node type (`file` before `folder` ascending) or the path. */
export type SearchOrderColumn = SearchNumberColumn | 'type' | 'path';

/** A condition on cache rows. */
export type SearchCondition =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'and' | 'or'; operands: SearchCondition[] }
  | { kind: 'not'; operand: SearchCondition }
  | { kind: 'compare'; column: SearchNumberColumn; op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte'; value: number }
  | { kind: 'type'; type: 'file' | 'folder' }
  /** The folded name (name-folding.ts) contains `folded` (3 characters or more: the trigram index), or starts with it (shorter). */
  | { kind: 'name'; folded: string }
  /** The MIME type is one of `exact` or starts with one of `prefixes` (`image/`). */
  | { kind: 'mime'; exact: string[]; prefixes: string[] };

/** A search below a scope folder. */
export interface SearchQuery {
  /** Only the direct children of the folder with this id (depth 1); any depth below the scope otherwise. */
  parent?: number;
  where: SearchCondition;
  /** Applied in order, then by file id. */
  orderBy: { column: SearchOrderColumn; direction: 'asc' | 'desc' }[];
  /** Only rows with a later path (paging in path order, which the (uid, path) index serves). */
  afterPath?: string;
  offset?: number;
  limit?: number;
}

/** The condition that holds for every row. */
export const ALL_ROWS: SearchCondition = { kind: 'all' };

/** A subtree a name search looks in: a storage key's path and, with `includeRoot`, that node itself. */
export interface NameRoot {
  uid: string;
  path: string;
  includeRoot: boolean;
}

/**
 * A name search over several subtrees at once (the user's tree and the nodes shared with
 * them), ranked in the database: the exact name, then a word starting with the term, then any
 * substring; newer first among equals, then by file id.
 */
export interface NameQuery {
  /** The folded term (name-folding.ts), not empty. */
  term: string;
  roots: NameRoot[];
  /** Further filters (type, modified, size). */
  where: SearchCondition;
  offset: number;
  limit: number;
}

/** A row a name search found, with its rank (0 exact name, 1 word start, 2 substring). */
export interface NameHitRow {
  rank: number;
}
