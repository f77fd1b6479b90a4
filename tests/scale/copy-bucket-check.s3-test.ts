import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/app';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { runCli } from './copy-support';
import { s3TestConfig } from './s3-test-support';

/**
 * `cumulus db:copy --content-to-s3 BUCKET` checks the bucket before it writes anything (issue
 * 35, item 6): a missing bucket, keys that may not use it and an endpoint where no S3 service
 * answers are each refused with the reason, the bucket not created and no target database
 * written (before: `Error: UnknownError`, after the target's tables were made). Run by
 * `npm run test:s3`.
 */
const PASSWORD = 'admin-password';
const TEST_MODES = ['CUMULUS_TEST_S3_CONTENT', 'CUMULUS_TEST_POSTGRES', 'CUMULUS_TEST_BALANCED'] as const;
const savedModes = new Map(TEST_MODES.map((name) => [name, process.env[name]]));
const s3 = s3TestConfig();
const store = new S3ObjectStore(s3);
let root: string;
let dataDir: string;

beforeAll(async () => {
  // The source is an embedded installation (SQLite and its data directory), not the test mode's bucket.
  for (const name of TEST_MODES) delete process.env[name];
  root = await mkdtemp(join(tmpdir(), 'cumulus-copy-bucket-'));
  dataDir = join(root, 'source');
  const server = await startServer({ dataDir, port: 0, adminPassword: PASSWORD });
  try {
    const put = await fetch(`${server.url}/remote.php/dav/files/admin/kept.txt`, {
      method: 'PUT',
      headers: { Authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
      body: 'kept',
    });
    expect(put.status).toBe(201);
  } finally {
    await server.close();
  }
}, 60_000);
afterAll(async () => {
  for (const [name, value] of savedModes) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  store.destroy();
  await rm(root, { recursive: true, force: true });
});

const env = (overrides: Record<string, string> = {}): Record<string, string> => ({
  CUMULUS_S3_ENDPOINT: s3.endpoint ?? '',
  CUMULUS_S3_REGION: s3.region,
  CUMULUS_S3_ACCESS_KEY_ID: s3.accessKeyId,
  CUMULUS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  CUMULUS_S3_ATTEMPTS: '1',
  ...overrides,
});

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

describe('db:copy --content-to-s3 checks the bucket first', () => {
  it('refuses a missing bucket, wrong keys and a dead endpoint with the reason, writing nothing', async () => {
    const target = join(root, 'target.sqlite');
    const missing = await runCli(dataDir, ['db:copy', target, '--content-to-s3', s3.bucket], env());
    expect(missing.code).toBe(1);
    expect(missing.err.trim()).toBe(`Error: Target: The bucket ${s3.bucket} does not exist at ${s3.endpoint} (404): create it first, or check its name. Nothing was copied.`);
    expect(await store.problem()).toMatch(/does not exist/);
    expect(await exists(target)).toBe(false);

    const denied = await runCli(dataDir, ['db:copy', target, '--content-to-s3', s3.bucket], env({ CUMULUS_S3_SECRET_ACCESS_KEY: 'not-the-secret' }));
    expect(denied.code).toBe(1);
    expect(denied.err).toContain(`The keys may not use the bucket ${s3.bucket} at ${s3.endpoint} (403)`);
    expect(await exists(target)).toBe(false);

    const dead = await runCli(dataDir, ['db:copy', target, '--content-to-s3', s3.bucket], env({ CUMULUS_S3_ENDPOINT: 'http://127.0.0.1:9' }));
    expect(dead.code).toBe(1);
    expect(dead.err).toContain('No S3 service answers at http://127.0.0.1:9 (');
    expect(dead.err).toContain('check CUMULUS_S3_ENDPOINT');
    expect(await exists(target)).toBe(false);

    // Created, the same command copies.
    await store.ensureReady();
    const copied = await runCli(dataDir, ['db:copy', target, '--content-to-s3', s3.bucket], env());
    expect([copied.code, copied.err]).toEqual([0, '']);
    expect(copied.out).toContain('content: 1 files, 4 bytes');
  }, 60_000);
});
