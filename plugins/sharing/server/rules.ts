/**
 * The share rules of the Nextcloud share API (protocol §2.2, §2.4): permission bits,
 * link and user permission rules, the sharer's limit, expiry dates, labels and attributes.
 * Pure functions; the handlers apply them.
 */

export const READ = 1;
export const UPDATE = 2;
export const CREATE = 4;
export const DELETE = 8;
export const SHARE = 16;
export const ALL = 31;

/** Share types this server creates. */
export const SHARE_TYPE_USER = 0;
export const SHARE_TYPE_GROUP = 1;
export const SHARE_TYPE_LINK = 3;
/** Every share type the protocol names (protocol §0). */
export const KNOWN_SHARE_TYPES = new Set([0, 1, 3, 4, 6, 7, 8, 9, 10, 12, 15]);

/** A failure with its OCS status and the protocol's message. */
export class OcsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OcsError';
  }
}

/** A boolean parameter as clients send it: `true`/`false` (strings or JSON), `1`/`0`. */
export function parseBool(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  const text = String(value).toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0' || text === '') return false;
  return undefined;
}

/** A permissions parameter: an integer of bits 0–31; anything else is a 400. */
export function parsePermissions(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(String(value)) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 0 || number > ALL) throw new OcsError(400, 'Invalid permissions');
  return number;
}

/** Files never carry CREATE or DELETE (at most 19). */
export function forItem(permissions: number, isFolder: boolean): number {
  return isFolder ? permissions : permissions & ~(CREATE | DELETE);
}

/**
 * The permissions of a link share (protocol §2.2 link rules): `permissions` or READ; legacy
 * `publicUpload` replaces them by 15 / 1; then READ gains SHARE (17, 31), a file drop (CREATE
 * only) stays 4. Refused: neither READ nor CREATE, UPDATE/DELETE without READ, public upload
 * on a file.
 */
export function linkPermissions(requested: number | undefined, publicUpload: boolean | undefined, isFolder: boolean): number {
  let permissions = requested ?? READ;
  if (publicUpload !== undefined) {
    if (publicUpload && !isFolder) throw new OcsError(400, 'Public upload is only possible for publicly shared folders');
    permissions = publicUpload ? READ | UPDATE | CREATE | DELETE : READ;
  }
  if (!isFolder && (permissions & (CREATE | DELETE)) !== 0 && (permissions & READ) === 0) {
    throw new OcsError(400, 'Public upload is only possible for publicly shared folders');
  }
  permissions = forItem(permissions, isFolder);
  if ((permissions & (READ | CREATE)) === 0) throw new OcsError(400, 'Share must at least have READ or CREATE permissions');
  if ((permissions & (UPDATE | DELETE)) !== 0 && (permissions & READ) === 0) throw new OcsError(400, 'Share must have READ permission if UPDATE or DELETE permission is set');
  return (permissions & READ) !== 0 ? permissions | SHARE : permissions;
}

/** The permissions of a user share: `permissions` or the default (31), READ always added, files without CREATE/DELETE. */
export function userPermissions(requested: number | undefined, isFolder: boolean): number {
  return forItem((requested ?? ALL) | READ, isFolder);
}

/**
 * The sharer's limit (Manager::generalCreateChecks): the node must carry SHARE for the sharer
 * (else 404 "You are not allowed to share …"), and no bit beyond the sharer's own (404
 * "Cannot increase permissions of …").
 */
export function checkSharerLimit(permissions: number, sharerPermissions: number, name: string): void {
  if ((sharerPermissions & SHARE) === 0) throw new OcsError(404, `You are not allowed to share ${name}`);
  if ((permissions & ~sharerPermissions) !== 0) throw new OcsError(404, `Cannot increase permissions of ${name}`);
}

/** Today's date, `YYYY-MM-DD`, in the server's time zone (UTC). */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * An `expireDate` parameter: `undefined` when omitted or null (the default policy applies),
 * `null` for `""` (no expiry), else the date `YYYY-MM-DD` it names (quotes stripped; a time
 * part is dropped, as the share expires at the end of that day). Refused: an unreadable date
 * (404 "Invalid date. Format must be YYYY-MM-DD"), a date not after today (404 "Expiration date is in the past").
 */
