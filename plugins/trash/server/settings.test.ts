import { describe, expect, it } from '@jest/globals';
import { DEFAULT_EXPIRE_INTERVAL, trashConfig } from './settings';

describe('the trash settings', () => {
  it('default to auto, 30 every 30 minutes, without a size limit', () => {
    expect(trashConfig({})).toEqual({ retention: { enabled: true, minDays: null, maxDays: 30, purgeForSpace: true }, maxTrashSize: null, expireInterval: DEFAULT_EXPIRE_INTERVAL });
  });

  it('read the operator’s variables and refuse bad values by name', () => {
    const config = trashConfig({ CUMULUS_TRASHBIN_RETENTION: 'disabled', CUMULUS_TRASHBIN_SIZE: '1024', CUMULUS_TRASHBIN_EXPIRE_INTERVAL: '60' });
    expect(config).toMatchObject({ maxTrashSize: 1024, expireInterval: 60, retention: { enabled: false } });
    expect(() => trashConfig({ CUMULUS_TRASHBIN_SIZE: 'big' })).toThrow('CUMULUS_TRASHBIN_SIZE');
    expect(() => trashConfig({ CUMULUS_TRASHBIN_EXPIRE_INTERVAL: '0' })).toThrow('CUMULUS_TRASHBIN_EXPIRE_INTERVAL');
  });
});
