/** @jest-environment node */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { createFilesApi, parseStats } from './filesApi';

const ORIGIN = 'http://127.0.0.1:18998';

describe('FilesApi', () => {
  beforeAll(() => {
    nock.disableNetConnect();
  });
  afterEach(() => {
    nock.cleanAll();
  });
  // nock patches node's shared http and fetch; a test file after this one in the
  // same jest worker must get them back unpatched and allowed to connect.
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
  const api = () => createFilesApi({ origin: ORIGIN, requestToken: 'tok3n' });

  it('reads the storage stats from data', async () => {
    nock(ORIGIN, { reqheaders: { requesttoken: 'tok3n' } })
      .get('/apps/files/api/v1/stats')
      .reply(200, { message: 'ok', data: { used: 10, quota: -3, free: 90, relative: 10, total: 100 } });
    await expect(api().getStats()).resolves.toEqual({ used: 10, quota: -3, free: 90, relative: 10 });
  });

  it('refuses invalid stats as an error', async () => {
    nock(ORIGIN).get('/apps/files/api/v1/stats').reply(200, { message: 'ok', data: { used: 'lots' } });
    await expect(api().getStats()).rejects.toThrow('Invalid storage stats');
    expect(() => parseStats(null)).toThrow('Invalid storage stats');
  });

  it('fails with the HTTP status', async () => {
    nock(ORIGIN).get('/apps/files/api/v1/configs').reply(503, 'down');
    await expect(api().getUserConfig()).rejects.toMatchObject({ status: 503, code: 'api-error' });
  });

  it('reads the user config and writes one key with PUT {value}', async () => {
    nock(ORIGIN).get('/apps/files/api/v1/configs').reply(200, { data: { grid_view: true, crop_image_previews: false, junk: 'x' } });
    await expect(api().getUserConfig()).resolves.toEqual({ grid_view: true, crop_image_previews: false });
    const put = nock(ORIGIN, { reqheaders: { requesttoken: 'tok3n', 'content-type': 'application/json' } })
      .put('/apps/files/api/v1/config/grid_view', { value: true })
      .reply(200, { message: 'ok' });
    await api().setUserConfig('grid_view', true);
    put.done();
  });

  it('reads the view configs and writes one with PUT {value, view, key}', async () => {
    nock(ORIGIN)
      .get('/apps/files/api/v1/views')
      .reply(200, { data: { files: { sorting_mode: 'size', sorting_direction: 'desc', expanded: true }, bad: 3 } });
    await expect(api().getViewConfigs()).resolves.toEqual({ files: { sorting_mode: 'size', sorting_direction: 'desc', expanded: true } });
    const put = nock(ORIGIN).put('/apps/files/api/v1/views', { value: 'mtime', view: 'files', key: 'sorting_mode' }).reply(200, {});
    await api().setViewConfig('files', 'sorting_mode', 'mtime');
    put.done();
  });

  it('reads capabilities and the user through OCS with OCS-APIRequest', async () => {
    nock(ORIGIN, { reqheaders: { 'ocs-apirequest': 'true' } })
      .get('/ocs/v2.php/cloud/capabilities')
      .query({ format: 'json' })
      .reply(200, {
        ocs: { meta: {}, data: { capabilities: { files: { chunked_upload: { max_parallel_count: 4, max_size: 1000 }, forbidden_filename_characters: ['/', '\\'] } } } },
      })
      .get('/ocs/v2.php/cloud/user')
      .query({ format: 'json' })
      .reply(200, { ocs: { meta: {}, data: { id: 'alice', 'display-name': 'Alice A.' } } });
    await expect(api().getCapabilities()).resolves.toMatchObject({ maxParallelUploads: 4, maxChunkSize: 1000, forbiddenCharacters: ['/', '\\'] });
    await expect(api().getUser()).resolves.toEqual({ id: 'alice', displayName: 'Alice A.' });
  });
});
