import { describe, expect, it } from '@jest/globals';
import { cancelUpload, createBatchUpload, createUpload, failUpload, finishUpload, isUploadFinal, setUploaded } from './upload-item';

const SOURCE = 'https://cloud.example/remote.php/dav/files/alice/movie.mkv';
const MiB = 1024 * 1024;

describe('createUpload', () => {
  it('starts initialized, with its chunk count', () => {
    expect(createUpload(SOURCE, true, 25 * MiB, 10 * MiB)).toEqual({
      source: SOURCE,
      isChunked: true,
      size: 25 * MiB,
      uploaded: 0,
      chunks: 3,
      startTime: 0,
      status: 'initialized',
    });
    expect(createUpload(SOURCE, false, 25 * MiB).chunks).toBe(1);
  });
});

describe('setUploaded', () => {
  it('below the size gives uploading and records the start time once', () => {
    const first = setUploaded(createUpload(SOURCE, false, 100), 10, 5000);
    expect(first).toMatchObject({ status: 'uploading', uploaded: 10, startTime: 5000 });
    const second = setUploaded(first, 60, 9000);
    expect(second).toMatchObject({ status: 'uploading', uploaded: 60, startTime: 5000 });
  });
  it('reaching the size gives assembling when chunked', () => {
    expect(setUploaded(createUpload(SOURCE, true, 100, 10), 100, 1)).toMatchObject({ status: 'assembling', uploaded: 100 });
  });
  it('reaching the size gives finished when not chunked, capped at the size', () => {
    expect(setUploaded(createUpload(SOURCE, false, 100), 130, 1)).toMatchObject({ status: 'finished', uploaded: 100 });
  });
  it('does not change the given record', () => {
    const upload = createUpload(SOURCE, false, 100);
    setUploaded(upload, 50, 1);
    expect(upload.status).toBe('initialized');
  });
  it('ignores late progress after cancel or failure', () => {
    const cancelled = cancelUpload(setUploaded(createUpload(SOURCE, false, 100), 10, 1));
    expect(setUploaded(cancelled, 100, 2)).toBe(cancelled);
    const failed = failUpload(createUpload(SOURCE, false, 100));
    expect(setUploaded(failed, 50, 2)).toBe(failed);
  });
});

describe('cancel, fail and finish', () => {
  it('cancel sets cancelled', () => {
    expect(cancelUpload(createUpload(SOURCE, true, 100, 10))).toMatchObject({ status: 'cancelled', cancelled: true });
  });
  it('a cancelled upload settles as failed once its aborted request ends, still marked cancelled (product §4 "Failure or cancel yields failed")', () => {
    const cancelled = cancelUpload(setUploaded(createUpload(SOURCE, true, 100, 10), 30, 1));
    expect(isUploadFinal(cancelled)).toBe(true);
    const failed = failUpload(cancelled);
    expect(failed).toMatchObject({ status: 'failed', cancelled: true, uploaded: 30 });
    expect(failUpload(failed)).toBe(failed);
    expect(finishUpload(cancelled)).toBe(cancelled);
  });
  it('a plain failure carries no cancelled mark', () => {
    expect(failUpload(createUpload(SOURCE, false, 100))).not.toHaveProperty('cancelled');
  });
  it('fail sets failed and keeps the response', () => {
    const response = { status: 507, headers: {}, data: '<s:message>Not enough space</s:message>' };
    expect(failUpload(createUpload(SOURCE, false, 100), response)).toMatchObject({ status: 'failed', response });
  });
  it('finish ends an assembling upload with the server answer', () => {
    const assembling = setUploaded(createUpload(SOURCE, true, 100, 10), 100, 1);
    const response = { status: 201, headers: { 'oc-fileid': '00000042ocabc' } };
    expect(finishUpload(assembling, response)).toMatchObject({ status: 'finished', response });
  });
  it('leaves a final upload alone', () => {
    const finished = setUploaded(createUpload(SOURCE, false, 1), 1, 1);
    expect(isUploadFinal(finished)).toBe(true);
    expect(cancelUpload(finished)).toBe(finished);
    expect(failUpload(finished)).toBe(finished);
    expect(isUploadFinal(createUpload(SOURCE, false, 1))).toBe(false);
  });
});

describe('createBatchUpload', () => {
  it('starts uploading and ends finished or failed', () => {
    const batch = createBatchUpload('https://cloud.example/remote.php/dav/files/alice/Photos');
    expect(batch).toMatchObject({ status: 'uploading', size: 0, uploaded: 0, isChunked: false });
    expect(finishUpload(batch).status).toBe('finished');
    expect(failUpload(batch).status).toBe('failed');
  });
});
