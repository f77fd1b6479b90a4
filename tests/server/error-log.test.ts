import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { ADMIN, ADMIN_PASSWORD } from './helpers';

/** The JSON lines of a pino log that carry a message. */
function logLines(output: string): { level: number; msg: string; err?: { message?: string; stack?: string }; req?: { method?: string; url?: string } }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"msg"'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe('the log of server errors, with the default settings', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cumulus-error-log-'));
    // `cumulus serve` with request logging off; the disk fails (EIO) below any folder named broken.
    server = await startServerProcess(dataDir, {
      CUMULUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CUMULUS_LOG_REQUESTS: '',
      CUMULUS_TEST_FAIL_DISK_AT: '/broken/',
      NODE_OPTIONS: `--import ${join(dirname(fileURLToPath(import.meta.url)), '../support/failing-disk.mjs')}`,
    });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** Waits for a log line that passes `test` (the line is written once the answer is sent). */
  async function logLine(test: (line: ReturnType<typeof logLines>[number]) => boolean): Promise<ReturnType<typeof logLines>[number] | undefined> {
    for (let i = 0; i < 100; i += 1) {
      const found = logLines(server.stdout()).find(test);
      if (found) return found;
      await new Promise((wake) => setTimeout(wake, 50));
    }
    return undefined;
  }

  it('writes the request line and the error with its stack for a 500', async () => {
    expect((await fetch(`${server.url}/remote.php/dav/files/admin/broken`, { method: 'MKCOL', headers: { authorization: ADMIN } })).status).toBe(201);
    const response = await fetch(`${server.url}/remote.php/dav/files/admin/broken/report%20Q3.txt?x=1`, { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '0' } });
    expect(response.status).toBe(500);
    // The client learns nothing of the internals.
    expect(await response.text()).not.toContain('EIO');
    const line = await logLine((l) => l.msg.includes('/broken/report%20Q3.txt'));
    expect(line).toBeDefined();
    expect(line?.level).toBe(50);
    expect(line?.msg).toBe('PROPFIND /remote.php/dav/files/admin/broken/report%20Q3.txt?x=1 HTTP/1.1 answered 500');
    expect(line?.req).toMatchObject({ method: 'PROPFIND' });
    expect(line?.err?.message).toContain('EIO: i/o error');
    expect(line?.err?.stack).toContain('failing-disk.mjs');
    // No credentials in the log.
    expect(server.stdout()).not.toContain(ADMIN.slice('Basic '.length));
  }, 30_000);

  it('logs the request line of other 5xx answers too, and nothing for ordinary requests', async () => {
    expect((await fetch(`${server.url}/remote.php/dav/files/admin/a.txt`, { method: 'PUT', headers: { authorization: ADMIN }, body: 'a' })).status).toBe(201);
    const response = await fetch(`${server.url}/remote.php/dav/files/admin/a.txt`, { method: 'MOVE', headers: { authorization: ADMIN, destination: 'http://elsewhere.example/remote.php/dav/files/admin/x' } });
    expect(response.status).toBe(502);
    const line = await logLine((l) => l.msg.startsWith('MOVE '));
    expect(line?.msg).toBe('MOVE /remote.php/dav/files/admin/a.txt HTTP/1.1 answered 502');
    expect(line?.err?.stack).toContain('Error');
    const before = logLines(server.stdout()).length;
    expect((await fetch(`${server.url}/remote.php/dav/files/admin/`, { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '0' } })).status).toBe(207);
    expect((await fetch(`${server.url}/status.php`)).status).toBe(200);
    await new Promise((wake) => setTimeout(wake, 200));
    expect(logLines(server.stdout())).toHaveLength(before);
  }, 30_000);
});
