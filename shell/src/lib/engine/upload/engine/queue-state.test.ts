/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { createUploader } from './create-uploader';
import { makeFile } from './engine.test-support';
import type { TransportRequest, TransportResponse, UploaderOptions } from './types';

const FILES = 'http://cumulus.test/remote.php/dav/files/alice';
const HOME = { source: FILES };

/** A transport whose answers the test releases one by one. */
function heldTransport() {
  const waiting: { request: TransportRequest; answer: (response: TransportResponse) => void }[] = [];
  let active = 0;
  let most = 0;
  const transport = (request: TransportRequest) =>
    new Promise<TransportResponse>((resolve, reject) => {
      active += 1;
      most = Math.max(most, active);
      request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      waiting.push({
        request,
        answer: (response) => {
          active -= 1;
          resolve(response);
        },
      });
    });
  return {
    transport,
    waiting,
    most: () => most,
    /** Answers the oldest waiting request, after reporting its body as sent. */
    release(status = 201, headers: Record<string, string> = {}) {
      const next = waiting.shift();
      if (!next) throw new Error('nothing waiting');
      const size = next.request.body instanceof Blob ? next.request.body.size : 0;
      next.request.onUploadProgress?.(size);
      next.answer({ status, headers, body: '' });
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function engineWith(transport: UploaderOptions['transport'], options: Partial<UploaderOptions> = {}) {
  return createUploader({ transport, user: 'alice', notifyInterval: 0, sleep: async () => undefined, logError: () => undefined, ...options });
}

describe('upload engine: queue, state and notifications (product §3, §4)', () => {
  it.each([
    ['max_parallel_count', { files: { chunked_upload: { max_parallel_count: 2 } } }, 2],
    ['5 by default', undefined, 5],
  ])('runs at most %s requests at once, one pool for all files', async (_, capabilities, limit) => {
    const held = heldTransport();
    const engine = engineWith(held.transport, { capabilities });
    const done = engine.upload(HOME, [1, 2, 3, 4, 5, 6, 7].map((n) => makeFile(`${n}.txt`, 10)));
    // On a busy machine the files are queued over a few turns: wait for the pool to fill, then see it goes no further.
    for (let waited = 0; held.waiting.length < limit && waited < 2000; waited += 5) await settle();
    await settle();
    expect(held.waiting).toHaveLength(limit);
    while (held.waiting.length > 0) {
      held.release();
      await settle();
    }
    await done;
    expect(held.most()).toBe(limit);
  });

  it('goes idle → uploading → idle, item initialized → uploading → finished, with the queue totals', async () => {
    const held = heldTransport();
    const engine = engineWith(held.transport);
    const seen: string[] = [];
    engine.subscribe((state, changed) => {
      const item = state.items[state.order[0] as string];
      seen.push(`${state.queue.status} ${item?.status} ${state.queue.progress}/${state.queue.size} [${changed.join(',')}]`);
    });
    expect(engine.getState().queue).toEqual({ status: 'idle', size: 0, progress: 0, unqueuedFiles: 0 });
    const done = engine.upload(HOME, [makeFile('a.txt', 100)]);
    await settle();
    held.release(201, { 'oc-fileid': '5' });
    await done;
    await settle();
    // All bytes sent but no answer yet: one byte short of the size, so 'finished' comes only with the answer.
    // First the file is known (`unqueuedFiles`: its folder is being listed), then queued.
    expect(seen).toEqual(['idle undefined 0/0 []', 'uploading uploading 0/100 [upload-1]', 'uploading uploading 99/100 [upload-1]', 'idle finished 100/100 [upload-1]']);
  });

  it('pause stops new requests, aborts the PUT under way and emits paused; resume emits resumed and sends it again; reset only when idle', async () => {
    const held = heldTransport();
    const engine = engineWith(held.transport, { capabilities: { files: { chunked_upload: { max_parallel_count: 1 } } } });
    const events: string[] = [];
    engine.on('paused', () => events.push('paused'));
    engine.on('resumed', () => events.push('resumed'));
    engine.on('uploaded', (item) => events.push(`uploaded ${item.name}`));
    const done = engine.upload(HOME, [makeFile('a.txt', 1), makeFile('b.txt', 1)]);
    await settle();
    const running = held.waiting[0];
    engine.pause();
    expect(engine.getState().queue.status).toBe('paused');
    await settle();
    // a.txt's PUT was aborted (a pause stops the bytes at once), b.txt's never went.
    expect(running?.request.signal?.aborted).toBe(true);
    held.waiting.length = 0;
    expect(engine.getState().queue.status).toBe('paused');
    expect(engine.reset()).toBe(false);
    engine.resume();
    await settle();
    expect(engine.getState().queue.status).toBe('uploading');
    expect(held.waiting.map((entry) => entry.request.url.split('/').pop())).toEqual(['a.txt']);
    held.release();
    await settle();
    held.release();
    await done;
    expect(events).toEqual(['paused', 'resumed', 'uploaded a.txt', 'uploaded b.txt']);
    expect(engine.getState().queue.status).toBe('idle');
    expect(engine.reset()).toBe(true);
    expect(engine.getState()).toMatchObject({ queue: { status: 'idle', size: 0, progress: 0 }, order: [], items: {} });
  });

  it('emits failed per failed item; a listener that throws is logged and the others still hear', async () => {
    const held = heldTransport();
    const logged: string[] = [];
    const engine = engineWith(held.transport, { logError: (message) => logged.push(message) });
    const heard: string[] = [];
    engine.on('failed', () => {
      throw new Error('bad listener');
    });
    engine.on('failed', (item) => heard.push(`${item.name} ${item.error?.code}`));
    engine.subscribe(() => {
      throw new Error('bad subscriber');
    });
    const done = engine.upload(HOME, [makeFile('a.txt', 1)]);
    await settle();
    held.release(507);
    await done;
    await settle();
    expect(heard).toEqual(['a.txt no-space']);
    expect(logged).toContain('An upload "failed" listener failed');
    expect(logged).toContain('An upload state listener failed');
  });

  it('the state is plain data: it survives a JSON round trip unchanged', async () => {
    const held = heldTransport();
    const engine = engineWith(held.transport);
    const done = engine.upload(HOME, [makeFile('a.txt', 3), makeFile('b.txt', 4)]);
    await settle();
    held.release(201, { 'oc-fileid': '1' });
    held.release(500);
    await settle();
    for (let i = 0; i < 5; i++) {
      held.release(500);
      await settle();
    }
    await done;
    const state = engine.getState();
    expect(JSON.parse(JSON.stringify(state))).toEqual({ ...state, estimate: JSON.parse(JSON.stringify(state.estimate)) });
    expect(Object.values(state.items).map((item) => `${item.kind}:${item.status}`)).toEqual(['batch:failed', 'file:finished', 'file:failed']);
  });

  it('queues a big batch in time slices, giving the host a turn between them', async () => {
    // A clock that moves 1 ms each time it is read: the slices end after a few entries each.
    let clock = 0;
    const queuedAtYield: number[] = [];
    const engine = engineWith(async () => ({ status: 201, headers: {}, body: '' }), {
      now: () => (clock += 1),
      yieldToHost: async () => {
        queuedAtYield.push(engine.getState().order.length);
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
    });
    const result = await engine.upload(HOME, Array.from({ length: 600 }, (_, n) => makeFile(`${n}.txt`, 1)));
    expect(result.items.filter((item) => item.status === 'finished')).toHaveLength(600);
    // The container first, then the files a slice at a time, never all in one task.
    expect(queuedAtYield.length).toBeGreaterThan(2);
    expect(queuedAtYield.every((queued, index) => queued < 601 && (index === 0 || queued >= (queuedAtYield[index - 1] as number)))).toBe(true);
    expect(new Set(queuedAtYield).size).toBeGreaterThan(2);
  });

  it('a state once taken keeps its items and order while the engine goes on; getItem reads one item', async () => {
    const engine = engineWith(async () => ({ status: 201, headers: {}, body: '' }));
    await engine.upload(HOME, [makeFile('a.txt', 3)]);
    const before = engine.getState();
    await engine.upload(HOME, [makeFile('b.txt', 4), makeFile('c.txt', 5)]);
    const after = engine.getState();
    expect(before.order).toHaveLength(1);
    expect(Object.values(before.items).map((item) => item.name)).toEqual(['a.txt']);
    expect(before.order).toEqual([after.order[0]]);
    expect(Object.values(after.items).filter((item) => item.kind === 'file').map((item) => item.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    // getItem reads one item as it is now, the same object as in the state.
    for (const id of after.order) expect(engine.getItem(id)).toBe(after.items[id]);
    expect(engine.getItem('upload-none')).toBeUndefined();
  });

  it('feeds the rate estimator: time left is estimated after 2.5 s of running time', async () => {
    let now = 1_000_000;
    const held = heldTransport();
    const engine = engineWith(held.transport, { now: () => now });
    const done = engine.upload(HOME, [makeFile('a.txt', 1000)]);
    await settle();
    const request = held.waiting[0]?.request;
    now += 1000;
    request?.onUploadProgress?.(100);
    expect(engine.getState().estimate.timeLeft).toBe(Infinity);
    now += 2000;
    request?.onUploadProgress?.(300);
    // 300 bytes in 3 s: 100 B/s, 700 bytes left.
    expect(engine.getState().estimate.timeLeft).toBe(7);
    held.release();
    await done;
  });
});
