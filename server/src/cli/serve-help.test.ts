import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { documentedSettings, serveHelp } from './serve-help';

describe('cumulus serve --help', () => {
  it('documents every environment setting the configuration reads', async () => {
    // The settings of content on S3 are read by their own loader; the test mode's (CUMULUS_TEST_*) are no operator's, and `CUMULUS_S3_*` in a comment is no name.
    const sources = await Promise.all(['../config.ts', '../storage/objects/s3-config.ts'].map((file) => readFile(new URL(file, import.meta.url), 'utf8')));
    const read = new Set(sources.flatMap((source) => [...source.matchAll(/\b(CUMULUS_[A-Z0-9_]+|PORT)\b/g)].map((match) => match[1] ?? '')).filter((name) => !name.startsWith('CUMULUS_TEST_') && !name.endsWith('_')));
    expect(read.size).toBeGreaterThan(15);
    const help = serveHelp('serve');
    for (const name of read) expect(help).toContain(`  ${name} (default `);
    expect(new Set(documentedSettings())).toEqual(read);
  });
});
