import { isolate } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';
import type { InvalidNameDecision, InvalidNameRequest } from '../../lib/engine';
import { showToast } from '../../ui/toasts/toasts';
import type { AbortableDecision } from '../../ui/abortableDecision';
import { invalidNameDialog } from './invalidNameStore';

/**
 * The upload engine's `resolveInvalidName` decision through the invalid-filename dialog
 * (product §5 "Upload": the user is asked for a new name or to skip; a replacement name is
 * made unique among the siblings). Resolves to the new name, already valid and unique, or
 * 'skip', toasting 'Upload has been skipped' for a file and 'Upload of "{folder}" has been
 * skipped' for a folder (product §8). When the upload is cancelled elsewhere (the request's
 * `signal`), the dialog closes, or never opens, and the answer is a silent 'skip'.
 */
export async function askForUploadName(request: InvalidNameRequest & AbortableDecision, t: Translate): Promise<InvalidNameDecision> {
  const { signal } = request;
  const name = await invalidNameDialog.ask({ name: request.name, isFolder: request.isFolder, error: request.error, siblings: request.siblings }, signal);
  if (signal?.aborted === true) return 'skip';
  if (name !== null) return name;
  showToast({
    type: 'info',
    message: request.isFolder ? t('Upload of "{folder}" has been skipped', { folder: isolate(request.name) }) : t('Upload has been skipped'),
  });
  return 'skip';
}
