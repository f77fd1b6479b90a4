import type { Translate } from '@cumulus/sdk';
import { davMessageOf } from '../../services/davErrorMessage';
import { errorStatus } from '../../services/errorStatus';

/**
 * The message of a failed move or copy (product §8 "Move/copy"): 412 'A file or
 * folder with that name already exists in this folder', 423 'The files are
 * locked', 404 'The file does not exist anymore'; any other failure "the
 * message or a generic error": the server's `s:message` when it sent one,
 * else a non-HTTP error's own message, else 'Move or copy operation failed'.
 */
export function moveCopyErrorMessage(error: unknown, t: Translate): string {
  const status = errorStatus(error);
  if (status === 412) return t('A file or folder with that name already exists in this folder');
  if (status === 423) return t('The files are locked');
  if (status === 404) return t('The file does not exist anymore');
  const serverMessage = davMessageOf(error);
  if (serverMessage !== undefined) return serverMessage;
  if (status === undefined && error instanceof Error && error.message !== '') return error.message;
  return t('Move or copy operation failed');
}
