import { describe, expect, it } from '@jest/globals';
import { THUMBNAIL_SIZE_GRID, THUMBNAIL_SIZE_LIST, nodePreviewUrl, previewUrl } from './preview-url';

describe('previewUrl', () => {
  it('uses 32 px thumbnails in the list and 128 px in the grid', () => {
    expect(THUMBNAIL_SIZE_LIST).toBe(32);
    expect(THUMBNAIL_SIZE_GRID).toBe(128);
  });
  it('builds the list preview URL with the first 6 ETag characters, cropped', () => {
    expect(previewUrl(42, '5f3a9b1c2d', { size: 32, crop: true })).toBe(
      '/core/preview?fileId=42&x=32&y=32&mimeFallback=true&v=5f3a9b&a=0',
    );
  });
  it('asks for the uncropped grid preview with a=1', () => {
    expect(previewUrl(7, 'abcdefgh', { size: 128, crop: false })).toBe(
      '/core/preview?fileId=7&x=128&y=128&mimeFallback=true&v=abcdef&a=1',
    );
  });
  it('leaves v out without an ETag and honours a root prefix', () => {
    expect(previewUrl(7, undefined, { size: 32, crop: true, root: '/index.php/' })).toBe(
      '/index.php/core/preview?fileId=7&x=32&y=32&mimeFallback=true&a=0',
    );
  });
});

describe('nodePreviewUrl', () => {
  it("uses the node's own previewUrl attribute first, with the size, crop and ETag query", () => {
    const node = { fileid: 9, attributes: { previewUrl: '/apps/files_trashbin/preview?fileId=9&file=a.png', etag: '0123456789' } };
    expect(nodePreviewUrl(node, { size: 128, crop: false })).toBe(
      '/apps/files_trashbin/preview?fileId=9&file=a.png&x=128&y=128&mimeFallback=true&v=012345&a=1',
    );
    expect(nodePreviewUrl({ attributes: { previewUrl: 'https://cdn.test/p.png?x=64#top' } }, { size: 32, crop: true })).toBe(
      'https://cdn.test/p.png?x=32&y=32&mimeFallback=true&a=0#top',
    );
  });
  it('keeps a data: or blob: preview as it is', () => {
    expect(nodePreviewUrl({ attributes: { previewUrl: 'data:image/png;base64,AAAA' } }, { size: 32, crop: true })).toBe('data:image/png;base64,AAAA');
  });
  it('falls back to /core/preview by file id, and to nothing without one', () => {
    expect(nodePreviewUrl({ fileid: 42, attributes: { etag: '5f3a9b1c2d' } }, { size: 32, crop: true })).toBe(
      '/core/preview?fileId=42&x=32&y=32&mimeFallback=true&v=5f3a9b&a=0',
    );
    expect(nodePreviewUrl({ attributes: { previewUrl: '' } }, { size: 32, crop: true })).toBeUndefined();
  });
});
