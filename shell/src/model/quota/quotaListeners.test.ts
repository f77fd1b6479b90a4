import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createAppStore } from '../../app/store';
import type { StorageStats } from '../../services/api/filesApi';
import { createFakeServices } from '../../test-support/fakeServices';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { storageStatsRefreshRequested } from './quotaSlice';

const stats = (free: number, quota = 1000): StorageStats => ({ used: quota - free, quota, free, relative: ((quota - free) / quota) * 100 });

/** A store whose server answers `answers` in turn (an Error answer fails). */
async function storeAnswering(...answers: (StorageStats | Error)[]) {
  const { services } = await createFakeServices();
  const getStats = jest.fn(() => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as StorageStats);
  });
  services.api.getStats = getStats;
  return { store: createAppStore(services), getStats };
}

const auto = () => storageStatsRefreshRequested({ userTriggered: false });
const user = () => storageStatsRefreshRequested({ userTriggered: true });

describe('storage stats listeners', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    clearToasts();
  });

  it('stores the stats the server gives', async () => {
    const { store } = await storeAnswering(stats(400));
    store.dispatch(auto());
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().quota.stats).toEqual({ used: 600, quota: 1000, free: 400, relative: 60 });
  });

  it('throttles automatic refreshes to one per second, with one trailing request', async () => {
    const { store, getStats } = await storeAnswering(stats(400));
    store.dispatch(auto());
    await jest.advanceTimersByTimeAsync(0);
    store.dispatch(auto());
    store.dispatch(auto());
    store.dispatch(auto());
    await jest.advanceTimersByTimeAsync(999);
    expect(getStats).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(getStats).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(5000);
    expect(getStats).toHaveBeenCalledTimes(2);
  });

  it('only logs an automatic failure', async () => {
    const { store } = await storeAnswering(new Error('Invalid storage stats'));
    store.dispatch(auto());
    await jest.advanceTimersByTimeAsync(0);
    expect(console.error).toHaveBeenCalledWith('Could not refresh storage stats', expect.any(Error));
    expect(getToasts()).toEqual([]);
  });

  it("toasts 'Could not refresh storage stats' when the user asked, after a 200 ms debounce", async () => {
    const { store, getStats } = await storeAnswering(new Error('500'));
    store.dispatch(user());
    store.dispatch(user());
    await jest.advanceTimersByTimeAsync(199);
    expect(getStats).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(getStats).toHaveBeenCalledTimes(1);
    expect(getToasts().map((toast) => [toast.type, toast.message])).toEqual([['error', 'Could not refresh storage stats']]);
  });

  it('warns once when free space becomes 0 under a quota', async () => {
    const { store } = await storeAnswering(stats(10), stats(0), stats(0));
    for (let i = 0; i < 3; i += 1) {
      store.dispatch(auto());
      await jest.advanceTimersByTimeAsync(1000);
    }
    expect(store.getState().quota.stats?.free).toBe(0);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Your storage is full, files can not be updated or synced anymore!']);
  });

  it('does not warn without a quota (negative means unlimited)', async () => {
    const { store } = await storeAnswering({ used: 5, quota: -3, free: 0, relative: 0 });
    store.dispatch(auto());
    await jest.advanceTimersByTimeAsync(0);
    expect(getToasts()).toEqual([]);
  });
});
