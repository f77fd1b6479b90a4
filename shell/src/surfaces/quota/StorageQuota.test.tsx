/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import type { StorageStats } from '../../services/api/filesApi';
import { createFakeServices } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { clearToasts } from '../../ui/toasts/toasts';
import { StorageQuota } from './StorageQuota';

async function renderQuota(stats: StorageStats) {
  const { services } = await createFakeServices();
  const getStats = jest.fn(() => Promise.resolve(stats));
  services.api.getStats = getStats;
  const rendered = renderWithStore(<StorageQuota />, services);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  return { ...rendered, getStats, services };
}

describe('StorageQuota', () => {
  afterEach(() => {
    jest.useRealTimers();
    clearToasts();
  });

  it("shows '{used} of {quota} used' with a progress bar under a quota", async () => {
    jest.useFakeTimers();
    await renderQuota({ used: 512 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024, free: 1536 * 1024 * 1024, relative: 25 });
    expect(screen.getByRole('button', { name: '512 MB of 2 GB used' })).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: '512 MB of 2 GB used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.className).not.toContain('files-quota__bar--error');
  });

  it("shows '{used} used' and no bar when unlimited", async () => {
    jest.useFakeTimers();
    await renderQuota({ used: 2048, quota: -3, free: 0, relative: 0 });
    expect(screen.getByRole('button', { name: '2 KB used' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('puts the bar in its error state above 80 percent and caps it at 100', async () => {
    jest.useFakeTimers();
    await renderQuota({ used: 1200, quota: 1000, free: 0, relative: 120 });
    const bar = screen.getByRole('progressbar');
    expect(bar.className).toContain('files-quota__bar--error');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('keeps the bar normal at exactly 80 percent', async () => {
    jest.useFakeTimers();
    await renderQuota({ used: 800, quota: 1000, free: 200, relative: 80 });
    expect(screen.getByRole('progressbar').className).not.toContain('files-quota__bar--error');
  });

  it('refreshes every 60 s, after node events, and when clicked', async () => {
    jest.useFakeTimers();
    const { getStats, services } = await renderQuota({ used: 1, quota: -3, free: 0, relative: 0 });
    expect(getStats).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60000);
    });
    expect(getStats).toHaveBeenCalledTimes(2);
    act(() => services.host.events.emit('files:node:deleted', { node: { source: 'x' } as never }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(getStats).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole('button', { name: '1 B used' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(getStats).toHaveBeenCalledTimes(4);
  });
});
