import { describe, expect, it } from '@jest/globals';
import { createRateEstimate } from '../../lib/engine';
import type { QueueInfo } from '../../lib/engine';
import { selectUploadPercent } from './selectors';
import { uploadsActions, uploadsSlice } from './uploadsSlice';

const withQueue = (queue: QueueInfo) => ({ uploads: uploadsSlice.reducer(undefined, uploadsActions.queueChanged({ queue, estimate: createRateEstimate(), items: [] })) });

describe('the upload selectors', () => {
  it('give the percentage of the queued bytes uploaded', () => {
    expect(selectUploadPercent(withQueue({ status: 'uploading', size: 200, progress: 50 }))).toBe(25);
    expect(selectUploadPercent(withQueue({ status: 'uploading', size: 200, progress: 200 }))).toBe(100);
  });

  it('give 0 while the queue runs with no bytes queued yet (a conflict or a name is being asked): not a full bar in the error colour', () => {
    expect(selectUploadPercent(withQueue({ status: 'uploading', size: 0, progress: 0 }))).toBe(0);
  });
});
