/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * Where the browser may be sent after signing in: a path on this server only (starts with one
 * `/`, no `//` or `/\` that browsers read as another host, no control characters);
 * anything else falls back to the files app.
 */
export function safeRedirect(target: unknown, fallback = '/apps/files/'): string {
  if (typeof target !== 'string' || target.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || /[\u0000-\u001f\u007f\\]/.test(target)) {
    return fallback;
  }
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/logout')) return fallback;
  return target;
}

/** Security headers for our server-rendered pages: no framing, no scripts, forms only to us. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
});
