/**
 * A streaming reader of WebDAV multistatus bodies (RFC 4918 §13), made for
 * folder listings of 100,000 entries: one pass over the text as it arrives,
 * no document tree, one small object per `<d:response>`.
 *
 * It resolves namespaces (any prefix may stand for `DAV:`), skips comments,
 * processing instructions and the doctype, reads CDATA, decodes the five
 * predefined entities and character references (never any declared entity),
 * and keeps only the properties of successful (2xx) propstats.
 */

/** The DAV: namespace, whose `multistatus`, `response`, `href`, `propstat`, `prop` and `status` frame the answer. */
export const DAV_NS = 'DAV:';

/** A property value: its text, or its child elements by local name (repeated ones as a list). */
export type DavPropValue = string | DavPropElement;

/** A property with child elements, e.g. `resourcetype` → `{ collection: '' }`, `share-types` → `{ 'share-type': ['0', '3'] }`. */
export interface DavPropElement {
  [localName: string]: DavPropValue | DavPropValue[];
}

/** One `<d:response>`: the href as sent (still percent-encoded), its properties, and its status. */
export interface DavResponse {
  /** The `<d:href>` text, entities decoded, percent-encoding kept. */
  href: string;
  /** Properties of the propstats with a 2xx status, by local name, as text or child elements. */
  props: Record<string, DavPropValue>;
  /** The HTTP status of a response without propstat (`<d:status>` directly in the response), else undefined. */
  status?: number;
}

