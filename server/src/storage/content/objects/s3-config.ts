import { createHash } from 'node:crypto';
import { ConfigError } from '../../../config';

/** Where file content lives when it is on S3-compatible object storage. */
export interface S3Config {
  /** The service's URL (`https://s3.example.com`, `http://127.0.0.1:7480` for a local RGW); unset: AWS's own. */
  endpoint?: string;
  /** The bucket holding every object of the installation (created when missing). */
  bucket: string;
  /** The signing region; RGW and MinIO accept any. */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key` (what RGW, MinIO and Ceph need without wildcard DNS). */
  forcePathStyle: boolean;
  /**
   * How long one request may go without a byte either way (and a connection take to open)
   * before it is given up as timed out, in ms; unset: {@link DEFAULT_S3_TIMEOUT_MS}.
   */
  timeoutMs?: number;
  /** Tries of a request that timed out or failed transiently, the first included; unset: {@link DEFAULT_S3_ATTEMPTS}. */
  maxAttempts?: number;
}

/** Default of {@link S3Config.timeoutMs}: a store silent this long is taken for stalled. */
export const DEFAULT_S3_TIMEOUT_MS = 10_000;
/** Default of {@link S3Config.maxAttempts}. */
export const DEFAULT_S3_ATTEMPTS = 3;

/**
 * Reads the object storage settings: none when `CUMULUS_S3_BUCKET` is unset (content on the
 * local disk, the embedded default). With a bucket, the keys are required; a malformed
 * endpoint or flag is an error naming the variable.
 *
 * - `CUMULUS_S3_BUCKET`: the bucket (created when missing);
 * - `CUMULUS_S3_ENDPOINT`: the service's URL, for anything but AWS itself;
 * - `CUMULUS_S3_REGION`: the region (default `us-east-1`);
 * - `CUMULUS_S3_ACCESS_KEY_ID`, `CUMULUS_S3_SECRET_ACCESS_KEY`: the credentials;
 * - `CUMULUS_S3_PATH_STYLE`: `1` (default with an endpoint) or `0` (default for AWS);
 * - `CUMULUS_S3_TIMEOUT`: seconds a request may stay silent before it is given up (default 10);
 * - `CUMULUS_S3_ATTEMPTS`: tries of a request that timed out or failed transiently (default 3).
 */
export function loadS3Config(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  const bucket = env.CUMULUS_S3_BUCKET?.trim();
  if (!bucket) return null;
  // S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`CUMULUS_S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens, got "${bucket}".`);
  }
  const endpoint = env.CUMULUS_S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/i.test(endpoint)) {
    throw new ConfigError(`CUMULUS_S3_ENDPOINT must be an http:// or https:// URL of the service (https://s3.example.com), got "${endpoint}".`);
  }
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new ConfigError(`${name} must be set when CUMULUS_S3_BUCKET is.`);
    return value;
  };
  const pathStyle = env.CUMULUS_S3_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && !['0', '1', 'true', 'false'].includes(pathStyle)) {
    throw new ConfigError(`CUMULUS_S3_PATH_STYLE must be 1 or 0, got "${pathStyle}".`);
  }
  const timeout = env.CUMULUS_S3_TIMEOUT?.trim();
  if (timeout && !(/^\d+(\.\d+)?$/.test(timeout) && Number(timeout) > 0)) {
    throw new ConfigError(`CUMULUS_S3_TIMEOUT must be a number of seconds above 0, got "${timeout}".`);
  }
  const attempts = env.CUMULUS_S3_ATTEMPTS?.trim();
  if (attempts && !(/^\d+$/.test(attempts) && Number(attempts) >= 1 && Number(attempts) <= 10)) {
    throw new ConfigError(`CUMULUS_S3_ATTEMPTS must be a whole number from 1 to 10, got "${attempts}".`);
  }
  return {
    ...(endpoint !== undefined ? { endpoint: endpoint.replace(/\/$/, '') } : {}),
    ...(timeout ? { timeoutMs: Math.round(Number(timeout) * 1000) } : {}),
    ...(attempts ? { maxAttempts: Number(attempts) } : {}),
    bucket,
    region: env.CUMULUS_S3_REGION?.trim() || 'us-east-1',
    accessKeyId: required('CUMULUS_S3_ACCESS_KEY_ID'),
    secretAccessKey: required('CUMULUS_S3_SECRET_ACCESS_KEY'),
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : endpoint !== undefined,
  };
}

/**
 * The test mode on S3: with `CUMULUS_TEST_S3_CONTENT=1` and a throwaway service in
 * `CUMULUS_TEST_S3_*` (`npm run test:s3` starts Ceph RGW and sets them), every server whose
 * content is not configured otherwise keeps it in a bucket of its own, named after its data
 * directory, so a test's servers, restarts and CLI runs meet the same objects and tests never
 * see each other's (like `testDatabaseUrl` for PostgreSQL).
 */
export function testS3Config(dataDir: string, env: NodeJS.ProcessEnv = process.env): S3Config | undefined {
  if (!['1', 'true'].includes(env.CUMULUS_TEST_S3_CONTENT?.trim() ?? '')) return undefined;
  const endpoint = env.CUMULUS_TEST_S3_ENDPOINT?.trim();
  const accessKeyId = env.CUMULUS_TEST_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.CUMULUS_TEST_S3_SECRET_ACCESS_KEY?.trim();
  if (!endpoint || !accessKeyId || !secretAccessKey) throw new ConfigError('CUMULUS_TEST_S3_CONTENT needs CUMULUS_TEST_S3_ENDPOINT and its keys (npm run test:s3 sets them).');
  return {
    endpoint,
    bucket: `cumulus-test-${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`,
    region: env.CUMULUS_TEST_S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: true,
  };
}
