/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createFakeServices } from '../test-support/fakeServices';
import { OnDemand, lazyComponent } from './OnDemand';
import { ServicesContext } from './ServicesContext';

/** A load the test finishes or fails itself. */
function controlledLoad<P>(): { load: () => Promise<ComponentType<P>>; finish(component: ComponentType<P>): void; fail(error: Error): void } {
  let finish: (component: ComponentType<P>) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const loaded = new Promise<ComponentType<P>>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { load: () => loaded, finish: (component) => finish(component), fail: (error) => fail(error) };
}

describe('OnDemand', () => {
  it("shows a 'Loading' progress indicator that takes no focus, then the component once its code arrives", async () => {
    const { services } = await createFakeServices();
    const chunk = controlledLoad<{ name: string }>();
    const Greeting = lazyComponent(chunk.load);
    render(
      <ServicesContext.Provider value={services}>
        <button type="button">Opener</button>
        <OnDemand>
          <Greeting name="Ada" />
        </OnDemand>
      </ServicesContext.Provider>,
    );
    screen.getByRole('button', { name: 'Opener' }).focus();
    const loading = screen.getByRole('progressbar', { name: 'Loading' });
    expect(loading.tabIndex).toBe(-1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' }));

    chunk.finish(({ name }) => <p>Hello {name}</p>);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
  });

  it('shows nothing and tells the caller when the code cannot be fetched', async () => {
    const { services } = await createFakeServices();
    const chunk = controlledLoad<object>();
    const Broken = lazyComponent(chunk.load);
    const onFailure = jest.fn();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <ServicesContext.Provider value={services}>
        <OnDemand onFailure={onFailure}>
          <Broken />
        </OnDemand>
      </ServicesContext.Provider>,
    );
    chunk.fail(new Error('ChunkLoadError'));
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(container.childElementCount).toBe(0);
    logged.mockRestore();
  });
});
