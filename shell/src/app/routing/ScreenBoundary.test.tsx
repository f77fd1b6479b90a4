/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, useRoutes } from 'react-router';
import type { NavigateFunction } from 'react-router';
import { createFakeServices } from '../../test-support/fakeServices';
import { ServicesContext } from '../../ui/ServicesContext';
import { ScreenBoundary } from './ScreenBoundary';

describe('the screen boundary', () => {
  let quiet: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    // React and the boundary log the error they catch.
    quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => quiet.mockRestore());

  it('shows what broke and Retry instead of a blank page, and a navigation renders again', async () => {
    const { services } = await createFakeServices();
    let failing = true;
    function Broken(): never {
      throw new Error('boom');
    }
    function Screen() {
      if (failing) Broken();
      return <p>the screen</p>;
    }
    const go: { current: NavigateFunction | null } = { current: null };
    function Routes() {
      go.current = useNavigate();
      return useRoutes([{ path: '*', element: <Screen /> }]);
    }
    render(
      <ServicesContext.Provider value={services}>
        <MemoryRouter initialEntries={['/files']}>
          <ScreenBoundary>
            <Routes />
          </ScreenBoundary>
        </MemoryRouter>
      </ServicesContext.Provider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Unexpected error: boom');
    // Retry while it still fails: the message again.
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('alert').textContent).toBe('Unexpected error: boom');
    // Retry once it no longer fails: the screen.
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // It fails again, then the user goes elsewhere: the screen is tried again there.
    failing = true;
    await act(async () => void go.current?.('/files?dir=/A'));
    expect(screen.getByRole('alert').textContent).toBe('Unexpected error: boom');
    failing = false;
    await act(async () => void go.current?.('/files?dir=/B'));
    expect(screen.getByText('the screen')).toBeTruthy();
  });
});
