/**
 * Nextcloud's bulk upload (`POST /remote.php/dav/bulk`, capability `dav.bulkupload`):
 * the real desktop client (nextcloudcmd) syncing many small files through it, and
 * hostile or broken requests: a clear 4xx for a broken body, a per-file error for a bad
 * file (wrong MD5, a path out of the user's root, a forbidden name, no parent, no
 * quota), and never a partial or stray file. (Bulk upload is off unless configured:
 * the desktop client before 3.9 cannot send an empty file in it, see config.ts.)
 */
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server';
import { ADMIN_PASSWORD, startTestServer } from './server';
import { hashTree } from './tree';
import { davClient } from './dav-client';

const run = promisify(execFile);
const BOUNDARY = 'boundary_4e0a7c1d2b3f';
const md5 = (content: Buffer | string) => createHash('md5').update(content).digest('hex');

interface Part {
  path: string;
  content: Buffer | string;
  /** Headers replacing or adding to the usual ones (undefined drops one). */
  headers?: Record<string, string | undefined>;
}

/** A multipart/related body as the desktop client sends it. */
function bulkBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const content = Buffer.from(part.content);
    const headers: Record<string, string | undefined> = {
      'X-File-Path': part.path,
      'X-File-MD5': md5(content),
      'X-File-Mtime': '1700000000',
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(content.length),
      ...part.headers,
    };
    const lines = Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [`${name}: ${value}`]));
    pieces.push(Buffer.from(`--${boundary}\r\n${lines.join('\r\n')}\r\n\r\n`), content, Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

type BulkAnswer = Record<string, { error: boolean; message?: string; etag?: string; fileid?: string }>;

describe('bulk upload (POST /remote.php/dav/bulk)', () => {
  let server: TestServer;
  let dav: ReturnType<typeof davClient>;
  let work: string;

  const post = (body: Buffer | string, contentType = `multipart/related; boundary=${BOUNDARY}`, auth = server.auth) =>
    fetch(`${server.url}/remote.php/dav/bulk`, { method: 'POST', headers: { authorization: auth, 'content-type': contentType }, body: typeof body === 'string' ? body : new Uint8Array(body) });
  const adminFile = async (path: string): Promise<string | null> => (await server.stored.read('admin', `/${path}`))?.toString() ?? null;
  const exists = (file: string) => stat(file).then(
    () => true,
    () => false,
  );
  /** Every file of the users' trees (on disk or on S3) and of the temporary area: what a refused request must not change. */
  async function snapshot(): Promise<string[]> {
    const result = (await server.stored.snapshot()).filter((entry) => !entry.endsWith('/'));
    for (const entry of await readdir(join(server.dataDir, 'tmp'), { withFileTypes: true }).catch(() => [])) {
      result.push(`tmp/${entry.name}`);
    }
    return result.sort();
  }

  beforeAll(async () => {
    server = await startTestServer({ bulkUpload: true });
    dav = davClient(server.url, server.auth);
    work = await mkdtemp(join(tmpdir(), 'cumulus-bulk-'));
    expect((await dav('MKCOL', '/remote.php/dav/files/admin/api')).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('is advertised in the capabilities as dav.bulkupload 1.0', async () => {
    const response = await fetch(`${server.url}/ocs/v2.php/cloud/capabilities?format=json`, { headers: { 'ocs-apirequest': 'true' } });
    const body = (await response.json()) as { ocs: { data: { capabilities: { dav: Record<string, unknown> } } } };
    expect(body.ocs.data.capabilities.dav['bulkupload']).toBe('1.0');
  });

  it('nextcloudcmd syncs 150 small files up through it, byte for byte; a second run changes nothing', async () => {
    const local = join(work, 'local');
    // A minute old: the desktop client treats a file modified less than 2 s before it uploads it as still
    // changing and syncs it again next time (a loaded CI machine starts the sync that soon after writing).
    const settled = new Date(Date.now() - 60_000);
    for (let i = 0; i < 150; i += 1) {
      const folder = join(local, `set ${i % 3}`);
      await mkdir(folder, { recursive: true });
      const file = join(folder, `note ${i}.txt`);
      await writeFile(file, Buffer.alloc(1024 + ((i * 331) % 7168), `bulk ${i} `));
      await utimes(file, settled, settled);
    }
    const sync = async () => {
      const { stdout, stderr } = await run('nextcloudcmd', ['--non-interactive', '-u', 'admin', '-p', ADMIN_PASSWORD, '--path', '/synced', local, server.url], {
        env: { ...process.env, HOME: work },
        timeout: 240_000,
        maxBuffer: 256 * 1024 * 1024,
      });
      return stdout + stderr;
    };
    expect((await dav('MKCOL', '/remote.php/dav/files/admin/synced')).status).toBe(201);
    const log = await sync();
    // The client's POSTs to the bulk endpoint, answered 200, and no PUT of a file.
    expect(log).toMatch(/POST of "[^"]*\/remote\.php\/dav\/bulk" "" FINISHED WITH STATUS "OK" QVariant\(int, 200\)/);
    expect(log).not.toMatch(/accessmanager \]:\s+3 "" "[^"]*\/remote\.php\/dav\/files\//);
    const ownFiles = (tree: Map<string, string>) => new Map([...tree].filter(([path]) => !path.startsWith('.sync_') && !path.startsWith('.nextcloudsync')));
    const arrived = await server.stored.hashTree('admin', '/synced');
    expect(arrived.size).toBe(150);
    expect(arrived).toEqual(ownFiles(await hashTree(local)));
    // Right after the first run, the server holds each file with the etag and id its bulk answer gave
    // (what the client recorded); a second write of a file (a request handled twice, say) would show here.
    const answered = new Map([...log.matchAll(/"([^"]+)" file headers QJsonObject\((\{.*\})\)/g)].map(([, file = '', json = '{}']) => [file, JSON.parse(json) as { etag?: string; fileid?: string }]));
    expect(answered.size).toBe(150);
    const onServer = new Map<string, { etag: string; fileid: string }>();
    for (const folder of ['set 0', 'set 1', 'set 2']) {
      const listing = await dav('PROPFIND', `/remote.php/dav/files/admin/synced/${encodeURIComponent(folder)}/`, {
        headers: { depth: '1', 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:getetag/><oc:fileid/></d:prop></d:propfind>',
      });
      for (const [, href = '', etag = '', fileid = ''] of listing.text.matchAll(/<d:href>([^<]+)<\/d:href>[\s\S]*?<d:getetag>&quot;([^&<]*)&quot;<\/d:getetag>[\s\S]*?<oc:fileid>(\d+)<\/oc:fileid>/g)) {
        const name = decodeURIComponent(href.split('/').filter(Boolean).pop() ?? '');
        if (name !== folder) onServer.set(`${folder}/${name}`, { etag, fileid });
      }
    }
    const differing = [...answered].filter(([file, answer]) => onServer.get(file)?.etag !== answer.etag);
    expect({ differing: differing.length, first: differing.slice(0, 3).map(([file, answer]) => ({ file, answered: answer, onServer: onServer.get(file) })) }).toEqual({ differing: 0, first: [] });
    const second = await sync();
    // Anything the second run would change (its discovery's verdict per item, with the direction), with what the
    // client knew of it: the first run's answer for the file and its journal record, and the second run's
    // comparison of journal, disk and server.
    const changed = [...second.matchAll(/Discovered "([^"]*)" CSyncEnums::(CSYNC_INSTRUCTION_\w+) OCC::SyncFileItem::(\w+)/g)].filter(
      ([, , instruction]) => instruction !== 'CSYNC_INSTRUCTION_NONE' && instruction !== 'CSYNC_INSTRUCTION_UPDATE_METADATA',
    );
    const linesAbout = (text: string, file: string, pattern: RegExp) => text.split('\n').filter((line) => line.includes(`"${file}"`) && pattern.test(line));
    // The second run's comparison first (etags and ids of journal and server: what a CI log's head shows), then the story.
    const compared = (file: string) => linesAbout(second, file, /Processing/).map((line) => / \| etag: [^|]*\| checksum: [^|]*\| perm: [^|]*\| fileid: [^|]*/.exec(line)?.[0] ?? line);
    const details = changed.map(([, file = '', instruction, direction]) => ({
      file,
      instruction,
      direction,
      compared: compared(file),
      firstRun: linesAbout(log, file, /file headers|Updating file record/),
      secondRun: linesAbout(second, file, /Processing/),
    }));
    // The count, and the whole story of the first three (a CI log shows only part of a long failure).
    expect({ count: details.length, first: details.slice(0, 3) }).toEqual({ count: 0, first: [] });
  }, 300_000);

  it('stores each file of a request and answers its etag and file id, with the mtime set', async () => {
    const response = await post(bulkBody([{ path: '/api/one.txt', content: 'first file' }, { path: '/api/two.txt', content: Buffer.alloc(5000, 7) }]));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as BulkAnswer;
    expect(answer['/api/one.txt']).toMatchObject({ error: false, etag: expect.stringMatching(/\S/), fileid: expect.stringMatching(/^\d{8}oc/) });
    expect(answer['/api/two.txt']?.error).toBe(false);
    expect(await adminFile('api/one.txt')).toBe('first file');
    expect(await server.stored.mtime('admin', '/api/two.txt')).toBe(1_700_000_000);
    const propfind = await dav('PROPFIND', '/remote.php/dav/files/admin/api/one.txt', {
      headers: { depth: '0', 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:id/></d:prop></d:propfind>',
    });
    expect(propfind.text).toContain(answer['/api/one.txt']?.fileid);
  });

  it('refuses a file whose X-File-MD5 does not match, storing nothing of it; the other files go on', async () => {
    const before = await snapshot();
    const response = await post(
      bulkBody([
        { path: '/api/wrong.txt', content: 'tampered', headers: { 'X-File-MD5': md5('original') } },
        { path: '/api/fine.txt', content: 'fine' },
      ]),
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as BulkAnswer;
    expect(answer['/api/wrong.txt']).toEqual({ error: true, message: 'The computed checksum does not match the one received from the client.' });
    expect(answer['/api/fine.txt']?.error).toBe(false);
    expect(await adminFile('api/wrong.txt')).toBeNull();
    expect(await snapshot()).toEqual([...before, 'admin/api/fine.txt 4'].sort());
  });

  it('refuses paths out of the user root, forbidden names and missing parents per file, writing nothing', async () => {
    await mkdir(join(server.dataDir, 'secret'), { recursive: true });
    const before = await snapshot();
    const bad = ['/../../secret/evil.txt', '/api/../../../evil.txt', '/api/./x.txt', '/api/.htaccess', '/api/nul\u0000.txt', '/no such folder/x.txt', '/', '/api'];
    const response = await post(bulkBody(bad.map((path) => ({ path, content: 'evil' }))));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as BulkAnswer;
    for (const path of bad) {
      expect(answer[path]?.error).toBe(true);
      expect(answer[path]?.message).toMatch(/\S/);
    }
    expect(await snapshot()).toEqual(before);
    expect(await exists(join(server.dataDir, 'secret', 'evil.txt'))).toBe(false);
    expect(await exists(join(server.dataDir, 'evil.txt'))).toBe(false);
  });

  it('refuses a file over the quota per file, storing nothing of it', async () => {
    const auth = await server.addUser('tight', 'tight-password-1', 3000);
    const response = await post(
      bulkBody([
        { path: '/small.txt', content: 'fits' },
        { path: '/big.bin', content: Buffer.alloc(4000, 1) },
      ]),
      undefined,
      auth,
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as BulkAnswer;
    expect(answer['/small.txt']?.error).toBe(false);
    expect(answer['/big.bin']).toEqual({ error: true, message: 'Insufficient space in the user storage' });
    expect(await server.stored.read('tight', '/big.bin')).toBeNull();
  });

  it('answers a broken request with a clear 400 and stores nothing of the broken part', async () => {
    const before = await snapshot();
    const good = bulkBody([{ path: '/api/never.txt', content: 'never' }]);
    const cases: [string, Buffer | string, string?][] = [
      ['not multipart/related', good, 'multipart/form-data; boundary=' + BOUNDARY],
      ['no boundary', good, 'multipart/related'],
      ['no boundary at the start', `garbage\r\n${good.toString('latin1')}`],
      ['a header line without a colon', `--${BOUNDARY}\r\nX-File-Path /api/never.txt\r\n\r\nnever\r\n--${BOUNDARY}--\r\n`],
      ['no Content-Length', bulkBody([{ path: '/api/never.txt', content: 'never', headers: { 'Content-Length': undefined } }])],
      ['a Content-Length that is no number', bulkBody([{ path: '/api/never.txt', content: 'never', headers: { 'Content-Length': '-5' } }])],
      ['no X-File-Path', bulkBody([{ path: '/api/never.txt', content: 'never', headers: { 'X-File-Path': undefined } }])],
      ['no X-File-MD5', bulkBody([{ path: '/api/never.txt', content: 'never', headers: { 'X-File-MD5': undefined } }])],
      ['a body shorter than its Content-Length', bulkBody([{ path: '/api/never.txt', content: 'never', headers: { 'Content-Length': '500' } }]).subarray(0, 200)],
      ['a part longer than its Content-Length', bulkBody([{ path: '/api/never.txt', content: 'never', headers: { 'Content-Length': '3' } }])],
    ];
    for (const [name, body, contentType] of cases) {
      const response = await post(body, contentType);
      const text = await response.text();
      expect([name, response.status]).toEqual([name, 400]);
      expect([name, /<s:message>[^<]+<\/s:message>/.test(text)]).toEqual([name, true]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stores the whole files before a part that breaks the body (or a missing closing boundary), and none of the broken one', async () => {
    const unclosed = bulkBody([{ path: '/api/unclosed.txt', content: 'whole' }]);
    expect((await post(unclosed.subarray(0, unclosed.length - `--${BOUNDARY}--\r\n`.length))).status).toBe(400);
    expect(await adminFile('api/unclosed.txt')).toBe('whole');
    const body = Buffer.concat([
      bulkBody([{ path: '/api/before.txt', content: 'complete' }]).subarray(0, -`--${BOUNDARY}--\r\n`.length),
      Buffer.from(`--${BOUNDARY}\r\nX-File-Path: /api/cut.txt\r\nX-File-MD5: ${md5('x'.repeat(100))}\r\nContent-Length: 100\r\n\r\nxxxx`),
    ]);
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await adminFile('api/before.txt')).toBe('complete');
    expect(await adminFile('api/cut.txt')).toBeNull();
    expect(await readdir(join(server.dataDir, 'tmp')).catch(() => [])).toEqual([]);
  });

  it('answers other methods with 405, and anonymous requests with 401', async () => {
    expect((await fetch(`${server.url}/remote.php/dav/bulk`, { method: 'PUT', headers: { authorization: server.auth }, body: 'x' })).status).toBe(405);
    expect((await fetch(`${server.url}/remote.php/dav/bulk`, { method: 'POST', headers: { 'content-type': `multipart/related; boundary=${BOUNDARY}` }, body: 'x' })).status).toBe(401);
  });
});
