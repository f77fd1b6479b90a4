/**
 * What the engine reads from WebDAV XML, without a DOM (the engine runs
 * under node too): the `s:message` of an error answer, the chunks (href and
 * size) of a workspace's PROPFIND multistatus, a file's size and id. Namespace prefixes
 * vary between servers, so elements are matched by local name with any
 * prefix. Anything else in the XML is ignored.
 */

/** Decodes the five predefined XML entities and numeric character references. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity: string, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? entity;
  });
}

/** The text contents of every `<prefix:localName>` element (CDATA not expected). */
function elements(xml: string, localName: string): string[] {
  const pattern = new RegExp(`<((?:[A-Za-z_][\\w.-]*:)?${localName})(?:\\s[^>]*)?>([\\s\\S]*?)</\\1\\s*>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[2] ?? '');
}

/** The trimmed text of the first `<prefix:localName>` element, decoded; null when none. */
export function firstElementText(xml: string, localName: string): string | null {
  const [text] = elements(xml, localName);
  return text === undefined ? null : decodeXmlText(text).trim();
}

/** The server's message in a failed answer (`<s:message>` of a `d:error` body), trimmed; null when none. */
export function serverMessage(body: string): string | null {
  if (!body.includes('message')) return null;
  const text = firstElementText(body, 'message');
  return text === '' ? null : text;
}

/** One entry of a PROPFIND multistatus. */
export interface DavEntry {
  /** The href, percent-decoded. */
  href: string;
  /** `getcontentlength`, when given. */
  size?: number;
  /** Whether `resourcetype` holds a collection. */
  isCollection: boolean;
}

/** The responses of a PROPFIND multistatus. */
export function multistatusEntries(xml: string): DavEntry[] {
  return elements(xml, 'response').map((response) => {
    const [href = ''] = elements(response, 'href');
    const [length] = elements(response, 'getcontentlength');
    const size = length === undefined ? Number.NaN : Number(length.trim());
    let decoded = decodeXmlText(href.trim());
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // Not percent-encoded text: keep it as it is.
    }
    return {
      href: decoded,
      ...(Number.isFinite(size) ? { size } : {}),
      isCollection: /<(?:[\w.-]+:)?collection\s*\/?>/.test(response),
    };
  });
}

/**
 * The chunks a workspace holds, from its PROPFIND (Depth 1) answer: chunk
 * number → stored size. Entries that are not numbered chunks (the workspace
 * itself, `.file`) are left out.
 */
export function storedChunks(xml: string): Map<number, number> {
  const chunks = new Map<number, number>();
  for (const entry of multistatusEntries(xml)) {
    if (entry.isCollection || entry.size === undefined) continue;
    const name = entry.href.replace(/\/+$/, '').split('/').pop() ?? '';
    if (/^[1-9]\d*$/.test(name)) chunks.set(Number(name), entry.size);
  }
  return chunks;
}
