import { i18nKey } from '@cumulus/sdk';
import { getUniqueName } from '../validation/unique-name';

/**
 * What the user keeps when an incoming item has the name of an existing one
 * (product §4 "Conflict choices"): the existing version, the new version, or
 * both.
 */
export type ConflictChoice = 'keep-existing' | 'keep-new' | 'keep-both';

/** The conflict dialog's refusal when neither version of a file is ticked (product §5). */
export const CONFLICT_SELECTION_REQUIRED = i18nKey('You need to select at least one version of each file to continue.');

/**
 * The choice a conflict dialog row stands for, from its two checkboxes
 * ('Existing version', 'New version'); null when neither is ticked, which the
 * dialog refuses with {@link CONFLICT_SELECTION_REQUIRED}.
 */
export function conflictChoice(keepExisting: boolean, keepNew: boolean): ConflictChoice | null {
  if (keepExisting && keepNew) return 'keep-both';
  if (keepNew) return 'keep-new';
  if (keepExisting) return 'keep-existing';
  return null;
}

/** What to do with an incoming item once its conflict is resolved. */
export type ConflictResolution =
  /** Keep the existing item: do not upload the incoming one. */
  | { action: 'skip' }
  /** Keep the new file: upload it over the existing one. */
  | { action: 'overwrite'; name: string }
  /** Keep the new folder: merge it into the existing one, resolving its contents' conflicts again (recursively). */
  | { action: 'merge'; name: string }
  /** Keep both: upload the incoming item under a new, unused name. */
  | { action: 'rename'; name: string };

/** An incoming item in conflict. */
export interface IncomingItem {
  /** Its name, equal to an existing one. */
  name: string;
  /** A folder merges instead of overwriting, and its suffix goes at the very end. */
  isFolder?: boolean;
}

/**
 * Resolves one conflict. Keeping both gives the incoming item a number in
 * parentheses ('photo (1).jpg'; for a folder 'Photos (1)'), unused among
 * `existingNames`.
 */
export function resolveConflict(
  incoming: IncomingItem,
  choice: ConflictChoice,
  existingNames: readonly string[],
): ConflictResolution {
  switch (choice) {
    case 'keep-existing':
      return { action: 'skip' };
    case 'keep-new':
      return incoming.isFolder === true ? { action: 'merge', name: incoming.name } : { action: 'overwrite', name: incoming.name };
    case 'keep-both':
      return {
        action: 'rename',
        name: getUniqueName(incoming.name, existingNames, { ignoreFileExtension: incoming.isFolder === true }),
      };
  }
}

/**
 * Resolves several conflicts of one folder in order. Names given to renamed
 * items count as taken for the next ones, so two 'keep both' choices never
 * pick the same new name.
 */
export function resolveConflicts(
  conflicts: readonly { incoming: IncomingItem; choice: ConflictChoice }[],
  existingNames: readonly string[],
): ConflictResolution[] {
  const taken = [...existingNames];
  return conflicts.map(({ incoming, choice }) => {
    const resolution = resolveConflict(incoming, choice, taken);
    if (resolution.action === 'rename') taken.push(resolution.name);
    return resolution;
  });
}

/** The incoming items whose name is already taken among `existingNames`. */
export function findConflicts<T>(incoming: readonly T[], existingNames: readonly string[], nameOf: (item: T) => string): T[] {
  const taken = new Set(existingNames);
  return incoming.filter((item) => taken.has(nameOf(item)));
}
