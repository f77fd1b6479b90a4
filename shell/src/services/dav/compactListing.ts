/**
 * The reader of the server's compact listing (see server/README.md "Big
 * listings"): newline-delimited JSON, one array per node, which the Files app
 * asks for with `Accept` on a PROPFIND Depth 1 instead of the multistatus.
 * Each row becomes the same {@link DavResponse} the multistatus reader gives,
 * or, for a reader given `onRow`, its values by column without a response
 * (the SDK's `ResponseNodeBuilder.buildRow` makes the same node of them), so
 * either answer makes the same nodes.
 */
import { readCompactLine } from '@cumulus/protocol';
import type { CompactListingCell } from '@cumulus/protocol';
import type { DavPropValue, DavResponse } from '@cumulus/sdk';
import { MultistatusError, MultistatusReader, decodeXmlText } from '@cumulus/sdk';

/** The media type the client asks for and the server answers with (`@cumulus/protocol`'s, as the grammar). */
export { COMPACT_LISTING_TYPE } from '@cumulus/protocol';

/** A property value on the wire: inner XML, a dead property's whole element, or null (404). */
type WireValue = CompactListingCell;

/** What the reader reports besides responses. */
export interface CompactListingEvents {
  /** One node, the folder itself first (a row with a dead property when {@link onRow} is given). */
  onResponse(response: DavResponse): void;
  /**
   * One node as its row's values, column by column ({@link CompactListingReader.columns}
   * names them), instead of a response: `name` is '' for the folder itself, `values`
   * is reused for the next row (read it before returning).
   */
  onRow?(name: string, values: readonly (DavPropValue | null)[]): void;
  /** The rows so far are void: the server found changes on disk, the folder and its children follow again. */
  onReset(): void;
}

/** Prefixes the server writes inner XML with (the multistatus declares them on its root). */
const WRAPPER_OPEN =
  '<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:ocs="http://open-collaboration-services.org/ns"><d:response><d:href>/</d:href><d:propstat><d:prop>';
const WRAPPER_CLOSE = '</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>';

/** The properties of one `d:prop` holding `xml`, read by the multistatus reader (so both answers read alike). */
function propsOf(xml: string): Record<string, DavPropValue> {
  let props: Record<string, DavPropValue> = {};
  const reader = new MultistatusReader((response) => (props = response.props));
  reader.write(WRAPPER_OPEN + xml + WRAPPER_CLOSE);
  reader.end();
  return props;
}

/** `&quot;` around an ETag: the one entity nearly every row carries. */
const QUOT = '&quot;';

/** A live property's text without child elements, entities decoded (an ETag's quotes without a regular expression). */
function decodeText(wire: string): string {
  if (wire.length > 12 && wire.startsWith(QUOT) && wire.endsWith(QUOT)) {
    const inner = wire.slice(QUOT.length, -QUOT.length);
    if (!inner.includes('&')) return `"${inner}"`;
  }
  return decodeXmlText(wire);
}

/** The local name of a Clark name (`{DAV:}getetag` → `getetag`), as the multistatus reader keys properties. */
function localName(clark: string): string {
  return clark.slice(clark.lastIndexOf('}') + 1);
}

/**
 * Reads a compact listing pushed in pieces of any size ({@link write}),
 * reporting each row as a response as soon as its line is complete;
 * {@link end} checks that the listing was complete (its `done` line).
 *
 * @param folderHref The encoded href of the listed folder with a trailing slash; rows name its children.
 */
export class CompactListingReader {
  private buffer = '';
  private names: string[] | undefined;
  /** The values of the row being read, by column (one list for every row). */
  private readonly values: (DavPropValue | null)[] = [];
  private done = false;
  private rows = 0;
  /** Element values by their text: a listing repeats a few (`<d:collection/>`) on many rows. */
  private readonly elements = new Map<string, DavPropValue>();
  private readonly deadElements = new Map<string, [string, DavPropValue] | null>();
  /**
   * Per column, the last text read and its value: most columns repeat from row to row (the
   * constant properties, dates of files written together), and a 100,000-row listing then
   * decodes each distinct text once instead of once a row.
   */
  private lastTexts: (string | undefined)[] = [];
  private lastValues: DavPropValue[] = [];

