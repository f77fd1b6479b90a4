import { isFolder } from '@cumulus/sdk';
import { findConflicts, getCopyName } from '../../lib/engine';
import type { FolderNode, Node, Translate } from '@cumulus/sdk';
import type { MoveCopyOperation } from '../../lib/engine';
import { requestConflictResolution } from '../conflicts/conflictStore';
import type { ConflictAnswer } from '../conflicts/conflictStore';
import { versionOfNode } from '../conflicts/versions';
import { showToast } from '../../ui/toasts/toasts';

/** What happens to one node of a move or copy. */
export type TransferPlan =
  /** Not transferred: the user kept the existing version (result null: nothing to say). */
  | { kind: 'skip' }
  /** Moved or copied under `name`; `overwrite` replaces the entry of that name (the user kept the new version). */
  | { kind: 'transfer'; name: string; overwrite: boolean }
  /** An incoming folder kept over an existing one: its contents merge into it (product §4 "Conflict choices"). */
  | { kind: 'merge' };

/**
 * Copy names (product §5, as Nextcloud's copy does): each copy takes its own
 * name when it is free in the destination, else the first free 'name
 * (copy).ext', 'name (copy 2).ext'… Names taken by earlier copies of the
 * same operation count, so two copies never pick the same one.
 */
function planCopies(nodes: readonly Node[], taken: string[], t: Translate): TransferPlan[] {
  return nodes.map((node) => {
    const name = getCopyName(node.basename, taken, { isFolder: isFolder(node), t });
    taken.push(name);
    return { kind: 'transfer', name, overwrite: false };
  });
}

/**
 * Plans a move or copy of `nodes` into `destination`, whose entries are
 * `contents`. A copy always gets a free name. A move onto taken names asks
 * the user through the conflict dialog (product §4): keep the new version
 * (overwrite; a folder merges), keep the existing one (skip), or both (the
 * incoming node gets a number, `getUniqueName`). product §8: cancelling toasts
 * 'Move cancelled' and resolves to null (nothing moves); skipping toasts
 * 'Conflicts resolution skipped' and moves only the nodes without conflict.
 */
export async function planTransfer(
  nodes: readonly Node[],
  operation: MoveCopyOperation,
  destination: FolderNode,
  contents: readonly Node[],
  t: Translate,
): Promise<TransferPlan[] | null> {
  const names = contents.map((node) => node.basename);
  if (operation === 'copy') return planCopies(nodes, [...names], t);

  const conflicting = new Set(findConflicts(nodes, names, (node) => node.basename));
  if (conflicting.size === 0) return nodes.map((node) => ({ kind: 'transfer', name: node.basename, overwrite: false }));
  const byName = new Map(contents.map((node) => [node.basename, node]));
  const inConflict = nodes.filter((node) => conflicting.has(node));
  const answer: ConflictAnswer = await requestConflictResolution({
    dirname: destination.path === '/' ? t('Home') : destination.displayname,
    conflicts: inConflict.map((node) => ({
      name: node.basename,
      isFolder: isFolder(node),
      existing: versionOfNode(byName.get(node.basename)),
      incoming: versionOfNode(node),
    })),
    // Names of the other incoming nodes are taken too once they arrive.
    existingNames: [...names, ...nodes.filter((node) => !conflicting.has(node)).map((node) => node.basename)],
    // A kept folder merges with its conflicting files overwritten (`mergeFolder`), without asking again.
    recursive: false,
  });
  if (answer === null) {
    showToast({ type: 'info', message: t('Move cancelled') });
    return null;
  }
  if (answer === 'skipped') showToast({ type: 'info', message: t('Conflicts resolution skipped') });
  const resolutions = answer === 'skipped' ? [] : answer;
  return nodes.map((node): TransferPlan => {
    if (!conflicting.has(node)) return { kind: 'transfer', name: node.basename, overwrite: false };
    const resolution = resolutions[inConflict.indexOf(node)];
    if (resolution === undefined || resolution.action === 'skip') return { kind: 'skip' };
    if (resolution.action === 'merge') return isFolder(byName.get(node.basename) ?? node) ? { kind: 'merge' } : { kind: 'transfer', name: node.basename, overwrite: true };
    if (resolution.action === 'overwrite') return { kind: 'transfer', name: node.basename, overwrite: true };
    return { kind: 'transfer', name: resolution.name, overwrite: false };
  });
}
