import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { documentedSettings, serveHelp } from './serve-help';

describe('cumulus serve --help', () => {
  it('documents every environment setting the configuration reads', async () => {
    const source = await readFile(new URL('../config.ts', import.meta.url), 'utf8');
    const read = new Set([...source.matchAll(/\b(CUMULUS_[A-Z_]+|PORT)\b/g)].map((match) => match[1] ?? ''));
    expect(read.size).toBeGreaterThan(15);
    const help = serveHelp('serve');
    for (const name of read) expect(help).toContain(`  ${name} (default `);
    expect(new Set(documentedSettings())).toEqual(read);
  });
});
