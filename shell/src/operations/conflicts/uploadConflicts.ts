import type { Translate } from '@cumulus/sdk';
import type { ConflictChoice, ConflictDecision, ConflictRequest as UploadConflictRequest, ConflictResolution } from '../../lib/engine';
import type { AbortableDecision } from '../../ui/abortableDecision';
import { showToast } from '../../ui/toasts/toasts';
import { requestConflictResolution } from './conflictStore';
import { versionOfFile, versionOfNode } from './versions';

/** The choice a resolution stands for, as the upload engine takes it. */
function choiceOf(resolution: ConflictResolution): ConflictChoice {
  switch (resolution.action) {
    case 'skip':
      return 'keep-existing';
    case 'overwrite':
    case 'merge':
      return 'keep-new';
    case 'rename':
      return 'keep-both';
  }
}

/**
 * The upload engine's `resolveConflicts` decision through the conflict dialog (product §2,
 * §4 "Conflict choices"): one folder level's conflicts, each incoming file beside the
 * existing node with previews (the server's, and the local image), sizes and dates, the
 * folder's existing content for the numbered names of keep-both, and the recursive note
 * at every level. Resolves to a choice per incoming name: keep existing (skipped), keep
 * new (a file overwrites, a folder merges, its own conflicts asked again), keep both (the
 * engine gives the incoming entry a number with the same unique-name helper the dialog
 * showed). 'Skip this file' resolves to no choice at all (every entry skipped) and toasts
 * 'Conflicts resolution skipped'; 'Cancel the entire operation' or Escape resolves to
 * 'cancel' and toasts 'Upload cancelled'. When the upload is cancelled elsewhere (the
 * request's `signal`), the dialog closes, or never opens, and the answer is a silent 'cancel'.
 */
export async function askUploadConflicts(request: UploadConflictRequest & AbortableDecision, t: Translate): Promise<ConflictDecision> {
  const answer = await requestConflictResolution(
    {
      // The engine names a folder by its last segment, empty for the root; the root is 'Home',
      // as in the move/copy dialog's title.
      dirname: request.dirname === '' ? t('Home') : request.dirname,
      conflicts: request.incoming.map((incoming, index) => ({
        name: incoming.name,
        isFolder: incoming.isFolder,
        existing: versionOfNode(request.existing[index]),
        incoming: versionOfFile(incoming.file ?? incoming),
      })),
      existingNames: request.content.map((node) => node.basename),
      // The engine resolves a merged folder's content level by level at every depth (its own
      // `recursive` only says the level lies below the destination), so the dialog's note is
      // always the recursive one: saying files inside are overwritten, then asking, misled.
      recursive: true,
    },
    request.signal,
  );
  if (request.signal?.aborted === true) return 'cancel';
  if (answer === null) {
    showToast({ type: 'info', message: t('Upload cancelled') });
    return 'cancel';
  }
  if (answer === 'skipped') {
    showToast({ type: 'info', message: t('Conflicts resolution skipped') });
    return {};
  }
  return Object.fromEntries(request.incoming.map((incoming, index) => [incoming.name, choiceOf(answer[index] ?? { action: 'skip' })]));
}
