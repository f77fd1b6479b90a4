import { expect } from '@jest/globals';
import type { S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { StorageError } from '../../server/src/errors';
import type { ObjectStore } from '../../server/src/storage/content/objects/object-store';
import type { S3Config } from '../../server/src/storage/content/objects/s3-config';

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

/** The StorageError a promise fails with (the test fails when it resolves or fails otherwise). */
export async function storageFailure(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

/** Every byte of a stream. */
export async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The current content of an object. */
export async function contentOf(store: ObjectStore, key: string): Promise<Buffer> {
  return readAll((await store.open(key)).stream());
}

/** The keys under a prefix, in order. */
export async function keysUnder(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys;
}

/** Hex SHA-256 of some bytes. */
export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** The GetObject requests a client sent while recording: the `Range` header of each ('' for none). */
export interface RecordedGets {
  readonly ranges: string[];
  stop(): void;
}

/** Records the GetObject requests `client` sends from now until `stop`. */
export function recordGets(client: S3Client): RecordedGets {
  const ranges: string[] = [];
  const name = `record-gets-${randomBytes(4).toString('hex')}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'GetObjectCommand') {
        const headers = (args.request as { headers?: Record<string, string> } | undefined)?.headers ?? {};
        const range = Object.entries(headers).find(([header]) => header.toLowerCase() === 'range');
        ranges.push(range?.[1] ?? '');
      }
      return next(args);
    },
    { step: 'finalizeRequest', name },
  );
  return { ranges, stop: () => void client.middlewareStack.remove(name) };
}
