import { describe, expect, it } from '@jest/globals';
import { storedChunks, serverMessage } from './dav-xml';
import { uploadErrorFromResponse, uploadErrorMessage } from './errors';

const sabreError = (message: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><s:exception>Sabre\\DAV\\Exception</s:exception><s:message>${message}</s:message></d:error>`;

describe('upload errors (product §8 "Upload")', () => {
  it.each([
    [507, '', 'Not enough free space'],
    [404, sabreError('gone'), 'Target folder does not exist any more'],
    [409, '', 'Target folder does not exist any more'],
    [403, sabreError('blocked'), 'Operation is blocked by access control'],
    [400, sabreError('Name &quot;x&quot; &lt;bad&gt;'), 'Error during upload: Name "x" <bad>'],
    [0, '', 'Unknown error during upload'],
    [500, 'oops', 'Error during upload, status code 500'],
  ])('status %i gives %s', (status, body, text) => {
    expect(uploadErrorMessage(uploadErrorFromResponse('upload', status, body))).toBe(text);
  });

  it('translates through t with the spec strings as keys', () => {
    const t = (key: string, vars?: Record<string, string | number>) => `[${key}|${JSON.stringify(vars ?? {})}]`;
    expect(uploadErrorMessage(uploadErrorFromResponse('chunk', 502), t)).toBe('[Error during upload, status code {status}|{"status":502}]');
    expect(uploadErrorMessage({ code: 'cancelled', stage: 'upload', status: 0, detail: '' }, t)).toBe('[Upload was cancelled by user|{}]');
    expect(uploadErrorMessage({ code: 'mkdir-failed', stage: 'mkdir', status: 403, directory: '/A', detail: '' })).toBe('Unable to create the directory /A');
  });

  it('names the failed step for logs', () => {
    expect(uploadErrorFromResponse('upload', 500).detail).toBe('Failed uploading the file');
    expect(uploadErrorFromResponse('assemble', 500).detail).toBe('Failed assembling the chunks together');
  });
});

describe('WebDAV XML read by the engine', () => {
  it('finds s:message with any prefix, or none', () => {
    expect(serverMessage(sabreError('  Quota exceeded  '))).toBe('Quota exceeded');
    expect(serverMessage('<x:error xmlns:x="DAV:"><o:message xmlns:o="http://sabredav.org/ns">other prefix</o:message></x:error>')).toBe('other prefix');
    expect(serverMessage('<d:error xmlns:d="DAV:"/>')).toBeNull();
    expect(serverMessage('')).toBeNull();
  });

  it('lists a workspace\'s numbered chunks with their sizes, leaving out the folder and anything else', () => {
    const xml =
      '<d:multistatus xmlns:d="DAV:">' +
      '<d:response><d:href>/remote.php/dav/uploads/alice/w/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop></d:propstat></d:response>' +
      '<d:response><d:href>/remote.php/dav/uploads/alice/w/2</d:href><d:propstat><d:prop><d:resourcetype/><d:getcontentlength>5242880</d:getcontentlength></d:prop></d:propstat></d:response>' +
      '<D:response><D:href>/remote.php/dav/uploads/alice/w/10</D:href><D:propstat><D:prop><D:getcontentlength>7</D:getcontentlength></D:prop></D:propstat></D:response>' +
      '<d:response><d:href>/remote.php/dav/uploads/alice/w/.file</d:href><d:propstat><d:prop><d:getcontentlength>1</d:getcontentlength></d:prop></d:propstat></d:response>' +
      '</d:multistatus>';
    expect([...storedChunks(xml)]).toEqual([
      [2, 5242880],
      [10, 7],
    ]);
  });
});
