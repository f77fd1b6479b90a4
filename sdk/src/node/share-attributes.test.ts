import { describe, expect, it } from '@jest/globals';
import { createNode } from './create-node';
import { isDownloadable, parseShareAttributes } from './share-attributes';
import type { NodeAttributes } from './types';

const node = (attributes: NodeAttributes) =>
  createNode({ source: 'https://cloud.example/remote.php/dav/files/alice/a.txt', root: '/files/alice', type: 'file', attributes });

describe('parseShareAttributes', () => {
  it('reads the JSON list', () => {
    expect(parseShareAttributes('[{"scope":"permissions","key":"download","value":false}]')).toEqual([
      { scope: 'permissions', key: 'download', value: false },
    ]);
  });
  it('gives [] for bad JSON, non-lists and nothing', () => {
    expect(parseShareAttributes('{not json')).toEqual([]);
    expect(parseShareAttributes('{"scope":"permissions"}')).toEqual([]);
    expect(parseShareAttributes('null')).toEqual([]);
    expect(parseShareAttributes('')).toEqual([]);
    expect(parseShareAttributes(undefined)).toEqual([]);
  });
  it('drops entries without a string scope and key, and reads the older enabled field', () => {
    expect(parseShareAttributes('[1, {"scope":"permissions"}, {"scope":"permissions","key":"download","enabled":false}]')).toEqual([
      { scope: 'permissions', key: 'download', value: false },
    ]);
  });
});

describe('isDownloadable', () => {
  it('is true without share attributes', () => {
    expect(isDownloadable(node({}))).toBe(true);
  });
  it('is false when scope permissions, key download has value false', () => {
    expect(isDownloadable(node({ 'share-attributes': [{ scope: 'permissions', key: 'download', value: false }] }))).toBe(false);
  });
  it('is true when the download attribute is true or another attribute is false', () => {
    expect(isDownloadable(node({ 'share-attributes': [{ scope: 'permissions', key: 'download', value: true }] }))).toBe(true);
    expect(isDownloadable(node({ 'share-attributes': [{ scope: 'other', key: 'download', value: false }] }))).toBe(true);
    expect(isDownloadable(node({ 'share-attributes': [{ scope: 'permissions', key: 'edit', value: false }] }))).toBe(true);
  });
  it('also reads attributes still stored as the JSON string', () => {
    const raw = '[{"scope":"permissions","key":"download","value":false}]' as unknown as NodeAttributes['share-attributes'];
    expect(isDownloadable(node({ 'share-attributes': raw }))).toBe(false);
  });
});
