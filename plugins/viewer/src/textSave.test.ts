import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { editedName, loadText, saveBeside, saveText } from './textSave';

const ORIGIN = 'http://cloud.test';
const FOLDER = '/remote.php/dav/files/alice/Notes';
const URL_ = `${ORIGIN}${FOLDER}/plan.md`;
const request = { requestToken: 'token-1' };

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});
afterAll(() => nock.enableNetConnect());

describe("the text editor's saving", () => {
  it('reads the text with the ETag it was opened at', async () => {
    nock(ORIGIN).get(`${FOLDER}/plan.md`).reply(200, '# Plan', { ETag: '"v1"' });
    await expect(loadText(URL_, request)).resolves.toEqual({ text: '# Plan', etag: '"v1"' });
  });

  it('saves with If-Match of the opened ETag and the CSRF token, and takes the new ETag', async () => {
    nock(ORIGIN, { reqheaders: { 'if-match': '"v1"', requesttoken: 'token-1' } })
      .put(`${FOLDER}/plan.md`, '# Plan\nmore')
      .reply(204, '', { ETag: '"v2"' });
    await expect(saveText(URL_, '# Plan\nmore', '"v1"', request)).resolves.toEqual({ kind: 'saved', etag: '"v2"', url: URL_ });
  });

  it('reports a conflict on 412 (changed elsewhere) and writes nothing', async () => {
    nock(ORIGIN, { reqheaders: { 'if-match': '"v1"' } })
      .put(`${FOLDER}/plan.md`)
      .reply(412, '<d:error xmlns:d="DAV:"><s:message xmlns:s="http://sabredav.org/ns">An If-Match header was specified, but none of the specified ETags matched.</s:message></d:error>');
    await expect(saveText(URL_, 'mine', '"v1"', request)).resolves.toEqual({ kind: 'conflict' });
  });

  it('overwrites without If-Match when the user chooses to', async () => {
    nock(ORIGIN, { badheaders: ['if-match'] })
      .put(`${FOLDER}/plan.md`, 'mine')
      .reply(204, '', { ETag: '"v3"' });
    await expect(saveText(URL_, 'mine', null, request)).resolves.toMatchObject({ kind: 'saved', etag: '"v3"' });
  });

  it('keeps both: saves beside as "name (edited).ext", never replacing a file of that name', async () => {
    nock(ORIGIN, { reqheaders: { 'if-none-match': '*' } })
      .put(`${FOLDER}/plan%20(edited).md`, 'mine')
      .reply(412)
      .put(`${FOLDER}/plan%20(edited%202).md`, 'mine')
      .reply(201, '', { ETag: '"n1"' });
    await expect(saveBeside(URL_, 'plan.md', 'mine', request)).resolves.toEqual({ kind: 'saved', etag: '"n1"', url: `${ORIGIN}${FOLDER}/plan%20(edited%202).md` });
  });

  it('fails with the status for any other answer', async () => {
    nock(ORIGIN).put(`${FOLDER}/plan.md`).reply(507);
    await expect(saveText(URL_, 'mine', '"v1"', request)).rejects.toThrow('Saving failed (HTTP 507)');
  });

  it('names the kept copy after the file', () => {
    expect(editedName('plan.md')).toBe('plan (edited).md');
    expect(editedName('README')).toBe('README (edited)');
    expect(editedName('.bashrc')).toBe('.bashrc (edited)');
    expect(editedName('a.tar.gz', 3)).toBe('a.tar (edited 3).gz');
  });
});
