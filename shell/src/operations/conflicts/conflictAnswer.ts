import { conflictChoice, resolveConflict } from '../../lib/engine';
import type { ConflictResolution } from '../../lib/engine';
import type { ConflictEntry } from './conflictStore';

/** Which versions of each conflict are ticked, by row. */
export interface ConflictTicks {
  existing: readonly boolean[];
  incoming: readonly boolean[];
}

/**
 * What each row of the dialog stands for, from its ticks (product §4 "Conflict choices"): null
 * while neither version is ticked; the existing version only skips the item; the new
 * version only overwrites a file or merges a folder; both keep both, the incoming item
 * renamed to the first unused of 'name (1).ext', 'name (2).ext'… (`resolveConflict`, the
 * SDK's unique-name helper; a folder's number goes at the end) among the existing content
 * and the names given to the rows above.
 */
export function conflictRows(conflicts: readonly ConflictEntry[], ticks: ConflictTicks, existingNames: readonly string[]): (ConflictResolution | null)[] {
  const taken = [...existingNames, ...conflicts.map((conflict) => conflict.name)];
  return conflicts.map((conflict, index) => {
    const choice = conflictChoice(ticks.existing[index] === true, ticks.incoming[index] === true);
    if (choice === null) return null;
    const resolution = resolveConflict(conflict, choice, taken);
    if (resolution.action === 'rename') taken.push(resolution.name);
    return resolution;
  });
}
