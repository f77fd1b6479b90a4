/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { englishTranslate } from '@cumulus/sdk';
import { ServicesContext } from '../ServicesContext';
import type { ShellServices } from '../../services/types';
import { Toasts } from './Toasts';
import { ERROR_TOAST_TIMEOUT_MS, MAX_TOASTS, TOAST_TIMEOUT_MS, clearToasts, getToasts, showToast } from './toasts';

const services = { t: englishTranslate } as unknown as ShellServices;
const renderToasts = () =>
  render(
    <ServicesContext.Provider value={services}>
      <Toasts />
    </ServicesContext.Provider>,
  );

describe('toasts', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    act(() => clearToasts());
    jest.useRealTimers();
  });

  it('announces errors in an alert region and the rest in a status region', () => {
    renderToasts();
    act(() => {
      showToast({ type: 'success', message: 'Renamed "a" to "b"' });
      showToast({ type: 'error', message: 'Could not rename "a"' });
    });
    expect(within(screen.getByRole('status')).getByText('Renamed "a" to "b"')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Could not rename "a"')).toBeTruthy();
    expect(within(screen.getByRole('status')).queryByText('Could not rename "a"')).toBeNull();
  });

  it('dismisses by itself after the timeout, errors staying longer', () => {
    renderToasts();
    act(() => {
      showToast({ type: 'info', message: 'info' });
      showToast({ type: 'error', message: 'error' });
    });
    act(() => {
      jest.advanceTimersByTime(TOAST_TIMEOUT_MS);
    });
    expect(screen.queryByText('info')).toBeNull();
    expect(screen.getByText('error')).toBeTruthy();
    act(() => {
      jest.advanceTimersByTime(ERROR_TOAST_TIMEOUT_MS - TOAST_TIMEOUT_MS);
    });
    expect(screen.queryByText('error')).toBeNull();
    expect(ERROR_TOAST_TIMEOUT_MS).toBeGreaterThan(TOAST_TIMEOUT_MS);
  });

  it('keeps a toast with timeout 0 until closed with its named button', () => {
    renderToasts();
    act(() => showToast({ type: 'warning', message: 'sticky', timeout: 0 }));
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('sticky')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('sticky')).toBeNull();
  });

  it('shows at most MAX_TOASTS, dropping the oldest', () => {
    for (let index = 0; index < MAX_TOASTS + 2; index++) showToast({ type: 'info', message: `m${index}` });
    expect(getToasts().map((toast) => toast.message)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
  });
});
