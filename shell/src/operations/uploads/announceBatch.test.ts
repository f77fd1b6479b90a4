import { beforeEach, describe, expect, it } from '@jest/globals';
import type { UploadBatchResult } from '../../lib/engine';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { announceBatch } from './uploadThunks';

const t = (text: string) => text;
const messages = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);
const nothingUploaded = (skipped: string[]): UploadBatchResult => ({ batchId: null, items: [], skipped, cancelled: false });

describe('announceBatch', () => {
  beforeEach(() => clearToasts());

  it("says 'No files to upload' when a batch had nothing to send", () => {
    announceBatch(nothingUploaded([]), 'picker', t);
    expect(messages()).toEqual(['info: No files to upload']);
  });

  it('says nothing more when every entry was skipped or kept as it was in a dialog', () => {
    announceBatch(nothingUploaded(['/a.txt', '/b.txt']), 'drop', t);
    expect(messages()).toEqual([]);
  });
});