export function parseExpireDate(value: unknown, todayDate: string): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim().replace(/^["']|["']$/g, '');
  if (text === '') return null;
  let date: string | undefined;
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(text);
  if (plain) {
    const [, y, m, d] = plain;
    const probe = new Date(`${y}-${m}-${d}T00:00:00Z`);
    if (!Number.isNaN(probe.getTime()) && probe.toISOString().slice(0, 10) === `${y}-${m}-${d}`) date = `${y}-${m}-${d}`;
  } else if (/[a-z]/i.test(text) && !Number.isNaN(Date.parse(text))) {
    date = new Date(Date.parse(text)).toISOString().slice(0, 10);
  }
  if (!date) throw new OcsError(404, 'Invalid date. Format must be YYYY-MM-DD');
  if (date <= todayDate) throw new OcsError(404, 'Expiration date is in the past');
  return date;
}

/** Whether a share with this expiry date (`YYYY-MM-DD` or null) has expired: it works to the end of that day. */
export function isExpired(expiration: string | null, todayDate: string): boolean {
  return expiration !== null && expiration < todayDate;
}

/** The `expiration` field of the share object: `YYYY-MM-DD 00:00:00` or null. */
export function expirationField(expiration: string | null): string | null {
  return expiration === null ? null : `${expiration} 00:00:00`;
}

/** A label: at most 255 bytes (400 "Maximum label length is 255"). */
export function checkLabel(value: unknown): string {
  const label = value === null || value === undefined ? '' : String(value);
  if (Buffer.byteLength(label) > 255) throw new OcsError(400, 'Maximum label length is 255');
  return label;
}

/** One share attribute. */
export interface ShareAttribute {
  scope: string;
  key: string;
  value: boolean | string | number | null;
}

/**
 * An `attributes` parameter: a JSON string (or, from a JSON body, the list itself) of
 * `{scope, key, value}` entries; stored as the JSON string, or null for an empty list.
 * Anything else: 400 "Invalid share attributes provided: …".
 */
export function parseAttributes(value: unknown): string | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      list = undefined;
    }
  }
  const valid =
    Array.isArray(list) &&
    list.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as ShareAttribute).scope === 'string' &&
        typeof (item as ShareAttribute).key === 'string' &&
        'value' in item &&
        ['boolean', 'string', 'number'].includes(typeof (item as ShareAttribute).value),
    );
  if (!valid) throw new OcsError(400, `Invalid share attributes provided: "${typeof value === 'string' ? value : JSON.stringify(value)}"`);
  const attributes = (list as ShareAttribute[]).map(({ scope, key, value: v }) => ({ scope, key, value: v }));
  return attributes.length === 0 ? null : JSON.stringify(attributes);
}

/** Whether a share's attributes allow downloading (product §6: scope permissions, key download, value false denies). */
export function downloadAllowed(attributes: string | null): boolean {
  if (attributes === null) return true;
  try {
    const list = JSON.parse(attributes) as ShareAttribute[];
    return !list.some((item) => item.scope === 'permissions' && item.key === 'download' && item.value === false);
  } catch {
    return true;
  }
}

/** The human-readable token alphabet (no look-alike characters). */
const TOKEN_ALPHABET = 'abcdefgijkmnopqrstwxyzABCDEFGHJKLMNPQRSTWXYZ23456789';
/** Token length (Nextcloud's TOKEN_LENGTH). */
export const TOKEN_LENGTH = 15;

/** A new link token: 15 characters drawn with `random(n)` (a uniform integer below n). */
export function newToken(random: (n: number) => number): string {
  let token = '';
  for (let i = 0; i < TOKEN_LENGTH; i += 1) token += TOKEN_ALPHABET[random(TOKEN_ALPHABET.length)];
  return token;
}

/** Whether `token` looks like a token this server hands out (checked before any lookup). */
export function isTokenShaped(token: string): boolean {
  return token.length === TOKEN_LENGTH && [...token].every((c) => TOKEN_ALPHABET.includes(c));
}

/** `name (2).ext`, `name (3).ext`, …: the n-th alternative of a taken name. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return `${name} (${n})`;
  return `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}
