import { useEffect } from 'react';
import { OnDemand, lazyComponent } from '../../app/OnDemand';
import { resolveConflictRequest, useConflictRequest } from './conflictStore';

const ConflictModal = lazyComponent(() => import('./ConflictModal').then((module) => module.ConflictModal));

/** A dialog whose code could not be fetched cancels the operation, as Escape would. */
const cancelRequest = () => resolveConflictRequest(null);

/**
 * The conflict dialog (spec §2 "Conflict dialog", §4 "Conflict choices",
 * §5): '{count} file conflict in {dirname}', 'Which files do you want to
 * keep?', and per conflicting name an 'Existing version' and a 'New version'
 * checkbox with its size ('Unknown size') and date ('Last modified date
 * unknown'), 'Select all existing files' / 'Select all new files' over
 * each column. 'Continue' needs at least one version of each file ticked
 * ('You need to select at least one version of each file to continue.');
 * both ticked keeps both. 'Skip this file' keeps every existing version;
 * 'Cancel the entire operation' (or Escape) cancels. Mounted once; any
 * feature asks through `requestConflictResolution`. Its code is fetched
 * with the first request (see `ConflictModal`).
 */
export function ConflictDialog() {
  const request = useConflictRequest();
  // Unmounted while open: the operation waiting for an answer must not wait for ever.
  useEffect(() => () => resolveConflictRequest(null), []);
  return request === null ? null : (
    <OnDemand key={request.id} onFailure={cancelRequest}>
      <ConflictModal request={request} />
    </OnDemand>
  );
}
