import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CHUNK_SIZE, MAX_CHUNKS, MIN_CHUNK_SIZE, chunkCount, chunkRange, getChunkSize, shouldChunk } from './chunking';

const MiB = 1024 * 1024;

describe('chunking constants', () => {
  it('defaults to 10485760, never goes under 5242880, and allows 10000 chunks', () => {
    expect(DEFAULT_CHUNK_SIZE).toBe(10485760);
    expect(MIN_CHUNK_SIZE).toBe(5242880);
    expect(MAX_CHUNKS).toBe(10000);
  });
});

describe('getChunkSize', () => {
  it('uses the configured max_chunk_size', () => {
    expect(getChunkSize(20 * MiB)).toBe(20 * MiB);
    expect(getChunkSize('20971520')).toBe(20 * MiB);
  });
  it('disables chunking at 0 or less', () => {
    expect(getChunkSize(0)).toBe(0);
    expect(getChunkSize(-1)).toBe(0);
    expect(getChunkSize('0')).toBe(0);
  });
  it('defaults to 10485760 for an invalid value', () => {
    expect(getChunkSize(undefined)).toBe(10485760);
    expect(getChunkSize(null)).toBe(10485760);
    expect(getChunkSize('lots')).toBe(10485760);
    expect(getChunkSize('')).toBe(10485760);
    expect(getChunkSize(Number.NaN)).toBe(10485760);
    expect(getChunkSize(Infinity)).toBe(10485760);
    expect(getChunkSize({})).toBe(10485760);
  });
  it('raises a configured value to the 5242880 minimum', () => {
    expect(getChunkSize(1024)).toBe(5242880);
  });
  it('grows the chunk so a file fits in 10000 chunks', () => {
    const huge = 200 * 1024 * MiB;
    expect(getChunkSize(10 * MiB, huge)).toBe(Math.ceil(huge / 10000));
    expect(chunkCount(huge, getChunkSize(10 * MiB, huge))).toBe(10000);
    expect(getChunkSize(10 * MiB, 50 * MiB)).toBe(10 * MiB);
  });
});

describe('shouldChunk', () => {
  it('sends a file smaller than the chunk size in one request', () => {
    expect(shouldChunk(10 * MiB - 1, 10 * MiB, false)).toBe(false);
    expect(shouldChunk(10 * MiB, 10 * MiB, false)).toBe(true);
    expect(shouldChunk(30 * MiB, 10 * MiB, false)).toBe(true);
  });
  it('never chunks in public mode or with chunking disabled', () => {
    expect(shouldChunk(300 * MiB, 10 * MiB, true)).toBe(false);
    expect(shouldChunk(300 * MiB, 0, false)).toBe(false);
  });
});

describe('chunkCount and chunkRange', () => {
  it('counts the chunks, the last one possibly short', () => {
    expect(chunkCount(25 * MiB, 10 * MiB)).toBe(3);
    expect(chunkCount(20 * MiB, 10 * MiB)).toBe(2);
    expect(chunkCount(5, 0)).toBe(1);
    expect(chunkCount(0, 10 * MiB)).toBe(1);
  });
  it('gives each chunk its byte range, numbered from 1', () => {
    expect(chunkRange(1, 25, 10)).toEqual({ start: 0, end: 10 });
    expect(chunkRange(3, 25, 10)).toEqual({ start: 20, end: 25 });
  });
});
