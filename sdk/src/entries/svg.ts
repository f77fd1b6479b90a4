// What may precede the <svg> element: whitespace, an XML prolog, comments
// and a doctype, in any number.
const PREAMBLE = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i;
// The root element's start: `<svg` then whitespace, `>` or `/`.
const SVG_START = /^<svg(?=[\s>/])/i;
// What may follow the closing tag: whitespace and comments.
const TRAILER = /(?:\s+|<!--[\s\S]*?-->)*$/;
// Active content an icon must never carry.
const SCRIPT = /<script[\s>/]/i;
const HANDLER_ATTRIBUTE = /[\s"'/]on[a-z]+\s*=/i;
const JAVASCRIPT_URL = /javascript\s*:/i;

/**
 * Whether `value` is an SVG string fit to be an icon (product §3: a view's icon
 * "must be a valid SVG string"). Works without a DOM, so it runs in the SDK,
 * in tests and on the server.
 *
 * Accepts: a string that, after optional whitespace, an XML prolog
 * (`<?xml …?>`), comments and a `<!DOCTYPE …>`, starts with an `<svg` element
 * and ends with `</svg>` (optionally followed by whitespace or comments), or is
 * a single self-closing `<svg … />`.
 *
 * Refuses: anything else, and any SVG with active content: a `<script>`
 * element, an `on…=` event-handler attribute or a `javascript:` URL. It does
 * not check that the markup is well-formed XML; it is a gate against
 * non-SVG values and script injection, not a parser.
 */
export function isValidSvg(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  if (trimmed === '') return false;
  if (SCRIPT.test(trimmed) || HANDLER_ATTRIBUTE.test(trimmed) || JAVASCRIPT_URL.test(trimmed)) return false;
  const body = trimmed.replace(PREAMBLE, '').replace(TRAILER, '');
  if (!SVG_START.test(body)) return false;
  if (/<\/svg\s*>$/i.test(body)) return true;
  // Self-closing root: the first tag closes itself and nothing follows it.
  return /^<svg\b[^<>]*\/>$/i.test(body);
}
