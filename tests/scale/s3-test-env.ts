import { randomBytes } from 'node:crypto';
import type { S3Config } from '../../server/src/storage/objects/s3-config';

/**
 * The S3 service of `npm run test:s3` (tests/scale/run-on-s3.ts starts Ceph RGW and passes it
 * in `CUMULUS_TEST_S3_*`), with a fresh bucket name so that test files never share objects.
 */
export function s3TestConfig(): S3Config {
  const env = process.env;
  const endpoint = env.CUMULUS_TEST_S3_ENDPOINT;
  const accessKeyId = env.CUMULUS_TEST_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.CUMULUS_TEST_S3_SECRET_ACCESS_KEY;
  if (!endpoint || !accessKeyId || !secretAccessKey) {
    throw new Error('No S3 service for this test: run it through `npm run test:s3 -- <test file>`, which starts Ceph RGW.');
  }
  return {
    endpoint,
    accessKeyId,
    secretAccessKey,
    region: env.CUMULUS_TEST_S3_REGION ?? 'us-east-1',
    bucket: `cumulus-test-${randomBytes(6).toString('hex')}`,
    forcePathStyle: true,
  };
}
