/** User name and password from an `Authorization: Basic` header. */
export interface BasicCredentials {
  login: string;
  password: string;
}

/**
 * Parses an `Authorization` header of the Basic scheme; null when the header is absent,
 * of another scheme, or malformed (no colon, not base64, empty user name).
 */
export function parseBasicAuth(header: string | undefined): BasicCredentials | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
