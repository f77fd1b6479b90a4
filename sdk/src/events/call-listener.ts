/**
 * Calls `listener` with `args` and hands anything that goes wrong to
 * `report`: a synchronous throw, and the rejection of the promise an async
 * listener returns. Never throws and never waits for that promise, so one
 * listener, sync or async, cannot stop or delay the ones after it; nor can
 * its rejection escape as an unhandled rejection.
 *
 * The one way every notifier of the SDK (event bus, registries, file-list
 * filters) calls its listeners.
 *
 * @param listener the listener; its return value only matters when it is a promise
 * @param args what the listener is called with
 * @param report receives the thrown or rejected value; if it throws itself, that goes to `console.error`
 */
export function callListener<A extends unknown[]>(listener: (...args: A) => unknown, args: A, report: (error: unknown) => void): void {
  let result: unknown;
  try {
    result = listener(...args);
  } catch (error) {
    report(error);
    return;
  }
  if (!isThenable(result)) return;
  // Promise.resolve adopts foreign thenables too, and turns a `then` that throws into a rejection.
  Promise.resolve(result).catch((error: unknown) => {
    try {
      report(error);
    } catch (reportFailure) {
      // A rejection handler that throws would itself be an unhandled rejection.
      console.error(reportFailure);
    }
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