  constructor(
    private readonly folderHref: string,
    private readonly events: CompactListingEvents,
  ) {}

  /** The local names of the columns, once the listing's first line was read. */
  get columns(): readonly string[] | undefined {
    return this.names;
  }

  /** Reads the next piece of the body. */
  write(chunk: string): void {
    const text = this.buffer + chunk;
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end === -1) break;
      if (end > start) this.line(text.slice(start, end));
      start = end + 1;
    }
    this.buffer = text.slice(start);
  }

  /** The body ended: a listing without its `done` line was cut off. */
  end(): void {
    if (this.buffer.trim() !== '') this.line(this.buffer);
    this.buffer = '';
    if (!this.done) throw new MultistatusError('the listing ended early');
  }

  private line(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new MultistatusError('a line of the listing is not JSON');
    }
    if (this.done) throw new MultistatusError('lines after the end of the listing');
    const line = readCompactLine(value);
    if (line?.kind === 'row') {
      this.row(line.cells);
    } else if (line?.kind === 'header' && this.names === undefined) {
      this.names = line.props.map(localName);
    } else if (line?.kind === 'reset') {
      this.rows = 0;
      this.events.onReset();
    } else if (line?.kind === 'done') {
      if (line.count !== this.rows) throw new MultistatusError(`the listing announced ${String(line.count)} rows and sent ${this.rows}`);
      this.done = true;
    } else {
      throw new MultistatusError('unexpected line in the listing');
    }
  }

  private row(cells: unknown[]): void {
    const names = this.names;
    const name = cells[0];
    if (names === undefined || typeof name !== 'string' || cells.length !== names.length + 1) throw new MultistatusError('malformed row in the listing');
    const values = this.values;
    let dead = false;
    // Cell i + 1 holds column i (no copy of the row without its name).
    for (let i = 0; i < names.length; i += 1) {
      const wire = cells[i + 1] as WireValue;
      if (wire === null) {
        values[i] = null;
      } else if (typeof wire === 'string') {
        if (this.lastTexts[i] !== wire) {
          this.lastTexts[i] = wire;
          this.lastValues[i] = wire.includes('<') ? this.element(wire) : decodeText(wire);
        }
        values[i] = this.lastValues[i] as DavPropValue;
      } else if (typeof wire === 'object' && typeof wire.xml === 'string') {
        values[i] = null;
        dead = true;
      } else {
        throw new MultistatusError('malformed value in the listing');
      }
    }
    this.rows += 1;
    if (!dead && this.events.onRow) {
      this.events.onRow(name, values);
      return;
    }
    const props: Record<string, DavPropValue> = {};
    for (let i = 0; i < names.length; i += 1) {
      const wire = cells[i + 1] as WireValue;
      const value = values[i];
      if (value !== null && value !== undefined) {
        props[names[i] as string] = value;
      } else if (wire !== null && typeof wire === 'object') {
        // A dead property's element names itself.
        const entry = this.deadElement(wire.xml);
        if (entry !== null) props[entry[0]] = entry[1];
      }
    }
    // The folder itself is the row without a name.
    this.events.onResponse({ href: this.hrefOf(name), props });
  }

  /** The href of the row named `name` ('' for the folder itself). */
  hrefOf(name: string): string {
    return name === '' ? this.folderHref : this.folderHref + encodeURIComponent(name);
  }

  /** A live property's inner XML with child elements, as the multistatus reader gives it. */
  private element(inner: string): DavPropValue {
    let value = this.elements.get(inner);
    if (value === undefined) {
      value = propsOf(`<d:value>${inner}</d:value>`)['value'] ?? '';
      this.elements.set(inner, value);
    }
    return value;
  }

  /** A dead property's stored element: its local name and value. */
  private deadElement(xml: string): [string, DavPropValue] | null {
    let entry = this.deadElements.get(xml);
    if (entry === undefined) {
      const [first] = Object.entries(propsOf(xml));
      entry = first ?? null;
      this.deadElements.set(xml, entry);
    }
    return entry;
  }
}
