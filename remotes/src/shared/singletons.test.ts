import { describe, expect, it } from '@jest/globals';
import { SHARED_SINGLETON_NAMES, sharedSingletons, singletonReason } from './singletons';

describe('sharedSingletons', () => {
  it('shares exactly the packages docs/architecture.md and docs/toolchain.md name', () => {
    expect(Object.keys(sharedSingletons()).sort()).toEqual(
      ['@cumulus/sdk', '@reduxjs/toolkit', 'i18next', 'react', 'react-dom', 'react-dom/client', 'react-redux', 'react/jsx-runtime'].sort(),
    );
  });

  it('makes every entry a lazily loaded singleton with a version range', () => {
    for (const config of Object.values(sharedSingletons())) {
      expect(config).toMatchObject({ singleton: true, eager: false });
      expect(config.requiredVersion).toMatch(/^[\^~]?\d+\.\d+\.\d+/);
    }
  });

  it('takes subpaths from their package and the SDK from its own package.json', () => {
    const shared = sharedSingletons();
    expect(shared['react/jsx-runtime'].requiredVersion).toBe(shared.react.requiredVersion);
    expect(shared['react-dom/client'].requiredVersion).toBe(shared['react-dom'].requiredVersion);
    expect(shared['@cumulus/sdk'].requiredVersion).toBe('^0.2.0');
  });

  it('gives a reason for every singleton', () => {
    for (const name of SHARED_SINGLETON_NAMES) expect(singletonReason(name).length).toBeGreaterThan(20);
  });
});
