/**
 * A folder's zip download cut at 40 % and resumed with `curl -C -` (a Range request from the
 * bytes already saved) is byte-identical to one uninterrupted download: the archive's layout,
 * length and bytes are the same from request to request, so a browser's or curl's resume works.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '../server/helpers';
import { ADMIN, ADMIN_PASSWORD, request, startTestServer } from '../server/helpers';

let server: TestServer;
let work = '';

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cumulus-archive-resume-'));
  server = await startTestServer();
  await request(server, '/remote.php/dav/files/admin/Album', { method: 'MKCOL', headers: { authorization: ADMIN } });
  for (let i = 0; i < 12; i += 1) {
    await request(server, `/remote.php/dav/files/admin/Album/photo-${i}.jpg`, { method: 'PUT', headers: { authorization: ADMIN }, body: randomBytes(700 * 1024) });
  }
}, 60000);
afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

/** The server runs in this process: its tools must not block the event loop (no execFileSync). */
const run = promisify(execFile);

function sha1(data: Buffer): string {
  return createHash('sha1').update(data).digest('hex');
}

describe('a cut archive download', () => {
  it('is finished by curl -C - and then equals a single download byte for byte', async () => {
    const url = `${server.url}/remote.php/dav/files/admin/Album?accept=zip`;
    const user = `admin:${ADMIN_PASSWORD}`;
    const whole = join(work, 'whole.zip');
    await run('curl', ['-sS', '--fail', '-u', user, '-o', whole, url]);
    const size = (await stat(whole)).size;
    const cutAt = Math.floor(size * 0.4);
    // The cut: curl's output is piped into `head -c`, which closes the pipe after 40 %; curl dies
    // of it mid-transfer, as a download does when the connection drops.
    const partial = join(work, 'partial.zip');
    await new Promise<void>((resolve, reject) => {
      const shell = spawn('sh', ['-c', `curl -sS -u '${user}' '${url}' | head -c ${cutAt} > '${partial}'`], { stdio: 'ignore' });
      shell.on('error', reject);
      shell.on('exit', () => resolve());
    });
    expect((await stat(partial)).size).toBe(cutAt);
    const resumed = (await run('curl', ['-sS', '--fail', '-u', user, '-C', '-', '-o', partial, '-w', '%{http_code}', url], { encoding: 'utf8' })).stdout;
    expect(resumed).toBe('206');
    const [first, second] = [await readFile(whole), await readFile(partial)];
    expect(second.length).toBe(size);
    expect(sha1(second)).toBe(sha1(first));
    expect((await run('unzip', ['-t', partial], { encoding: 'utf8' })).stdout).toContain('No errors detected');
  });
});
