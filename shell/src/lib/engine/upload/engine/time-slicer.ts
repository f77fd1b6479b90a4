/**
 * Gives the browser a turn (input, rendering) between slices of long work,
 * so no main-thread task runs for long (10,000 dropped files stay
 * responsive): the engine's queueing and the shell's walk of a drop use it. A MessageChannel message is a new task without the 4 ms
 * clamp nested timeouts get.
 */
export function yieldToMain(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Milliseconds of work per slice before {@link TimeSlicer.maybeYield} yields: well under the 100 ms budget. */
export const SLICE_MS = 12;

/** Counts the time spent since the last yield and yields once a slice is used up. */
export interface TimeSlicer {
  /** Yields when the current slice has run for {@link SLICE_MS} or more; true when it did. */
  maybeYield(): Promise<boolean>;
}

/** A {@link TimeSlicer} starting its first slice now. */
export function createTimeSlicer(sliceMs = SLICE_MS, now: () => number = () => (typeof performance === 'undefined' ? Date.now() : performance.now()), yieldNow: () => Promise<void> = yieldToMain): TimeSlicer {
  let sliceStart = now();
  return {
    async maybeYield() {
      if (now() - sliceStart < sliceMs) return false;
      await yieldNow();
      sliceStart = now();
      return true;
    },
  };
}
