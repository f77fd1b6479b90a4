import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config';
import { documentedKeys, documentedSettings, serveHelp } from './serve-help';

describe('cumulus serve --help', () => {
  it('documents every environment setting the configuration reads', async () => {
    // The settings of content on S3 are read by their own loader; the test mode's (CUMULUS_TEST_*) are no operator's, and `CUMULUS_S3_*` in a comment is no name.
    const sources = await Promise.all(['../config.ts', '../storage/content/objects/s3-config.ts'].map((file) => readFile(new URL(file, import.meta.url), 'utf8')));
    const read = new Set(sources.flatMap((source) => [...source.matchAll(/\b(CUMULUS_[A-Z0-9_]+|PORT)\b/g)].map((match) => match[1] ?? '')).filter((name) => !name.startsWith('CUMULUS_TEST_') && !name.endsWith('_')));
    expect(read.size).toBeGreaterThan(15);
    const help = serveHelp('serve');
    for (const name of read) expect(help).toMatch(new RegExp(`^  ${name} \\(key [a-zA-Z0-9.]+, default .+\\)$`, 'm'));
    expect(new Set(documentedSettings())).toEqual(read);
  });

  it('names, for each setting, the configuration key it sets', () => {
    // Every setting given a value, so that each optional key exists.
    const config = loadConfig({
      CUMULUS_ADMIN_PASSWORD: 'x',
      CUMULUS_DATABASE_URL: 'postgres://u:p@db:5432/cumulus',
      CUMULUS_PLUGINS_CONFIG: 'plugins.json',
      CUMULUS_S3_BUCKET: 'cumulus-files',
      CUMULUS_S3_ENDPOINT: 'http://127.0.0.1:7480',
      CUMULUS_S3_ACCESS_KEY_ID: 'k',
      CUMULUS_S3_SECRET_ACCESS_KEY: 's',
      CUMULUS_S3_TIMEOUT: '10',
      CUMULUS_S3_ATTEMPTS: '3',
    });
    for (const { name, key } of documentedKeys()) {
      const value = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], config);
      expect([name, value === undefined ? 'missing' : 'found']).toEqual([name, 'found']);
    }
  });
});
