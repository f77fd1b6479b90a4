import { uploadFilenameErrorMessage } from '@cumulus/sdk';
import type { ConflictChoice, ConflictDecision, UploadDecisions } from '@cumulus/sdk';
import type { ShellServices } from '../../services/types';
import { requestConflictResolution } from '../conflicts/conflictStore';
import { showToast } from '../toasts/toasts';

/**
 * The engine's decision hooks (spec §2, §5): the one place the upload UI
 * answers the engine's questions, so the dialogs can be swapped in here.
 *
 * - Conflicts go to the app's conflict dialog (`features/conflicts`, the one
 *   move and copy use): 'Cancel the entire operation' cancels the batch,
 *   skipping keeps every existing version.
 * - An invalid name is skipped, saying why in the upload wording of spec §5
 *   ('"{segment}" is not allowed inside a file or folder name.' …) and
 *   'Upload of "{folder}" has been skipped' or 'Upload has been skipped',
 *   until the invalid-filename dialog (a new name or skip) takes its place.
 */
export function uploadDecisions(services: Pick<ShellServices, 't'>): UploadDecisions {
  const { t } = services;
  return {
    async resolveConflicts(request): Promise<ConflictDecision> {
      const answer = await requestConflictResolution({
        dirname: request.dirname,
        conflicts: request.incoming.map((incoming, index) => {
          const existing = request.existing[index];
          return {
            name: incoming.name,
            isFolder: incoming.isFolder,
            existing: { size: existing?.size, mtime: existing?.mtime },
            incoming: { size: incoming.size, mtime: incoming.lastModified },
          };
        }),
      });
      if (answer === null) return 'cancel';
      if (answer === 'skipped') return {};
      const choices: Record<string, ConflictChoice> = {};
      request.incoming.forEach((incoming, index) => {
        const choice = answer[index];
        if (choice !== undefined) choices[incoming.name] = choice;
      });
      return choices;
    },
    async resolveInvalidName(request) {
      showToast({ type: 'error', message: uploadFilenameErrorMessage(request.error, t) });
      showToast({
        type: 'info',
        message: request.isFolder ? t('Upload of "{folder}" has been skipped', { folder: request.name }) : t('Upload has been skipped'),
      });
      return 'skip';
    },
  };
}
