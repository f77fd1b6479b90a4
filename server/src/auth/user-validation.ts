import { MAX_PASSWORD_LENGTH } from './passwords';

/** Thrown for a bad user id, display name, password or quota; the message is shown to the operator or client. */
export class AccountError extends Error {
  /** @param code what went wrong, so callers can map it to a status or exit code */
  constructor(
    readonly code: 'invalid' | 'exists' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks a user id: 1 to 64 characters from letters, digits, `_`, `.`, `@` and `-`, not
 * starting with a dot (the id names the user's folder on disk and appears in WebDAV URLs).
 */
export function validateUid(uid: string): void {
  if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(uid)) {
    throw new AccountError(
      'invalid',
      'A user id has 1 to 64 characters: letters, digits and "_", ".", "@", "-".',
    );
  }
  if (uid.startsWith('.')) throw new AccountError('invalid', 'A user id must not start with ".".');
}

/** Checks a password: not empty, at most {@link MAX_PASSWORD_LENGTH} characters. */
export function validatePassword(password: string): void {
  if (password.length === 0) throw new AccountError('invalid', 'The password must not be empty.');
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new AccountError('invalid', `The password must not be longer than ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

/** Checks a display name: 1 to 255 characters, no control characters. */
export function validateDisplayName(name: string): void {
  // eslint-disable-next-line no-control-regex
  if (name.trim() === '' || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new AccountError('invalid', 'A display name has 1 to 255 characters and no control characters.');
  }
}

const units: Record<string, number> = {
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
  tib: 1024 ** 4,
};

/**
 * Parses a quota as operators write it: `none`, `unlimited` or `-1` for no limit (-1), or a
 * size such as `500`, `500 MB`, `1.5GiB`. Units are binary (1 KB = 1024 bytes) as in Nextcloud.
 */
export function parseQuota(text: string): number {
  const value = text.trim().toLowerCase();
  if (value === 'none' || value === 'unlimited' || value === 'default' || value === '-1') return -1;
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/.exec(value);
  const unit = match ? units[match[2] || 'b'] : undefined;
  if (!match?.[1] || unit === undefined) {
    throw new AccountError('invalid', `"${text}" is not a quota. Use a size such as "5 GB" or "500 MB", or "none".`);
  }
  const bytes = Math.floor(Number(match[1]) * unit);
  if (!Number.isSafeInteger(bytes)) throw new AccountError('invalid', `"${text}" is too large a quota.`);
  return bytes;
}

/**
 * Formats a size for people in the units of {@link formatQuota} (binary, "KB" = 1024 B), to one
 * decimal: 3040870 → "2.9 MB", 1024 → "1 KB", 58 → "58 B".
 */
export function formatSize(bytes: number): string {
  const steps = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = Math.max(0, bytes);
  let step = 0;
  while (value >= 1024 && step < steps.length - 1) {
    value /= 1024;
    step += 1;
  }
  // Rounding may reach the next unit (1023.96 KB → "1024 KB"): carry it over.
  let shown = Math.round(value * 10) / 10;
  if (shown >= 1024 && step < steps.length - 1) {
    shown = Math.round((shown / 1024) * 10) / 10;
    step += 1;
  }
  return `${shown} ${steps[step]}`;
}

/** Formats a quota for people: "none" for unlimited, else binary units ("5 GB"). */
export function formatQuota(bytes: number): string {
  if (bytes < 0) return 'none';
  const steps = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let step = 0;
  while (value >= 1024 && step < steps.length - 1 && value % 1024 === 0) {
    value /= 1024;
    step += 1;
  }
  return `${value} ${steps[step]}`;
}
