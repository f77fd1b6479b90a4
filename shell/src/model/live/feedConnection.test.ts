import { describe, expect, it } from '@jest/globals';
import type { FeedEnvironment, FeedMessage } from './feedConnection';
import { connectChangeFeed } from './feedConnection';

/** An EventSource the test drives: it records its URL and dispatches what the test sends. */
class FakeEventSource extends EventTarget {
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  send(event: string, id: number | null, data: unknown): void {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data), lastEventId: id === null ? '' : String(id) }));
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
}

/** One browser: Web Locks granted in request order, BroadcastChannels reaching the other tabs, EventSources recorded. */
function fakeBrowser() {
  const sources: FakeEventSource[] = [];
  const holders: { name: string; run: () => Promise<unknown>; signal?: AbortSignal }[] = [];
  const held = new Set<string>();
  const grant = (): void => {
    for (const next of holders.filter((holder) => !holder.signal?.aborted && !held.has(holder.name))) {
      if (held.has(next.name)) continue;
      holders.splice(holders.indexOf(next), 1);
      held.add(next.name);
      void Promise.resolve(next.run()).finally(() => {
        held.delete(next.name);
        grant();
      });
    }
  };
  const channels = new Set<{ name: string; onmessage: ((event: MessageEvent) => void) | null; closed: boolean }>();
  const env = (): FeedEnvironment => ({
    locks: {
      request: ((name: string, options: { signal?: AbortSignal }, run: () => Promise<unknown>) => {
        holders.push({ name, run, ...(options.signal ? { signal: options.signal } : {}) });
        grant();
        return Promise.resolve();
      }) as unknown as LockManager['request'],
    },
    channel: (name) => {
      const channel = {
        name,
        onmessage: null as ((event: MessageEvent) => void) | null,
        closed: false,
        postMessage(data: unknown) {
          for (const other of channels) if (other !== channel && other.name === name && !other.closed) other.onmessage?.(new MessageEvent('message', { data: structuredClone(data) }));
        },
        close() {
          channel.closed = true;
          channels.delete(channel);
        },
      };
      channels.add(channel);
      return channel as unknown as BroadcastChannel;
    },
    eventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    setTimeout: (run) => {
      run();
      return 0;
    },
    clearTimeout: () => undefined,
  });
  return { env, sources };
}

describe('one change feed connection for all tabs', () => {
  it('opens one EventSource for two tabs, passes every change to both, and hands over to the next tab without losing its place', async () => {
    const browser = fakeBrowser();
    const seen: Record<string, FeedMessage[]> = { first: [], second: [] };
    const stopFirst = connectChangeFeed({ url: '/changes', uid: 'alice', onMessage: (message) => void seen.first!.push(message), env: browser.env() });
    const stopSecond = connectChangeFeed({ url: '/changes', uid: 'alice', onMessage: (message) => void seen.second!.push(message), env: browser.env() });
    await Promise.resolve();
    expect(browser.sources.map((source) => source.url)).toEqual(['/changes']);
    const leader = browser.sources[0] as FakeEventSource;
    leader.send('ready', 4, {});
    leader.send('node', 5, { folder: '/', path: '/a.txt', fileid: 9, type: 'file', etag: 'e' });
    const expected = { kind: 'changes', changes: [{ id: 5, folder: '/', path: '/a.txt', fileid: 9, type: 'file', etag: 'e' }] };
    expect(seen.first).toEqual([expected]);
    expect(seen.second).toEqual([{ kind: 'changes', changes: [] }, expected]);

    stopFirst();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(leader.closed).toBe(true);
    expect(browser.sources.map((source) => source.url)).toEqual(['/changes', '/changes?lastEventId=5']);
    (browser.sources[1] as FakeEventSource).send('refetch', 40, {});
    expect(seen.second?.at(-1)).toEqual({ kind: 'refetch' });
    stopSecond();
  });

  it('keeps tabs of different users apart', async () => {
    const browser = fakeBrowser();
    const stops = [
      connectChangeFeed({ url: '/changes', uid: 'alice', onMessage: () => undefined, env: browser.env() }),
      connectChangeFeed({ url: '/changes', uid: 'bob', onMessage: () => undefined, env: browser.env() }),
    ];
    await Promise.resolve();
    // Each user's tabs elect their own leader: two connections, one per user.
    expect(browser.sources).toHaveLength(2);
    for (const stop of stops) stop();
    expect(browser.sources.every((source) => source.closed)).toBe(true);
  });
});
