import { describe, expect, it, jest } from '@jest/globals';
import { callListener } from './call-listener';

/** Lets every pending promise reaction run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('callListener', () => {
  it('calls the listener with the arguments', () => {
    const listener = jest.fn();
    callListener(listener, [1, 'two'], () => undefined);
    expect(listener).toHaveBeenCalledWith(1, 'two');
  });

  it('reports a synchronous throw instead of throwing', () => {
    const report = jest.fn();
    expect(() =>
      callListener(
        () => {
          throw new Error('sync');
        },
        [],
        report,
      ),
    ).not.toThrow();
    expect(report).toHaveBeenCalledWith(new Error('sync'));
  });

  it('reports the rejection of an async listener, without waiting for it', async () => {
    const report = jest.fn();
    callListener(() => Promise.reject(new Error('async')), [], report);
    expect(report).not.toHaveBeenCalled();
    await settle();
    expect(report).toHaveBeenCalledWith(new Error('async'));
  });

  it('reports nothing for an async listener that resolves, or a listener returning a plain value', async () => {
    const report = jest.fn();
    callListener(() => Promise.resolve('fine'), [], report);
    callListener(() => 42, [], report);
    await settle();
    expect(report).not.toHaveBeenCalled();
  });

  it('sends a report that throws on a rejection to console.error rather than leaving it unhandled', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    callListener(
      () => Promise.reject(new Error('async')),
      [],
      () => {
        throw new Error('report broke');
      },
    );
    await settle();
    expect(log).toHaveBeenCalledWith(new Error('report broke'));
    log.mockRestore();
  });
});
