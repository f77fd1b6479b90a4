import { describe, expect, it, jest } from '@jest/globals';
import { FOLDER } from '../entries/test-fixtures';
import { createEventBus } from './create-event-bus';

describe('createEventBus', () => {
  it('calls the listeners of an event with its payload, in subscription order', () => {
    const bus = createEventBus();
    const calls: string[] = [];
    bus.on('files:node:renamed', ({ oldSource }) => calls.push(`first ${oldSource}`));
    bus.on('files:node:renamed', ({ node }) => calls.push(`second ${node.displayname}`));
    bus.on('files:node:moved', () => calls.push('other event'));
    bus.emit('files:node:renamed', { node: FOLDER, oldSource: '/old' });
    expect(calls).toEqual(['first /old', 'second Home']);
  });

  it('stops calling a listener once unsubscribed; unsubscribing twice is harmless', () => {
    const bus = createEventBus();
    const listener = jest.fn();
    const off = bus.on('files:sidebar:closed', listener);
    bus.emit('files:sidebar:closed', {});
    off();
    off();
    bus.emit('files:sidebar:closed', {});
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('treats the same function subscribed twice as two subscriptions', () => {
    const bus = createEventBus();
    const listener = jest.fn();
    const off = bus.on('files:filter:changed', listener);
    bus.on('files:filter:changed', listener);
    bus.emit('files:filter:changed', { id: 'type' });
    off();
    bus.emit('files:filter:changed', { id: 'type' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('once calls a listener for the next event only, and can be cancelled before', () => {
    const bus = createEventBus();
    const listener = jest.fn();
    bus.once('files:config:updated', listener);
    bus.emit('files:config:updated', { key: 'grid_view', value: true });
    bus.emit('files:config:updated', { key: 'grid_view', value: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ key: 'grid_view', value: true });
    const cancelled = jest.fn();
    bus.once('files:config:updated', cancelled)();
    bus.emit('files:config:updated', { key: 'show_hidden', value: true });
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('reports a throwing listener through onError and still calls the others', () => {
    const onError = jest.fn();
    const bus = createEventBus({ onError });
    const after = jest.fn();
    bus.on('files:node:deleted', () => {
      throw new Error('listener broke');
    });
    bus.on('files:node:deleted', after);
    expect(() => bus.emit('files:node:deleted', { node: FOLDER })).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('listener broke'), 'files:node:deleted');
  });

  it('reports an async listener that rejects through onError, for on and once, and still calls the others', async () => {
    const onError = jest.fn();
    const bus = createEventBus({ onError });
    const after = jest.fn();
    bus.on('files:node:deleted', async () => {
      throw new Error('async listener broke');
    });
    bus.once('files:node:deleted', () => Promise.reject(new Error('async once broke')));
    bus.on('files:node:deleted', after);
    expect(() => bus.emit('files:node:deleted', { node: FOLDER })).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onError).toHaveBeenCalledWith(new Error('async listener broke'), 'files:node:deleted');
    expect(onError).toHaveBeenCalledWith(new Error('async once broke'), 'files:node:deleted');
  });

  it('reports to console.error by default', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const bus = createEventBus();
    bus.on('files:sidebar:closed', () => {
      throw new Error('x');
    });
    bus.emit('files:sidebar:closed', {});
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('fixes the listeners of an event when it is emitted', () => {
    const bus = createEventBus();
    const calls: string[] = [];
    let offSecond: () => void = () => undefined;
    bus.on('files:filter:removed', () => {
      calls.push('first');
      offSecond();
      bus.on('files:filter:removed', () => calls.push('added during emit'));
    });
    offSecond = bus.on('files:filter:removed', () => calls.push('second'));
    bus.emit('files:filter:removed', { id: 'type' });
    expect(calls).toEqual(['first', 'second']);
  });

  it('emitting an event nobody listens to does nothing', () => {
    expect(() => createEventBus().emit('files:node:created', { node: FOLDER })).not.toThrow();
  });

  it('takes a custom event map', () => {
    const bus = createEventBus<{ ping: { at: number } }>();
    const listener = jest.fn();
    bus.on('ping', listener);
    bus.emit('ping', { at: 1 });
    expect(listener).toHaveBeenCalledWith({ at: 1 });
  });
});
