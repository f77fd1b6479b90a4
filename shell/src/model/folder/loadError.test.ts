import { describe, expect, it } from '@jest/globals';
import { englishTranslate } from '@cumulus/sdk';
import { describeLoadError, toLoadError } from './loadError';

const message = (error: unknown) => describeLoadError(toLoadError(error), englishTranslate);
const withStatus = (status: number) => Object.assign(new Error('boom'), { status });

describe('folder load errors (product §8)', () => {
  it.each([400, 404, 405])('%i gives "Folder not found"', (status) => {
    expect(message(withStatus(status))).toBe('Folder not found');
  });
  it('names the other statuses', () => {
    expect(message(withStatus(403))).toBe('This operation is forbidden');
    expect(message(withStatus(500))).toBe('This directory is unavailable, please check the logs or contact the administrator');
    expect(message(withStatus(503))).toBe('Storage is temporarily not available');
  });
  it('shows other errors as unexpected, and non-errors as unknown', () => {
    expect(message(new Error('socket hang up'))).toBe('Unexpected error: socket hang up');
    expect(message(withStatus(418))).toBe('Unexpected error: boom');
    expect(message('weird')).toBe('Unknown error');
  });
});
