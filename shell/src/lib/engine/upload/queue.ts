import type { Upload } from './upload-item';
import { isUploadFinal } from './upload-item';

/** Status of the upload queue (product §3 "Queue info"). */
export type QueueStatus = 'idle' | 'uploading' | 'paused';

/**
 * Something that happened to the queue:
 * - `start`: uploads were started or resumed;
 * - `pause`: the user paused;
 * - `update`: an item changed (added, progressed, ended);
 * - `reset`: clear the queue and its stats.
 */
export type QueueEvent = 'start' | 'pause' | 'update' | 'reset';

/** What {@link queueStatusAfter} needs to know about the queue. */
export interface QueueState {
  /** The current status. */
  status: QueueStatus;
  /** Jobs waiting plus items not yet finished, cancelled or failed. */
  pending: number;
}

/**
 * The queue status after an event (product §4 "Upload queue"): idle to uploading
 * on start or when jobs exist; uploading to paused on pause; back to idle when
 * nothing is pending, unless paused (only start leaves paused). Reset applies
 * only when idle.
 */
export function queueStatusAfter(event: QueueEvent, state: QueueState): QueueStatus {
  switch (event) {
    case 'start':
      return 'uploading';
    case 'pause':
      return 'paused';
    case 'reset':
      return state.status;
    case 'update':
      if (state.status === 'paused') {
        return 'paused';
      }
      return state.pending > 0 ? 'uploading' : 'idle';
  }
}

/** Whether a reset may clear the queue and its stats: only when idle. */
export function canResetQueue(status: QueueStatus): boolean {
  return status === 'idle';
}

/** Items of the queue not yet finished, cancelled or failed. */
export function pendingUploads(uploads: readonly Upload[]): number {
  let pending = 0;
  for (const upload of uploads) {
    if (!isUploadFinal(upload)) pending += 1;
  }
  return pending;
}

/** The queue's totals (product §3 "Queue info"): bytes to upload and bytes uploaded. */
export function queueTotals(uploads: readonly Upload[]): { size: number; progress: number } {
  let size = 0;
  let progress = 0;
  for (const upload of uploads) {
    size += upload.size;
    progress += upload.uploaded;
  }
  return { size, progress };
}
