import { englishTranslate } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';

/** Why a filename was refused (product §5, §8 "invalid-filename"). */
export type InvalidFilenameReason = 'character' | 'reserved-name' | 'extension' | 'empty';

/** Characters refused in a filename unless the server configures others (product §5). */
export const DEFAULT_FORBIDDEN_CHARACTERS: readonly string[] = Object.freeze(['/', '\\']);

/** Whole names refused in any letter case unless the server configures others (product §5). */
export const DEFAULT_RESERVED_NAMES: readonly string[] = Object.freeze(['.htaccess']);

/** Base names refused by default: none (product §5). */
export const DEFAULT_RESERVED_BASENAMES: readonly string[] = Object.freeze([]);

/** Endings refused by default: the partial-upload files of the desktop client and the server (product §5). */
export const DEFAULT_FORBIDDEN_EXTENSIONS: readonly string[] = Object.freeze(['.part', '.filepart']);

/**
 * The filename rules a server configures (Nextcloud's `forbidden_filename*`
 * capabilities). A list left out takes its default; an empty list turns the
 * rule off.
 */
export interface FilenameRules {
  /** Characters a name must not contain; compared as they are. Default {@link DEFAULT_FORBIDDEN_CHARACTERS}. */
  forbiddenCharacters?: readonly string[];
  /** Whole names refused, compared lowercase. Default {@link DEFAULT_RESERVED_NAMES}. */
  reservedNames?: readonly string[];
  /**
   * Base names refused, compared lowercase; the base is the part before the
   * first dot after position 1 (so '.env' and 'con.txt' have the bases
   * '.env' and 'con'). Default none.
   */
  reservedBasenames?: readonly string[];
  /** Endings refused, compared lowercase, when the name is longer than the ending. Default {@link DEFAULT_FORBIDDEN_EXTENSIONS}. */
  forbiddenExtensions?: readonly string[];
}

/**
 * A refused filename, with the reason and the part of the name that caused
 * it. Thrown by {@link validateFilename}; recognise it with
 * {@link isInvalidFilenameError} (a `code` tag), never `instanceof`.
 */
export class InvalidFilenameError extends Error {
  /** Stable tag for recognising the error across bundles. */
  readonly code = 'invalid-filename';
  /** Why the name was refused. */
  readonly reason: InvalidFilenameReason;
  /** The offending part: the character, the reserved name or base, the extension; '' when empty. */
  readonly segment: string;
  /** The name that was checked. */
  readonly filename: string;

  /** @param details - the reason, the offending segment and the checked name. */
  constructor(details: { reason: InvalidFilenameReason; segment: string; filename: string }) {
    super(`Invalid filename "${details.filename}": ${details.reason} "${details.segment}"`);
    this.name = 'InvalidFilenameError';
    this.reason = details.reason;
    this.segment = details.segment;
    this.filename = details.filename;
  }
}

/** Whether `value` is an {@link InvalidFilenameError}, also one from another bundle. */
export function isInvalidFilenameError(value: unknown): value is InvalidFilenameError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { code?: unknown }).code === 'invalid-filename' &&
    typeof (value as { reason?: unknown }).reason === 'string' &&
    typeof (value as { segment?: unknown }).segment === 'string'
  );
}

const lower = (list: readonly string[]) => list.map((entry) => entry.toLowerCase());

/**
 * Check `name` against the filename rules (product §5) and return the first
 * problem, or null when the name is valid. Order: empty or blank, forbidden
 * character (case-sensitive, checked before lowercasing), reserved name,
 * reserved base name, forbidden extension.
 */
