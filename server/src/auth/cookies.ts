/** Name of the cookie that carries the browser session token. */
export const SESSION_COOKIE = 'cumulus_session';
/** Name of the cookie that pairs with the sign-in form's token (double-submit CSRF guard). */
export const LOGIN_COOKIE = 'cumulus_login';

/** Parses a `Cookie` header into name → value; malformed pairs are skipped. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** Options of a `Set-Cookie` header; HttpOnly, SameSite=Lax and Path=/ are always set. */
export interface CookieOptions {
  /** Lifetime in seconds; 0 deletes the cookie; unset makes a browser-session cookie. */
  maxAge?: number;
  /** Adds `Secure` (when the request came over HTTPS). */
  secure?: boolean;
}

/** Serialises a `Set-Cookie` value for one of our cookies. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
