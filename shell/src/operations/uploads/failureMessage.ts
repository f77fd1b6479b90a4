import { uploadErrorMessage } from '../../lib/engine';
import type { Translate } from '@cumulus/sdk';
import type { UploadItemState } from '../../lib/engine';

/** Why an upload item failed, in the spec's words (product §8): its error's text, or 'Failed uploading the file'. */
export function failureMessage(item: Pick<UploadItemState, 'error'>, t: Translate): string {
  return item.error === undefined ? t('Failed uploading the file') : uploadErrorMessage(item.error, t);
}