export function checkFilename(name: string, rules: FilenameRules = {}): InvalidFilenameError | null {
  if (name.trim() === '') {
    return new InvalidFilenameError({ reason: 'empty', segment: '', filename: name });
  }
  for (const character of rules.forbiddenCharacters ?? DEFAULT_FORBIDDEN_CHARACTERS) {
    if (character !== '' && name.includes(character)) {
      return new InvalidFilenameError({ reason: 'character', segment: character, filename: name });
    }
  }
  const lowerName = name.toLowerCase();
  if (lower(rules.reservedNames ?? DEFAULT_RESERVED_NAMES).includes(lowerName)) {
    return new InvalidFilenameError({ reason: 'reserved-name', segment: name, filename: name });
  }
  const endOfBase = name.indexOf('.', 1);
  const base = endOfBase === -1 ? name : name.slice(0, endOfBase);
  if (lower(rules.reservedBasenames ?? DEFAULT_RESERVED_BASENAMES).includes(base.toLowerCase())) {
    return new InvalidFilenameError({ reason: 'reserved-name', segment: base, filename: name });
  }
  for (const extension of rules.forbiddenExtensions ?? DEFAULT_FORBIDDEN_EXTENSIONS) {
    const lowerExtension = extension.toLowerCase();
    // A name that is only the ending (a file called '.part') is allowed: the rule is about endings.
    if (extension !== '' && lowerName.length > lowerExtension.length && lowerName.endsWith(lowerExtension)) {
      return new InvalidFilenameError({ reason: 'extension', segment: extension, filename: name });
    }
  }
  return null;
}

/**
 * Validate `name` against the filename rules (product §5).
 *
 * @throws {@link InvalidFilenameError} with the reason and offending segment.
 */
export function validateFilename(name: string, rules: FilenameRules = {}): void {
  const error = checkFilename(name, rules);
  if (error) throw error;
}

/** Whether `name` passes the filename rules (product §5). */
export function isFilenameValid(name: string, rules: FilenameRules = {}): boolean {
  return checkFilename(name, rules) === null;
}

/** Whether a refused ending looks like a file type ('.part') rather than any ending ('~'). */
function isRealExtension(segment: string): boolean {
  return /\.[a-z]/i.test(segment);
}

/**
 * The rename wording of a filename error (product §5), through `t` (the English
 * strings are the keys): 'Filename must not be empty.', '"{char}" is not
 * allowed inside a filename.', '"{segment}" is a reserved name and not
 * allowed for filenames.', '"{extension}" is not an allowed filetype.',
 * 'Filenames must not end with "{extension}".' when the ending is not a real
 * extension, and 'Invalid filename.' for anything else.
 */
export function filenameErrorMessage(error: unknown, t: Translate = englishTranslate): string {
  if (!isInvalidFilenameError(error)) return t('Invalid filename.');
  switch (error.reason) {
    case 'empty':
      return t('Filename must not be empty.');
    case 'character':
      return t('"{char}" is not allowed inside a filename.', { char: error.segment });
    case 'reserved-name':
      return t('"{segment}" is a reserved name and not allowed for filenames.', { segment: error.segment });
    case 'extension':
      return isRealExtension(error.segment)
        ? t('"{extension}" is not an allowed filetype.', { extension: error.segment })
        : t('Filenames must not end with "{extension}".', { extension: error.segment });
    default:
      return t('Invalid filename.');
  }
}

/**
 * The upload wording of a filename error (product §5): '"{segment}" is not
 * allowed inside a file or folder name.', '"{segment}" is a forbidden file or
 * folder name.', '"{segment}" is a forbidden file type.', or 'Filenames must
 * not end with "{extension}".' when the ending is not a real extension
 * (as in the rename wording). The spec gives no
 * upload wording for an empty name; it uses the rename one,
 * 'Filename must not be empty.'; anything else gives 'Invalid filename.'.
 */
export function uploadFilenameErrorMessage(error: unknown, t: Translate = englishTranslate): string {
  if (!isInvalidFilenameError(error)) return t('Invalid filename.');
  switch (error.reason) {
    case 'empty':
      return t('Filename must not be empty.');
    case 'character':
      return t('"{segment}" is not allowed inside a file or folder name.', { segment: error.segment });
    case 'reserved-name':
      return t('"{segment}" is a forbidden file or folder name.', { segment: error.segment });
    case 'extension':
      return isRealExtension(error.segment)
        ? t('"{segment}" is a forbidden file type.', { segment: error.segment })
        : t('Filenames must not end with "{extension}".', { extension: error.segment });
    default:
      return t('Invalid filename.');
  }
}
