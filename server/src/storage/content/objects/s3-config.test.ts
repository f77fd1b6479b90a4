import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../../../config';
import { loadS3Config } from './s3-config';

const keys = { CUMULUS_S3_ACCESS_KEY_ID: 'key', CUMULUS_S3_SECRET_ACCESS_KEY: 'secret' };

describe('loadS3Config', () => {
  it('is off without a bucket: content stays on the local disk', () => {
    expect(loadS3Config({})).toBeNull();
    expect(loadS3Config({ ...keys, CUMULUS_S3_ENDPOINT: 'http://127.0.0.1:7480' })).toBeNull();
  });

  it('reads an RGW endpoint with path-style addressing by default', () => {
    expect(loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_ENDPOINT: 'http://127.0.0.1:7480/' })).toEqual({
      endpoint: 'http://127.0.0.1:7480',
      bucket: 'cumulus',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('uses virtual-hosted addressing for AWS unless told otherwise, and the given region', () => {
    expect(loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'my.bucket-1', CUMULUS_S3_REGION: 'eu-west-3' })).toMatchObject({ forcePathStyle: false, region: 'eu-west-3' });
    expect(loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_PATH_STYLE: '1' })).toMatchObject({ forcePathStyle: true });
    expect(loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_ENDPOINT: 'https://s3.example.com', CUMULUS_S3_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
  });

  it('refuses missing keys and malformed values, naming the variable', () => {
    expect(() => loadS3Config({ CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      new ConfigError('CUMULUS_S3_ACCESS_KEY_ID must be set when CUMULUS_S3_BUCKET is.'),
    );
    expect(() => loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'Bad_Bucket' })).toThrow(/CUMULUS_S3_BUCKET must be a bucket name/);
    expect(() => loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_ENDPOINT: '127.0.0.1:7480' })).toThrow(/CUMULUS_S3_ENDPOINT must be an http/);
    expect(() => loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_ENDPOINT: 'http://host/path' })).toThrow(/CUMULUS_S3_ENDPOINT/);
    expect(() => loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_PATH_STYLE: 'yes' })).toThrow(/CUMULUS_S3_PATH_STYLE must be 1 or 0/);
  });

  it('reads the timeout and the tries, refusing values that are not numbers in range', () => {
    expect(loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_TIMEOUT: '2.5', CUMULUS_S3_ATTEMPTS: '4' })).toMatchObject({ timeoutMs: 2500, maxAttempts: 4 });
    expect(loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus' })).not.toHaveProperty('timeoutMs');
    expect(() => loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_TIMEOUT: '0' })).toThrow(new ConfigError('CUMULUS_S3_TIMEOUT must be a number of seconds above 0, got "0".'));
    expect(() => loadS3Config({ ...keys, CUMULUS_S3_BUCKET: 'cumulus', CUMULUS_S3_ATTEMPTS: '11' })).toThrow(new ConfigError('CUMULUS_S3_ATTEMPTS must be a whole number from 1 to 10, got "11".'));
  });
});
