import { describe, expect, it } from '@jest/globals';
import { canResetQueue, pendingUploads, queueStatusAfter, queueTotals } from './queue';
import { cancelUpload, createUpload, setUploaded } from './upload-item';

describe('queueStatusAfter', () => {
  it('goes from idle to uploading on start', () => {
    expect(queueStatusAfter('start', { status: 'idle', pending: 0 })).toBe('uploading');
  });
  it('goes from idle to uploading when jobs exist', () => {
    expect(queueStatusAfter('update', { status: 'idle', pending: 2 })).toBe('uploading');
  });
  it('goes from uploading to paused on pause', () => {
    expect(queueStatusAfter('pause', { status: 'uploading', pending: 2 })).toBe('paused');
  });
  it('goes back to idle when empty', () => {
    expect(queueStatusAfter('update', { status: 'uploading', pending: 0 })).toBe('idle');
  });
  it('stays paused when empty, until started again', () => {
    expect(queueStatusAfter('update', { status: 'paused', pending: 0 })).toBe('paused');
    expect(queueStatusAfter('update', { status: 'paused', pending: 3 })).toBe('paused');
    expect(queueStatusAfter('start', { status: 'paused', pending: 3 })).toBe('uploading');
  });
  it('resets only when idle', () => {
    expect(canResetQueue('idle')).toBe(true);
    expect(canResetQueue('uploading')).toBe(false);
    expect(canResetQueue('paused')).toBe(false);
    expect(queueStatusAfter('reset', { status: 'uploading', pending: 1 })).toBe('uploading');
  });
});

describe('queue totals', () => {
  const uploads = [
    setUploaded(createUpload('a', false, 100), 40, 1),
    setUploaded(createUpload('b', false, 50), 50, 1),
    cancelUpload(createUpload('c', false, 10)),
    createUpload('d', true, 1000, 100),
  ];
  it('counts the items still pending', () => {
    expect(pendingUploads(uploads)).toBe(2);
  });
  it('sums sizes and uploaded bytes', () => {
    expect(queueTotals(uploads)).toEqual({ size: 1160, progress: 90 });
  });
});
