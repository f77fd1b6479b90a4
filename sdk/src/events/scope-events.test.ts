import { describe, expect, it, jest } from '@jest/globals';
import { FOLDER } from '../entries/test-fixtures';
import { createEventBus } from './create-event-bus';
import { scopeEvents } from './scope-events';

describe('scopeEvents', () => {
  it('subscribes and emits through the bus', () => {
    const bus = createEventBus();
    const scope = scopeEvents(bus);
    const listener = jest.fn();
    scope.events.on('files:node:updated', listener);
    scope.events.emit('files:node:updated', { node: FOLDER });
    expect(listener).toHaveBeenCalledWith({ node: FOLDER });
  });

  it('dispose unsubscribes everything subscribed through the scope, and nothing else', () => {
    const bus = createEventBus();
    const scope = scopeEvents(bus);
    const scoped = jest.fn();
    const outside = jest.fn();
    scope.events.on('files:node:created', scoped);
    scope.events.once('files:node:created', scoped);
    bus.on('files:node:created', outside);
    scope.dispose();
    bus.emit('files:node:created', { node: FOLDER });
    expect(scoped).not.toHaveBeenCalled();
    expect(outside).toHaveBeenCalledTimes(1);
  });

  it('refuses subscriptions after dispose with the given error', () => {
    const scope = scopeEvents(createEventBus(), () => new Error('gone'));
    scope.dispose();
    expect(() => scope.events.on('files:sidebar:closed', () => undefined)).toThrow('gone');
    expect(() => scope.events.once('files:sidebar:closed', () => undefined)).toThrow('gone');
  });

  it('an unsubscribe returned by the scope works on its own and after dispose', () => {
    const bus = createEventBus();
    const scope = scopeEvents(bus);
    const listener = jest.fn();
    const off = scope.events.on('files:filter:changed', listener);
    off();
    bus.emit('files:filter:changed', { id: 'type' });
    scope.dispose();
    off();
    expect(listener).not.toHaveBeenCalled();
  });

  it('a fired once listener runs only once', () => {
    const bus = createEventBus();
    const scope = scopeEvents(bus);
    const listener = jest.fn();
    scope.events.once('files:filter:added', listener);
    const filter = { id: 'f', chips: [], filter: (n: never[]) => n, addEventListener: () => undefined, removeEventListener: () => undefined };
    bus.emit('files:filter:added', { filter });
    bus.emit('files:filter:added', { filter });
    scope.dispose();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("a scoped once listener that rejects reaches the bus's onError", async () => {
    const onError = jest.fn();
    const scope = scopeEvents(createEventBus({ onError }));
    scope.events.once('files:sidebar:closed', () => Promise.reject(new Error('scoped async broke')));
    scope.events.emit('files:sidebar:closed', {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onError).toHaveBeenCalledWith(new Error('scoped async broke'), 'files:sidebar:closed');
  });
});
