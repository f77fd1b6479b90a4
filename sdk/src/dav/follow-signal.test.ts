import { describe, expect, it } from '@jest/globals';
import { followUntilRead } from './follow-signal';

describe('followUntilRead', () => {
  it('aborts with the caller while the answer is read, and no longer once released', () => {
    const caller = new AbortController();
    const reading = followUntilRead(caller.signal);
    const read = followUntilRead(caller.signal);
    read.release();
    caller.abort(new Error('navigated away'));
    expect(reading.signal?.aborted).toBe(true);
    expect((reading.signal?.reason as Error).message).toBe('navigated away');
    // The request whose answer was read is left alone: its abort would cancel a finished request.
    expect(read.signal?.aborted).toBe(false);
  });

  it('starts aborted for a caller already aborted, and gives no signal without one', () => {
    const caller = new AbortController();
    caller.abort();
    expect(followUntilRead(caller.signal).signal?.aborted).toBe(true);
    expect(followUntilRead(undefined).signal).toBeUndefined();
  });
});
