import type { Translate } from '@cumulus/sdk';
import type { UploadDecisions } from '../../lib/engine';
import { askUploadConflicts } from '../conflicts/uploadConflicts';
import { askForUploadName } from '../upload-names/askForUploadName';
import { oneAtATime } from './oneAtATime';

/**
 * The upload engine's decision hooks (`UploadOptions.decisions`), answered by the user
 * through the app's dialogs: `resolveConflicts` through the conflict dialog (the one moves
 * use too), `resolveInvalidName` through the invalid-filename dialog. One dialog at a
 * time: asks made while one is open wait their turn, in order; an ask whose `signal` (see
 * `AbortableDecision`) aborts meanwhile never opens. `t` translates the toasts
 * the answers give ('Upload cancelled', 'Conflicts resolution skipped', 'Upload has been
 * skipped', 'Upload of "{folder}" has been skipped').
 */
export function createUploadDecisions(t: Translate): Required<UploadDecisions> {
  const inTurn = oneAtATime();
  return {
    resolveConflicts: (request) => inTurn(() => askUploadConflicts(request, t)),
    resolveInvalidName: (request) => inTurn(() => askForUploadName(request, t)),
  };
}
