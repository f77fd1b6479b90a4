/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { MAX_DRAG_PREVIEWS } from '../../lib/engine';
import { testFolder, testNode } from '../../test-support/fakeServices';
import { createDragImage } from './dragImage';

describe('createDragImage', () => {
  it('shows at most 3 previews and the number of dragged nodes', () => {
    const nodes = [testFolder('/A'), testNode('/b.txt', { fileid: 2 }), testNode('/c.txt', { fileid: 3 }), testNode('/d.txt', { fileid: 4 }), testNode('/e.txt', { fileid: 5 })];
    const image = createDragImage(nodes);
    expect(MAX_DRAG_PREVIEWS).toBe(3);
    expect(image.querySelectorAll('.files-drag-image__preview')).toHaveLength(3);
    expect(image.querySelector('.files-drag-image__count')?.textContent).toBe('5');
    // A file with a file id shows its 32 px preview; a folder its icon.
    const [folder, file] = Array.from(image.querySelectorAll('img'));
    expect(folder?.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(file?.getAttribute('src')).toContain('/core/preview?fileId=2');
  });

  it('crops the previews only when crop_image_previews is on (preview query a=0 crops, a=1 does not)', () => {
    const file = testNode('/b.txt', { fileid: 2 });
    expect(createDragImage([file], { crop: false }).querySelector('img')?.getAttribute('src')).toContain('a=1');
    expect(createDragImage([file], { crop: true }).querySelector('img')?.getAttribute('src')).toContain('a=0');
  });

  it('shows one preview for one node', () => {
    const image = createDragImage([testNode('/b.txt')]);
    expect(image.querySelectorAll('.files-drag-image__preview')).toHaveLength(1);
    expect(image.querySelector('.files-drag-image__count')?.textContent).toBe('1');
  });

  it("uses a node's own preview URL, as the rows do (a trashed file's preview lives elsewhere)", () => {
    const file = testNode('/b.txt', { fileid: 2, attributes: { previewUrl: '/apps/trash/preview?id=7', etag: 'abcdef123' } });
    const src = createDragImage([file]).querySelector('img')?.getAttribute('src') ?? '';
    expect(src.startsWith('/apps/trash/preview?id=7&')).toBe(true);
    expect(src).toContain('x=32');
    expect(src).toContain('v=abcdef');
  });
});
