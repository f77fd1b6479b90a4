import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server';
import { ADMIN_PASSWORD, startTestServer } from './server';
import { litmusSummaries } from './litmus-summary';

const run = promisify(execFile);

describe('litmus WebDAV suite against /remote.php/dav/files/admin/', () => {
  let server: TestServer;
  let workDir: string;
  beforeAll(async () => {
    server = await startTestServer();
    workDir = await mkdtemp(join(tmpdir(), 'cumulus-litmus-'));
  });
  afterAll(async () => {
    await server?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('passes every test of basic, copymove, props, locks and http', async () => {
    let output: string;
    try {
      // litmus writes debug.log into its working directory.
      const result = await run('litmus', [server.davRoot, 'admin', ADMIN_PASSWORD], { cwd: workDir, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
      output = result.stdout + result.stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    const summaries = litmusSummaries(output);
    const lines = [...summaries].map(([suite, s]) => `${suite}: ${s.passed}/${s.run} passed, ${s.failed} failed`).join('\n');
    const failures = output.split('\n').filter((line) => /FAIL|WARNING/.test(line)).join('\n');
    expect({ summary: lines, failures }).toEqual({
      summary: ['basic: 16/16 passed, 0 failed', 'copymove: 13/13 passed, 0 failed', 'props: 30/30 passed, 0 failed', 'locks: 41/41 passed, 0 failed', 'http: 4/4 passed, 0 failed'].join('\n'),
      failures: '',
    });
  }, 180_000);
});
