import { describe, expect, it } from '@jest/globals';
import { englishTranslate, validateSidebarTab } from '@cumulus/sdk';
import { testFolder, testNode } from '../../test-support/fakeServices';
import { detailsTab, nodeDetails } from './detailsTab';
import { permissionsInWords } from './permissionsInWords';

describe('the Details tab', () => {
  it('is a valid sidebar tab named Details', () => {
    const tab = detailsTab(englishTranslate);
    expect(validateSidebarTab(tab)).toBeNull();
    expect([tab.id, tab.name]).toEqual(['details', 'Details']);
  });

  it('lists file id, type, size, modified, path, owner, permissions and etag', () => {
    const node = testNode('/Docs/a.txt', { fileid: 9, size: 1572864, mtime: 0, mime: 'text/plain', owner: 'alice', permissions: 31, attributes: { etag: 'e1' } });
    expect(nodeDetails(node, englishTranslate)).toEqual([
      ['File ID', '9'],
      ['Type', 'text/plain'],
      ['Size', '1.5 MB'],
      ['Modified', new Date(0).toLocaleString()],
      ['Path', '/Docs/a.txt'],
      ['Owner', 'alice'],
      ['Permissions', 'Read, Edit, Create, Delete, Share'],
      ['ETag', 'e1'],
    ]);
  });

  it("says Folder for folders and 'Pending' for an unknown size", () => {
    const details = Object.fromEntries(nodeDetails(testFolder('/Docs', { size: -1 }), englishTranslate));
    expect(details['Type']).toBe('Folder');
    expect(details['Size']).toBe('Pending');
  });

  it('names no permission as None', () => {
    expect(permissionsInWords(0, englishTranslate)).toBe('None');
    expect(permissionsInWords(1 | 16, englishTranslate)).toBe('Read, Share');
  });
});
