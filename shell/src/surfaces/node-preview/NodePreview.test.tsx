/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render } from '@testing-library/react';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { ServicesContext } from '../../ui/ServicesContext';
import type { PublicShare } from '../../services/publicShare';
import { NodePreview } from './NodePreview';
import { noteListScroll, SCROLL_QUIET_MS } from './scrollActivity';

/** The preview image's URL, or null when the MIME icon shows. */
const previewSrc = (container: HTMLElement): string | null => container.querySelector('img.files-preview')?.getAttribute('src') ?? null;

describe('NodePreview', () => {
  it("asks a public link's rows for Nextcloud's public preview by path; a link without downloads and a view-only node show the icon", async () => {
    const { services } = await createFakeServices();
    const share: PublicShare = { token: 'tok', type: 'folder', name: 'S', fileName: 'S', mime: 'httpd/unix-directory', size: 0, mtime: 0, permissions: 1, hideDownload: false, downloadable: true, ownerDisplayName: 'A', note: '' };
    const inPage = (publicShare: PublicShare, node = testNode('/sub/a b.png', { fileid: 7 })) => (
      <ServicesContext.Provider value={{ ...services, publicShare }}>
        <NodePreview node={node} size={32} crop displaySize={32} />
      </ServicesContext.Provider>
    );
    const { container, rerender } = render(inPage(share));
    expect(previewSrc(container)).toMatch(/^\/apps\/files_sharing\/publicpreview\/tok\?file=%2Fsub%2Fa\+b\.png&x=32&y=32&mimeFallback=true/);
    rerender(inPage({ ...share, hideDownload: true }));
    expect(previewSrc(container)).toBeNull();
    const viewOnly = testNode('/v.png', { fileid: 9, attributes: { 'share-attributes': [{ scope: 'permissions', key: 'download', value: false }] } });
    rerender(<NodePreview node={viewOnly} size={32} crop displaySize={32} />);
    expect(previewSrc(container)).toBeNull();
  });

  it("uses the node's own previewUrl attribute with the grid size and crop query", () => {
    const node = testNode('/old.png', { fileid: 5, attributes: { previewUrl: '/apps/files_trashbin/preview?fileId=5', etag: 'abcdef123' } });
    const { container } = render(<NodePreview node={node} size={128} crop={false} displaySize={166} />);
    expect(previewSrc(container)).toBe('/apps/files_trashbin/preview?fileId=5&x=128&y=128&mimeFallback=true&v=abcdef&a=1');
  });

  it('falls back to /core/preview by file id at 32 px, cropped; a folder shows its icon', () => {
    const { container, rerender } = render(<NodePreview node={testNode('/a.png', { fileid: 7 })} size={32} crop displaySize={32} />);
    expect(previewSrc(container)).toBe('/core/preview?fileId=7&x=32&y=32&mimeFallback=true&a=0');
    rerender(<NodePreview node={testFolder('/Docs', { fileid: 8 })} size={32} crop displaySize={32} />);
    expect(previewSrc(container)).toBeNull();
  });

  it('shows a preview without a file id when the node has its own previewUrl', () => {
    const { container } = render(<NodePreview node={testNode('/x.png', { attributes: { previewUrl: '/preview/x' } })} size={32} crop displaySize={32} />);
    expect(previewSrc(container)).toBe('/preview/x?x=32&y=32&mimeFallback=true&a=0');
  });

  it("keeps a failed preview with its image: another node shown in the same place gets its own preview", () => {
    const { container, rerender } = render(<NodePreview node={testNode('/a.png', { fileid: 1 })} size={32} crop displaySize={32} />);
    fireEvent.error(container.querySelector('img.files-preview') as HTMLImageElement);
    expect(previewSrc(container)).toBeNull();
    rerender(<NodePreview node={testNode('/b.png', { fileid: 2 })} size={32} crop displaySize={32} />);
    expect(previewSrc(container)).toContain('fileId=2');
  });

  describe('while the list scrolls', () => {
    afterEach(() => {
      jest.useRealTimers();
    });

    it('holds a preview back in a box of its size until the list is at rest, then loads it', () => {
      jest.useFakeTimers();
      noteListScroll();
      const { container } = render(<NodePreview node={testNode('/a.png', { fileid: 7 })} size={32} crop displaySize={32} />);
      expect(previewSrc(container)).toBeNull();
      const box = container.querySelector<HTMLElement>('.files-preview');
      expect([box?.style.width, box?.style.height]).toEqual(['32px', '32px']);
      // Still scrolling: the wait starts over.
      act(() => jest.advanceTimersByTime(SCROLL_QUIET_MS - 20));
      noteListScroll();
      act(() => jest.advanceTimersByTime(SCROLL_QUIET_MS - 20));
      expect(previewSrc(container)).toBeNull();
      act(() => jest.advanceTimersByTime(20));
      expect(previewSrc(container)).toBe('/core/preview?fileId=7&x=32&y=32&mimeFallback=true&a=0');
    });
  });
});
