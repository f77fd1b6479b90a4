import { describe, expect, it } from '@jest/globals';
import { DEFAULT_MAX_PARALLEL_UPLOADS, getMaxParallelUploads } from './parallel';

describe('getMaxParallelUploads', () => {
  it('reads files.chunked_upload.max_parallel_count', () => {
    expect(getMaxParallelUploads({ files: { chunked_upload: { max_parallel_count: 3 } } })).toBe(3);
    expect(getMaxParallelUploads({ files: { chunked_upload: { max_parallel_count: '8' } } })).toBe(8);
  });
  it('defaults to 5', () => {
    expect(DEFAULT_MAX_PARALLEL_UPLOADS).toBe(5);
    expect(getMaxParallelUploads(undefined)).toBe(5);
    expect(getMaxParallelUploads({})).toBe(5);
    expect(getMaxParallelUploads({ files: null })).toBe(5);
    expect(getMaxParallelUploads({ files: { chunked_upload: { max_parallel_count: 0 } } })).toBe(5);
    expect(getMaxParallelUploads({ files: { chunked_upload: { max_parallel_count: 2.5 } } })).toBe(5);
    expect(getMaxParallelUploads({ files: { chunked_upload: { max_parallel_count: 'many' } } })).toBe(5);
  });
});
