import { chunkCount } from './chunking';

/** Status of one upload item (product §3). */
export type UploadStatus = 'initialized' | 'uploading' | 'assembling' | 'finished' | 'cancelled' | 'failed';

/**
 * Statuses after which an upload makes no more progress: late progress,
 * finish and cancel change nothing. The one move left is a cancelled upload
 * settling as 'failed' (product §4 "Failure or cancel yields failed").
 */
export const FINAL_UPLOAD_STATUSES: readonly UploadStatus[] = ['finished', 'cancelled', 'failed'];

/** What the server answered to an upload (product §3 "Upload result"). */
export interface UploadResponse {
  /** HTTP status of the final request. */
  status: number;
  /** Response headers, lowercase names; `oc-fileid` holds the new file id. */
  headers: Record<string, string>;
  /** Response body, when one matters (for example an error's XML). */
  data?: string;
}

/**
 * One upload item (product §3), as plain serialisable data. The underlying File
 * and the AbortController stay outside, keyed by `source`.
 */
export interface Upload {
  /** Destination URL of the file. */
  readonly source: string;
  /** Whether it goes up in chunks. */
  readonly isChunked: boolean;
  /** Size in bytes. */
  readonly size: number;
  /** Bytes uploaded so far. */
  readonly uploaded: number;
  /** Number of chunks (1 when not chunked). */
  readonly chunks: number;
  /** When the first bytes went up (ms since the epoch); 0 before. */
  readonly startTime: number;
  /** Where the upload stands. */
  readonly status: UploadStatus;
  /** The server's answer, once there is one. */
  readonly response?: UploadResponse;
  /**
   * Set by {@link cancelUpload} and kept when the upload then settles as
   * 'failed', so the user's cancel stays distinguishable from an error
   * ('Upload was cancelled by user' rather than an error message).
   */
  readonly cancelled?: true;
}

/**
 * A new upload item, status 'initialized'.
 *
 * @param chunkSize The chunk size in use; gives the chunk count of a chunked upload.
 */
export function createUpload(source: string, isChunked: boolean, size: number, chunkSize = 0): Upload {
  return {
    source,
    isChunked,
    size,
    uploaded: 0,
    chunks: isChunked ? chunkCount(size, chunkSize) : 1,
    startTime: 0,
    status: 'initialized',
  };
}

/**
 * The container entry of a batch upload (product §4: "A batch upload creates a
 * container entry that goes uploading to finished or failed"): it starts
 * 'uploading' and carries no bytes of its own; end it with
 * {@link finishUpload} or {@link failUpload}.
 *
 * @param source Destination folder URL of the batch.
 */
export function createBatchUpload(source: string): Upload {
  return { ...createUpload(source, false, 0), status: 'uploading' };
}

/** Whether the upload has reached a status it never leaves. */
export function isUploadFinal(upload: Pick<Upload, 'status'>): boolean {
  return FINAL_UPLOAD_STATUSES.includes(upload.status);
}

/**
 * Records uploaded bytes (product §4 "Upload status"): below the size the upload
 * is 'uploading' and the start time is recorded the first time; reaching the
 * size makes it 'assembling' when chunked (the server still has to join the
 * chunks) or else 'finished', with `uploaded` capped at the size.
 *
 * A late progress report for a finished, cancelled or failed upload changes
 * nothing.
 *
 * @param now Current time in ms since the epoch.
 */
export function setUploaded<T extends Upload>(upload: T, bytes: number, now: number): T {
  if (isUploadFinal(upload)) {
    return upload;
  }
  if (bytes >= upload.size) {
    return { ...upload, uploaded: upload.size, status: upload.isChunked ? 'assembling' : 'finished' };
  }
  return {
    ...upload,
    uploaded: Math.max(0, bytes),
    status: 'uploading',
    startTime: upload.startTime === 0 ? now : upload.startTime,
  };
}

/** The upload went through, for example once the chunks are assembled. */
export function finishUpload<T extends Upload>(upload: T, response?: UploadResponse): T {
  if (isUploadFinal(upload)) {
    return upload;
  }
  return { ...upload, uploaded: upload.size, status: 'finished', ...(response === undefined ? {} : { response }) };
}

/**
 * The user cancelled the upload: 'cancelled', marked `cancelled: true`.
 * Aborting the request is the caller's job (the AbortController lives
 * outside the record); when the aborted request settles, the caller ends the
 * upload with {@link failUpload} (product §4 "Failure or cancel yields failed",
 * as Nextcloud's uploader does). A finished or failed upload stays as it is.
 */
export function cancelUpload<T extends Upload>(upload: T): T {
  return isUploadFinal(upload) ? upload : { ...upload, status: 'cancelled', cancelled: true };
}

/**
 * The upload failed: 'failed', keeping the server's answer when there is one.
 * A cancelled upload settles as failed too, keeping its `cancelled` mark. A
 * finished or already failed upload stays as it is.
 */
export function failUpload<T extends Upload>(upload: T, response?: UploadResponse): T {
  if (isUploadFinal(upload) && upload.status !== 'cancelled') {
    return upload;
  }
  return { ...upload, status: 'failed', ...(response === undefined ? {} : { response }) };
}
