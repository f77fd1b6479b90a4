import { createSelector } from '@reduxjs/toolkit';
import { progressPercent } from '../../lib/engine';
import type { UploadItemState } from '../../lib/engine';
import type { RootState } from '../store/storeTypes';
import { bucketOf } from './uploadsSlice';

/** The queue's status: idle, uploading or paused. */
export const selectUploadQueueStatus = (state: RootState) => state.uploads.queue.status;

/** Whether uploads are under way (or paused): the progress shows. */
export const selectIsUploading = (state: RootState): boolean => state.uploads.queue.status !== 'idle';

/**
 * The rounded percentage of the queue's bytes uploaded (product §9); 0 while no bytes are queued
 * yet (the queue runs while a conflict or a new name is asked), where `progressPercent`'s
 * "nothing to do is done" would show a full bar in the error colour.
 */
export const selectUploadPercent = (state: Pick<RootState, 'uploads'>): number =>
  state.uploads.queue.size > 0 ? progressPercent(state.uploads.queue.progress, state.uploads.queue.size) : 0;

/** Estimated seconds left; Infinity while estimating. */
export const selectUploadTimeLeft = (state: RootState): number => state.uploads.estimate.timeLeft;

/** One item by id. */
export const selectUploadById = (state: RootState, id: string): UploadItemState | undefined => state.uploads.items[bucketOf(id)]?.[id];

/** The file items of the queue, by id in the order added (folders and batch containers are not listed to the user). */
export const selectUploadFileIds = (state: RootState): string[] => state.uploads.fileIds;

/**
 * How many file items have ended, and how many files the queue holds: its file items and the
 * files of running batches not queued yet (their folders listed, their conflicts asked), so
 * a batch counts all its files from its start, not '0 of 0' while the conflict dialog waits.
 */
export const selectUploadCounts = createSelector(
  [(state: Pick<RootState, 'uploads'>) => state.uploads.endedFiles, (state: Pick<RootState, 'uploads'>) => state.uploads.fileIds.length, (state: Pick<RootState, 'uploads'>) => state.uploads.queue.unqueuedFiles ?? 0],
  (ended, queued, unqueued) => ({ ended, total: queued + unqueued }),
);

/**
 * Whether a file of the queue failed (a user's cancel is no failure): the progress bar takes
 * the error colour then, and only then. A healthy upload stays in the progress colour at any
 * percentage (the above-80 % warning is the quota bar's, product §9).
 */
export const selectUploadHasFailure = (state: Pick<RootState, 'uploads'>): boolean => state.uploads.failedFiles > 0;

/** Whether the per-file list is open. */
export const selectUploadListOpen = (state: RootState): boolean => state.uploads.listOpen;

/** Chunked uploads an earlier page left unfinished. */
export const selectUnfinishedUploads = (state: RootState) => state.uploads.unfinished;
