import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import sdk from '../package.json' with { type: 'json' };
import { SDK_VERSION } from './version';

describe('@cumulus/sdk/version', () => {
  it('is the version of the SDK package', () => {
    expect(SDK_VERSION).toBe(sdk.version);
  });

  it('is its own export subpath, so a remote bundles it instead of sharing it with the shell', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string> };
    expect(manifest.exports['./version']).toBe('./src/version.ts');
  });
});
