import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Longest password accepted; argon2 over megabytes of input would be a cheap denial of service. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Hashes a password with argon2id (the library's default algorithm) and a random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash that matches no password, verified against when a user does not exist so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored argon2 hash; with no hash (unknown user) it still
 * spends the same time and answers false.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (storedHash === undefined) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password of `length` characters from letters and digits that are not easily confused. */
export function randomPassword(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * A new app password: five groups of five characters (about 140 bits), easy to paste into a
 * client and high in entropy, so a fast hash is enough to store it.
 */
export function randomAppPassword(): string {
  const groups: string[] = [];
  for (let i = 0; i < 5; i += 1) groups.push(randomPassword(5));
  return groups.join('-');
}

/** SHA-256 hex of a high-entropy secret (app passwords, session tokens), as stored in the database. */
export function tokenHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
