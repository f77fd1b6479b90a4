import { englishTranslate } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';
import { serverMessage } from './dav-xml';
import type { UploadError, UploadFile, UnfinishedUpload, UploadStage } from './types';

/** The English detail of a failed step, for logs (product §8 "Upload"). */
const STAGE_DETAIL: Record<UploadStage, string> = {
  upload: 'Failed uploading the file',
  workspace: 'Failed creating the upload workspace',
  chunk: 'Failed uploading the file',
  assemble: 'Failed assembling the chunks together',
  mkdir: 'Unable to create the directory',
};

/**
 * The error of a failed answer (or of no answer: `status` 0), in the order
 * Nextcloud's Files app reads it: 507, 404/409, 403, then the server's
 * `s:message`, then the bare status.
 */
export function uploadErrorFromResponse(stage: UploadStage, status: number, body = ''): UploadError {
  const detail = STAGE_DETAIL[stage];
  if (status === 507) return { code: 'no-space', stage, status, detail };
  if (status === 404 || status === 409) return { code: 'target-missing', stage, status, detail };
  if (status === 403) return { code: 'forbidden', stage, status, detail };
  if (status === 0) return { code: 'unknown', stage, status, detail };
  const message = serverMessage(body);
  if (message !== null) return { code: 'server-message', stage, status, serverMessage: message, detail };
  return { code: 'status', stage, status, detail };
}

/** The error of an upload the user cancelled. */
export function cancelledError(stage: UploadStage): UploadError {
  return { code: 'cancelled', stage, status: 0, detail: 'Upload was cancelled by user' };
}

/**
 * The spec's text for an upload error (product §8 "Upload"), through `t` (the English
 * strings are the keys): 'Upload was cancelled by user', 'Not enough free
 * space', 'Target folder does not exist any more', 'Operation is blocked by
 * access control', 'Error during upload: {message}', 'Unknown error during
 * upload', 'Error during upload, status code {status}', and for a folder
 * 'Unable to create the directory {directory}'.
 */
export function uploadErrorMessage(error: UploadError, t: Translate = englishTranslate): string {
  switch (error.code) {
    case 'cancelled':
      return t('Upload was cancelled by user');
    case 'no-space':
      return t('Not enough free space');
    case 'target-missing':
      return t('Target folder does not exist any more');
    case 'forbidden':
      return t('Operation is blocked by access control');
    case 'server-message':
      return t('Error during upload: {message}', { message: error.serverMessage ?? '' });
    case 'unknown':
      return t('Unknown error during upload');
    case 'mkdir-failed':
      return t('Unable to create the directory {directory}', { directory: error.directory ?? '' });
    case 'status':
      return t('Error during upload, status code {status}', { status: error.status });
  }
}

/** The message of {@link UploadResumeError}. */
export const RESUME_MISMATCH_MESSAGE = 'The selected file is not the one that was being uploaded';

/**
 * The file picked to resume an unfinished upload is not the same file: its
 * name, size or modification time differ. Recognise it by `code`
 * ('resume-mismatch'), never `instanceof`.
 */
export class UploadResumeError extends Error {
  /** Stable tag for recognising the error across bundles. */
  readonly code = 'resume-mismatch';
  /** Which of name, size and lastModified differ. */
  readonly mismatched: readonly ('name' | 'size' | 'lastModified')[];

  /** @param mismatched - the fields that differ */
  constructor(mismatched: readonly ('name' | 'size' | 'lastModified')[]) {
    super(`${RESUME_MISMATCH_MESSAGE} (${mismatched.join(', ')} differ)`);
    this.name = 'UploadResumeError';
    this.mismatched = mismatched;
  }
}

/** The fields in which `file` differs from the unfinished upload (empty when it is the same file). */
export function resumeMismatch(record: UnfinishedUpload, file: UploadFile): ('name' | 'size' | 'lastModified')[] {
  const differ: ('name' | 'size' | 'lastModified')[] = [];
  if (file.name !== record.name) differ.push('name');
  if (file.size !== record.size) differ.push('size');
  if (file.lastModified !== record.lastModified) differ.push('lastModified');
  return differ;
}