/** Thrown for a body that is not a well-formed multistatus. */
export class MultistatusError extends Error {
  constructor(message: string) {
    super(`Invalid response: ${message}`);
    this.name = 'MultistatusError';
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with the predefined entities and character references decoded; unknown entities stay as written. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/**
 * A copy of `text` that does not keep the piece it was cut from alive. V8
 * cuts substrings of 13 characters or more as views into their parent: a
 * node keeping its display name would keep a whole 64 KiB piece of the body,
 * and 100,000 nodes the whole 100 MB listing. Flattening a concatenation
 * makes a fresh string.
 */
export function detach(text: string): string {
  return text.length < 13 ? text : (text + ' ').slice(0, -1);
}

/** The status code of an HTTP status line such as `HTTP/1.1 404 Not Found`, or 0. */
export function statusCodeOf(line: string): number {
  const match = /^\s*HTTP\/[\d.]+\s+(\d{3})/i.exec(line);
  return match ? Number(match[1]) : 0;
}

/** What an open element is; numbers, as the reader looks at them once per tag. */
const enum Kind {
  Other,
  Multistatus,
  Response,
  ResponseHref,
  ResponseStatus,
  Propstat,
  Prop,
  PropstatStatus,
  Value,
}

/** A qualified name resolved against the namespaces in force. */
interface ResolvedName {
  ns: string;
  local: string;
}

/** An open element below `<d:prop>`: a property or one of its children. */
interface ValueFrame {
  local: string;
  children: DavPropElement | undefined;
}

/** Namespace declarations in force: prefix ('' for the default) → URI. */
type Scope = Record<string, string>;

/** Marks a response whose properties have not been read yet (no successful propstat so far). */
const EMPTY_PROPS: Record<string, DavPropValue> = Object.freeze({}) as Record<string, DavPropValue>;

const XMLNS_ATTRIBUTE = /(xmlns(?::([^\s=/>]+))?)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Reads a multistatus body pushed in pieces of any size ({@link write}),
 * calling `onResponse` for each complete `<d:response>` as soon as its end
 * tag is read; {@link end} checks the document was complete.
 */
export class MultistatusReader {
  private buffer = '';
  private depth = 0;
  private rootSeen = false;
  private rootClosed = false;
  private scope: Scope = { xml: 'http://www.w3.org/XML/1998/namespace' };
  /** Scopes to restore, with the depth of the element that declared the namespaces. */
  private readonly scopes: { depth: number; previous: Scope }[] = [];
  /** What each open element is, by depth. */
  private readonly kinds: Kind[] = [];
  /** Resolved names while the namespaces stay the same: a listing repeats some thirty names. */
  private names_ = new Map<string, ResolvedName>();
  /** The qualified name of each open element, by depth, which its end tag must repeat. */
  private readonly names: string[] = [];
  private text = '';
  private capturing = false;
  private response: DavResponse | undefined;
  private propstatProps: Record<string, DavPropValue> | undefined;
  private propstatStatus = 0;
  private readonly values: ValueFrame[] = [];

  /** @param onResponse - receives each response in document order. */
  constructor(private readonly onResponse: (response: DavResponse) => void) {}

  /** Reads the next piece of the body. */
  write(chunk: string): void {
    const buffer = this.buffer === '' ? chunk : this.buffer + chunk;
    let pos = 0;
    const length = buffer.length;
    while (pos < length) {
      const lt = buffer.indexOf('<', pos);
      if (lt === -1) {
        if (this.capturing) this.text += buffer.slice(pos);
        pos = length;
        break;
      }
      if (lt > pos && this.capturing) this.text += buffer.slice(pos, lt);
      const next = buffer.charCodeAt(lt + 1);
      if (Number.isNaN(next)) {
        pos = lt;
        break;
      }
      if (next === 33 /* ! */) {
        const consumed = this.special(buffer, lt);
        if (consumed === -1) {
          pos = lt;
          break;
        }
        pos = consumed;
        continue;
      }
      if (next === 63 /* ? */) {
        const close = buffer.indexOf('?>', lt + 2);
        if (close === -1) {
          pos = lt;
          break;
        }
        pos = close + 2;
        continue;
      }
      const gt = tagEnd(buffer, lt + 1);
      if (gt === -1) {
        pos = lt;
        break;
      }
      if (next === 47 /* / */) this.close(buffer.slice(lt + 2, gt).trim());
      else if (buffer.charCodeAt(gt - 1) === 47) {
        this.open(buffer.slice(lt + 1, gt - 1));
        this.close(null);
      } else this.open(buffer.slice(lt + 1, gt));
      pos = gt + 1;
    }
    this.buffer = pos >= length ? '' : buffer.slice(pos);
  }

  /** Ends the body: throws when the multistatus is missing or unfinished. */
  end(): void {
    if (!this.rootSeen) throw new MultistatusError('No root multistatus found');
    if (!this.rootClosed || this.buffer.trim() !== '') throw new MultistatusError('The multistatus ended early');
  }

  /** Comments, CDATA and the doctype; returns where reading goes on, or -1 when the piece is incomplete. */
  private special(buffer: string, lt: number): number {
    if (buffer.startsWith('<!--', lt)) {
      const close = buffer.indexOf('-->', lt + 4);
      return close === -1 ? -1 : close + 3;
    }
    if (buffer.startsWith('<![CDATA[', lt)) {
      const close = buffer.indexOf(']]>', lt + 9);
      if (close === -1) return -1;
      // Escaped so that decoding the whole text later keeps CDATA literal.
      if (this.capturing) this.text += buffer.slice(lt + 9, close).replace(/&/g, '&amp;');
      return close + 3;
    }
    if (buffer.length - lt < 9) return -1;
    if (buffer.startsWith('<!DOCTYPE', lt)) {
      // An internal subset could declare entities: refused rather than half-read.
      const close = buffer.indexOf('>', lt);
      if (close === -1) return -1;
      if (buffer.slice(lt, close).includes('[')) throw new MultistatusError('Document type declarations are not supported');
      return close + 1;
    }
    throw new MultistatusError('Malformed markup');
  }

  /** Splits a qualified name and resolves its prefix. */
  private resolve(name: string): ResolvedName {
    let resolved = this.names_.get(name);
    if (resolved !== undefined) return resolved;
    const colon = name.indexOf(':');
    if (colon === -1) resolved = { ns: this.scope[''] ?? '', local: name };
    else {
      const ns = this.scope[name.slice(0, colon)];
      if (ns === undefined) throw new MultistatusError(`Unbound namespace prefix in <${name}>`);
      resolved = { ns, local: name.slice(colon + 1) };
    }
    this.names_.set(name, resolved);
    return resolved;
  }

  private open(tag: string): void {
    let nameEnd = 0;
    while (nameEnd < tag.length) {
      const code = tag.charCodeAt(nameEnd);
      if (code === 32 || code === 9 || code === 10 || code === 13) break;
      nameEnd += 1;
    }
    const name = nameEnd === tag.length ? tag : tag.slice(0, nameEnd);
    if (name === '') throw new MultistatusError('Malformed start tag');
    this.depth += 1;
    if (nameEnd < tag.length && tag.includes('xmlns', nameEnd)) this.declare(tag.slice(nameEnd));
    const { ns, local } = this.resolve(name);
    const parent = this.depth >= 2 ? this.kinds[this.depth - 2] : Kind.Other;
    let kind = Kind.Other;
    if (this.depth === 1) {
      if (ns !== DAV_NS || local !== 'multistatus') throw new MultistatusError('No root multistatus found');
      if (this.rootSeen) throw new MultistatusError('More than one root element');
      this.rootSeen = true;
      kind = Kind.Multistatus;
    } else if (parent === Kind.Value || parent === Kind.Prop) {
      kind = Kind.Value;
      this.values.push({ local, children: undefined });
      this.capturing = true;
      this.text = '';
    } else if (ns === DAV_NS) {
      if (parent === Kind.Multistatus && local === 'response') {
        kind = Kind.Response;
        this.response = { href: '', props: EMPTY_PROPS };
      } else if (parent === Kind.Response && (local === 'href' || local === 'status')) {
        kind = local === 'href' ? Kind.ResponseHref : Kind.ResponseStatus;
        this.capturing = true;
        this.text = '';
      } else if (parent === Kind.Response && local === 'propstat') {
        kind = Kind.Propstat;
        this.propstatProps = {};
        this.propstatStatus = 0;
      } else if (parent === Kind.Propstat && local === 'prop') {
        kind = Kind.Prop;
      } else if (parent === Kind.Propstat && local === 'status') {
        kind = Kind.PropstatStatus;
        this.capturing = true;
        this.text = '';
      }
    }
    this.kinds[this.depth - 1] = kind;
    this.names[this.depth - 1] = name;
  }

  /** Records the namespace declarations among a start tag's attributes, for this element and below. */
  private declare(attributes: string): void {
    let scope: Scope | undefined;
    for (const match of attributes.matchAll(XMLNS_ATTRIBUTE)) {
      if (scope === undefined) {
        this.scopes.push({ depth: this.depth, previous: this.scope });
        scope = { ...this.scope };
      }
      scope[match[2] ?? ''] = decodeXmlText(match[3] ?? match[4] ?? '');
    }
    if (scope !== undefined) {
      this.scope = scope;
      this.names_ = new Map();
    }
  }

  /** Closes the innermost element; `name` (from an end tag) must match it. */
  private close(name: string | null): void {
    if (this.depth === 0) throw new MultistatusError('Unexpected end tag');
    const kind = this.kinds[this.depth - 1];
    if (name !== null && name !== this.names[this.depth - 1]) throw new MultistatusError(`Mismatched end tag </${name}>`);
    switch (kind) {
      case Kind.Value:
        this.closeValue();
        break;
      case Kind.ResponseHref:
        if (this.response) this.response.href = detach(decodeXmlText(this.text).trim());
        this.capturing = false;
        break;
      case Kind.ResponseStatus:
        if (this.response) this.response.status = statusCodeOf(decodeXmlText(this.text));
        this.capturing = false;
        break;
      case Kind.PropstatStatus:
        this.propstatStatus = statusCodeOf(decodeXmlText(this.text));
        this.capturing = false;
        break;
      case Kind.Propstat:
        if (this.response && this.propstatProps && this.propstatStatus >= 200 && this.propstatStatus < 300) {
          // Usually the only successful propstat: taken as it is, not copied.
          if (this.response.props === EMPTY_PROPS) this.response.props = this.propstatProps;
          else Object.assign(this.response.props, this.propstatProps);
        }
        this.propstatProps = undefined;
        break;
      case Kind.Response:
        if (this.response) {
          if (this.response.props === EMPTY_PROPS) this.response.props = {};
          this.onResponse(this.response);
        }
        this.response = undefined;
        break;
      case Kind.Multistatus:
        this.rootClosed = true;
        break;
      default:
        break;
    }
    const declared = this.scopes[this.scopes.length - 1];
    if (declared !== undefined && declared.depth === this.depth) {
      this.scope = declared.previous;
      this.scopes.pop();
      this.names_ = new Map();
    }
    this.depth -= 1;
  }

  /** Closes a property (or a child of one); its text is what was captured since it, or its last child, was read. */
  private closeValue(): void {
    const frame = this.values.pop();
    if (frame === undefined) throw new MultistatusError('Unbalanced property');
    const value: DavPropValue = frame.children ?? detach(decodeXmlText(this.text));
    const parent = this.values[this.values.length - 1];
    if (parent === undefined) {
      // A property of the propstat.
      if (this.propstatProps) this.propstatProps[frame.local] = value;
      this.capturing = false;
      this.text = '';
      return;
    }
    const children = (parent.children ??= {});
    const existing = children[frame.local];
    if (existing === undefined) children[frame.local] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else children[frame.local] = [existing, value];
    // Back to the parent: text between child elements is not kept (no mixed content in DAV properties).
    this.text = '';
  }
}

/** Where the start or end tag opened before `from` ends (its `>`), quotes respected, or -1 when incomplete. */
function tagEnd(buffer: string, from: number): number {
  const gt = buffer.indexOf('>', from);
  if (gt === -1) return -1;
  // Quotes are looked for inside the tag only: searching the rest of the buffer would make
  // every tag cost as much as the whole piece (servers escape quotes in text as &quot;).
  let quoted = false;
  for (let i = from; i < gt; i += 1) {
    const code = buffer.charCodeAt(i);
    if (code === 34 || code === 39) {
      quoted = true;
      break;
    }
  }
  if (!quoted) return gt;
  // Attribute values may hold '>': walk the tag.
  let inside = 0;
  for (let i = from; i < buffer.length; i += 1) {
    const code = buffer.charCodeAt(i);
    if (inside !== 0) {
      if (code === inside) inside = 0;
    } else if (code === 34 || code === 39) inside = code;
    else if (code === 62) return i;
  }
  return -1;
}
