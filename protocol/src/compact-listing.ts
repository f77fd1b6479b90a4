/**
 * The compact listing (protocol §11.2): the answer to a PROPFIND
 * Depth 1 that the Files app's own client asks for with {@link COMPACT_LISTING_TYPE} in
 * `Accept`; every other client keeps the standard multistatus. The server writes it with the
 * line builders below, the shell reads it with {@link readCompactLine}, so both follow one
 * grammar.
 *
 * The body is newline-delimited JSON, written as the rows are rendered:
 * - a {@link CompactListingHeader} `{"props":[Clark names…],"total":N}`: the requested
 *   properties, in the order every row carries them, and how many rows follow (the folder
 *   itself counts, as in Nextcloud's paging);
 * - a {@link CompactListingRow} `[name, value…]` per node, the folder itself first with name
 *   "": each value a {@link CompactListingCell};
 * - a {@link CompactListingReset} `{"reset":true,"total":N}` when the check against the disk
 *   found changes while the cached rows were sent: the rows so far are void, the folder and
 *   its children follow again;
 * - a {@link CompactListingDone} `{"done":true,"count":N}` last: a body without it was cut off.
 */

/** The media type the client asks for and the server answers with. */
export const COMPACT_LISTING_TYPE = 'application/vnd.cumulus.listing+ndjson';

/**
 * One property of a row: a live property's inner XML as the multistatus carries it ('' for an
 * empty element), a dead property's whole element as `{ xml }`, or null for a property the
 * multistatus would list under 404.
 */
export type CompactListingCell = string | null | { xml: string };

/** The first line: the columns (Clark names) and how many rows follow. */
export interface CompactListingHeader {
  props: readonly string[];
  total: number;
}

/** One node: its name ('' for the folder itself), then one cell per column. */
export type CompactListingRow = [name: string, ...cells: CompactListingCell[]];

/** The rows so far are void; `total` rows follow again. */
export interface CompactListingReset {
  reset: true;
  total: number;
}

/** The last line: how many rows were sent since the header (or the last reset). */
export interface CompactListingDone {
  done: true;
  count: number;
}

/** The header line (without its newline). */
export function compactHeaderLine(props: readonly string[], total: number): string {
  return JSON.stringify({ props, total } satisfies CompactListingHeader);
}

/** The reset line (without its newline). */
export function compactResetLine(total: number): string {
  return JSON.stringify({ reset: true, total } satisfies CompactListingReset);
}

/** The last line (without its newline). */
export function compactDoneLine(count: number): string {
  return JSON.stringify({ done: true, count } satisfies CompactListingDone);
}

/** A parsed line that is not a row, as {@link readCompactLine} tells it. */
export type CompactListingControl =
  | { kind: 'header'; props: string[] }
  | { kind: 'reset' }
  | { kind: 'done'; count: unknown };

/**
 * What one parsed line of the listing is: a row (its cells, unchecked: the reader checks
 * them against the columns), a control line, or null for a line of no known shape.
 */
export function readCompactLine(value: unknown): { kind: 'row'; cells: unknown[] } | CompactListingControl | null {
  if (Array.isArray(value)) return { kind: 'row', cells: value };
  if (typeof value !== 'object' || value === null) return null;
  const line = value as { props?: unknown; reset?: unknown; done?: unknown; count?: unknown };
  if (Array.isArray(line.props)) return { kind: 'header', props: line.props.map((name) => String(name)) };
  if (line.reset === true) return { kind: 'reset' };
  if (line.done === true) return { kind: 'done', count: line.count };
  return null;
}

/**
 * Whether an `Accept` header asks for the compact listing: its media type is named and not
 * refused with `q=0`.
 */
export function acceptsCompactListing(accept: string): boolean {
  const lower = accept.toLowerCase();
  if (!lower.includes(COMPACT_LISTING_TYPE)) return false;
  return lower.split(',').some((part) => {
    const [type = '', ...params] = part.trim().split(';');
    if (type.trim() !== COMPACT_LISTING_TYPE) return false;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return q === undefined || Number(q) > 0;
  });
}
