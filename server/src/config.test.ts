import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, withDefaults } from './config';

describe('server configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: resolve('./data'), maxChunkSize: 104857600 });
    expect(config.adminPassword).toBeUndefined();
  });
  it('reads the environment', () => {
    const config = loadConfig({ PORT: '9000', CUMULUS_DATA_DIR: '/srv/cumulus', CUMULUS_ADMIN_PASSWORD: 'pw', CUMULUS_HOST: '127.0.0.1' });
    expect(config).toMatchObject({ port: 9000, dataDir: '/srv/cumulus', adminPassword: 'pw', host: '127.0.0.1' });
  });
  it('keeps enable_non-accessible_features on unless set to 0 or false (product §2, default true)', () => {
    expect(loadConfig({}).enableNonAccessibleFeatures).toBe(true);
    expect(loadConfig({}).bulkUpload).toBe(false);
    expect(loadConfig({ CUMULUS_BULK_UPLOAD: '1' }).bulkUpload).toBe(true);
    expect(loadConfig({ CUMULUS_ENABLE_NON_ACCESSIBLE_FEATURES: 'yes' }).enableNonAccessibleFeatures).toBe(true);
    expect(loadConfig({ CUMULUS_ENABLE_NON_ACCESSIBLE_FEATURES: 'false' }).enableNonAccessibleFeatures).toBe(false);
    expect(loadConfig({ CUMULUS_ENABLE_NON_ACCESSIBLE_FEATURES: '0' }).enableNonAccessibleFeatures).toBe(false);
  });
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT must be a whole number from 0 to 65535, got "70000".');
  });
  it('reads trusted proxies as addresses and CIDR ranges, refusing anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ CUMULUS_TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12 fd00::/8' }).trustedProxies).toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8']);
    expect(() => loadConfig({ CUMULUS_TRUSTED_PROXIES: 'proxy.local' })).toThrow('CUMULUS_TRUSTED_PROXIES must list IP addresses or CIDR ranges (such as 10.0.0.1 or 10.0.0.0/8), got "proxy.local".');
    expect(() => loadConfig({ CUMULUS_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ CUMULUS_TRUSTED_PROXIES: '::1/129' })).toThrow(ConfigError);
  });
  it('completes a partial configuration, keeping defaults for undefined keys', () => {
    expect(withDefaults({ dataDir: 'x', port: undefined })).toMatchObject({ port: 8080, dataDir: resolve('x') });
  });
});
