import { StorageError } from '../../errors';

/**
 * The file name rules of this server (product §5 defaults), in one place: the
 * capabilities advertise them (`files.forbidden_filename*`) and the storage
 * layer refuses every name that breaks them when a node is created or
 * renamed. The front end checks the same rules through the SDK; the server
 * cannot import the SDK, so the check is written here again.
 */
export interface FilenameRuleLists {
  /** Characters a name must not contain, compared as they are. */
  readonly forbiddenCharacters: readonly string[];
  /** Whole names refused, compared lowercase. */
  readonly forbiddenFilenames: readonly string[];
  /** Base names refused, compared lowercase: the part before the first dot after position 1. */
  readonly forbiddenBasenames: readonly string[];
  /** Endings refused, compared lowercase, when the name is longer than the ending. */
  readonly forbiddenExtensions: readonly string[];
}

/** The rules this server enforces and advertises. */
export const FILENAME_RULES: FilenameRuleLists = Object.freeze({
  forbiddenCharacters: Object.freeze(['/', '\\']),
  forbiddenFilenames: Object.freeze(['.htaccess']),
  forbiddenBasenames: Object.freeze([] as string[]),
  forbiddenExtensions: Object.freeze(['.part', '.filepart']),
});

/**
 * Control characters (U+0000–U+001F and DEL), refused in every name whatever the lists say,
 * as Nextcloud does (and, like Nextcloud, not advertised among the forbidden characters): a
 * newline or an escape in a name breaks sync clients, shell scripts and terminals.
 */
function hasControlCharacter(name: string): boolean {
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Why `name` may not be given to a file or folder, in the spec's upload
 * wording (which is also Nextcloud's server message), or null when it may.
 * Checked in the spec's order: character, reserved name, reserved base name,
 * extension; control characters before all of them.
 */
export function filenameProblem(name: string, rules: FilenameRuleLists = FILENAME_RULES): string | null {
  if (hasControlCharacter(name)) return 'Control characters are not allowed inside a file or folder name.';
  for (const character of rules.forbiddenCharacters) {
    if (character !== '' && name.includes(character)) return `"${character}" is not allowed inside a file or folder name.`;
  }
  const lower = name.toLowerCase();
  if (rules.forbiddenFilenames.some((reserved) => reserved.toLowerCase() === lower)) return `"${name}" is a forbidden file or folder name.`;
  const endOfBase = name.indexOf('.', 1);
  const base = endOfBase === -1 ? name : name.slice(0, endOfBase);
  if (rules.forbiddenBasenames.some((reserved) => reserved.toLowerCase() === base.toLowerCase())) return `"${base}" is a forbidden file or folder name.`;
  for (const extension of rules.forbiddenExtensions) {
    const ending = extension.toLowerCase();
    // A name that is only the ending (a file called '.part') is allowed: the rule is about endings.
    if (ending !== '' && lower.length > ending.length && lower.endsWith(ending)) return `"${extension}" is a forbidden file type.`;
  }
  return null;
}

/**
 * Refuses (with `invalid-path`, answered 400 as Nextcloud's `InvalidPath`)
 * a name that breaks the rules. Call before anything changes on disk.
 */
export function assertAllowedFilename(name: string, rules: FilenameRuleLists = FILENAME_RULES): void {
  const problem = filenameProblem(name, rules);
  if (problem !== null) throw new StorageError('invalid-path', problem);
}
