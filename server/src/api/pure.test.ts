import { describe, expect, it } from '@jest/globals';
import { capabilities } from './capabilities';
import { iconKindOf, mimeIconSvg } from './mime-icons';
import { toOcsXml } from './ocs';
import { parsePreviewQuery } from './preview';
import { SPACE_UNLIMITED, computeStats } from './storage-stats';
import { USER_CONFIG_DEFAULTS, parseUserConfig, parseViewConfig } from './user-config';

describe('storage stats', () => {
  it('uses the quota as total and reports the percent used', () => {
    expect(computeStats(250, 1000, 10 ** 9)).toEqual({ used: 250, quota: 1000, free: 750, total: 1000, relative: 25 });
  });
  it('never reports more free than the disk has, nor less than 0', () => {
    expect(computeStats(250, 1000, 100).free).toBe(100);
    expect(computeStats(1500, 1000, 100)).toMatchObject({ free: 0, relative: 100 });
  });
  it('reports a negative quota and the disk as total when unlimited', () => {
    expect(computeStats(100, -1, 300)).toEqual({ used: 100, quota: SPACE_UNLIMITED, free: 300, total: 400, relative: 25 });
  });
});

describe('user and view config', () => {
  it('has the spec defaults', () => {
    expect(USER_CONFIG_DEFAULTS).toEqual({ show_hidden: false, crop_image_previews: true, sort_favorites_first: true, sort_folders_first: true, grid_view: false, folder_tree: true });
  });
  it('accepts booleans and their string forms, refuses the rest', () => {
    expect(parseUserConfig('grid_view', 'true')).toBe(true);
    expect(parseUserConfig('grid_view', false)).toBe(false);
    expect(() => parseUserConfig('grid_view', 'yes please')).toThrow('Invalid value for "grid_view": expected true or false.');
    expect(() => parseUserConfig('toString', true)).toThrow('Unknown config key "toString".');
  });
  it('checks view keys', () => {
    expect(parseViewConfig('sorting_direction', 'desc')).toBe('desc');
    expect(parseViewConfig('sorting_mode', 'mtime')).toBe('mtime');
    expect(parseViewConfig('expanded', 'false')).toBe(false);
    expect(() => parseViewConfig('sorting_direction', 'up')).toThrow('expected "asc" or "desc"');
    expect(() => parseViewConfig('colour', 'red')).toThrow('Unknown view config key "colour".');
  });
});

describe('preview queries', () => {
  it('defaults to 32 px, cropped, without fallback', () => {
    expect(parsePreviewQuery({ fileId: '7' })).toEqual({ fileId: 7, x: 32, y: 32, keepAspect: false, mimeFallback: false });
    expect(parsePreviewQuery({ fileId: '7', x: '128', y: '128', a: '1', mimeFallback: 'true', v: 'abcdef' })).toEqual({ fileId: 7, x: 128, y: 128, keepAspect: true, mimeFallback: true });
  });
  it('refuses bad ids and sizes', () => {
    expect(() => parsePreviewQuery({})).toThrow('"fileId" must be a positive whole number.');
    expect(() => parsePreviewQuery({ fileId: '7', x: '4097' })).toThrow('"x" must be a whole number of pixels from 1 to 4096.');
  });
});

describe('OCS and capabilities', () => {
  it('serialises lists as element and booleans as 1 or empty', () => {
    expect(toOcsXml({ a: [1, 'x<'], b: true, c: false, 'd-e': null })).toBe('<a><element>1</element><element>x&#60;</element></a><b>1</b><c></c><d-e></d-e>');
  });
  it('advertises chunking 1.0, and bulk upload 1.0 only when it is on', () => {
    const caps = capabilities(100) as { capabilities: { dav: Record<string, unknown> } };
    expect(caps.capabilities.dav).toEqual({ chunking: '1.0', search_supports_upload_time: true, search_supports_last_activity: true });
    expect(caps.capabilities.dav).not.toHaveProperty('bulkupload');
    const withBulk = capabilities(100, undefined, { bulkUpload: true }) as { capabilities: { dav: Record<string, unknown> } };
    expect(withBulk.capabilities.dav).toEqual({ bulkupload: '1.0', chunking: '1.0', search_supports_upload_time: true, search_supports_last_activity: true });
  });
});

describe('mime icons', () => {
  it('groups mime types', () => {
    expect(iconKindOf('httpd/unix-directory')).toBe('folder');
    expect(iconKindOf('image/heic')).toBe('image');
    expect(iconKindOf('application/pdf')).toBe('pdf');
    expect(iconKindOf('application/zip')).toBe('archive');
    expect(iconKindOf('application/x-unknown')).toBe('file');
    expect(mimeIconSvg('text/plain')).toContain('aria-label="text"');
  });
});
