/**
 * A signal for one request that follows the caller's `outer` signal until `release()`, called
 * once the answer's body is read. Callers' signals often abort right after an answer was read
 * (a Redux listener's signal aborts when the listener completes, a dialog's when it closes):
 * passed to `fetch` as they are, that cancels the finished request, and Chromium reports it as
 * `net::ERR_ABORTED` although it succeeded. An abort while the answer still arrives is a real
 * cancellation and still stops the request.
 */
export function followUntilRead(outer: AbortSignal | undefined): { signal: AbortSignal | undefined; release: () => void } {
  if (outer === undefined) return { signal: undefined, release: () => undefined };
  const inner = new AbortController();
  const forward = (): void => inner.abort(outer.reason);
  if (outer.aborted) forward();
  else outer.addEventListener('abort', forward, { once: true });
  return { signal: inner.signal, release: () => outer.removeEventListener('abort', forward) };
}
