/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { createNode } from '@cumulus/sdk';
import { createUploader } from './create-uploader';
import { abortError } from './transport';
import type { ConflictDecision, TransportRequest, TransportResponse, UploaderOptions, UploadFile } from './types';

const FILES = 'http://cumulus.test/remote.php/dav/files/alice';
const UPLOADS = 'http://cumulus.test/remote.php/dav/uploads/alice';
const HOME = { source: FILES, owner: 'alice', path: '/' };
const file = (name: string, size: number): UploadFile => new File([Buffer.alloc(size, 7)], name, { lastModified: 1_714_557_600_500 });
const MiB = 1024 * 1024;
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request the fake transport holds until the test answers it (or its signal aborts it). */
interface Held {
  request: TransportRequest;
  answer(status: number): void;
  aborted: boolean;
}

/** A transport that holds every PUT (reporting `progressed` bytes sent) and answers the rest 201. */
function holdingTransport(progressed = (size: number) => Math.floor(size / 2)) {
  const held: Held[] = [];
  const transport = (request: TransportRequest): Promise<TransportResponse> => {
    if (request.method !== 'PUT') return Promise.resolve({ status: 201, headers: {}, body: '' });
    return new Promise((resolve, reject) => {
      const entry: Held = { request, aborted: false, answer: (status) => resolve({ status, headers: {}, body: '' }) };
      held.push(entry);
      const size = request.body instanceof Blob ? request.body.size : 0;
      request.onUploadProgress?.(progressed(size));
      request.signal?.addEventListener('abort', () => {
        entry.aborted = true;
        reject(abortError());
      });
    });
  };
  return { held, transport };
}

function engineWith(transport: UploaderOptions['transport'], options: Partial<UploaderOptions> = {}) {
  return createUploader({ transport, uploadsRoot: UPLOADS, user: 'alice', maxChunkSize: 1024, notifyInterval: 0, logError: () => undefined, sleep: async () => undefined, ...options });
}

describe('upload engine: pause stops the bytes at once', () => {
  it('aborts the one PUT under way, uncounts its bytes, and sends it again on resume', async () => {
    const { held, transport } = holdingTransport();
    const engine = engineWith(transport);
    const done = engine.upload(HOME, [file('a.txt', 100)]);
    await tick();
    expect(held).toHaveLength(1);
    expect(engine.getState().queue.progress).toBe(50);

    engine.pause();
    await tick();
    // The request is gone and its bytes with it: the paused bar shows what the server holds.
    expect(held[0]?.aborted).toBe(true);
    expect(engine.getState().queue).toMatchObject({ status: 'paused', progress: 0 });
    const item = Object.values(engine.getState().items)[0];
    expect(item?.status).not.toBe('finished');
    expect(held).toHaveLength(1);

    engine.resume();
    await tick();
    expect(held).toHaveLength(2);
    held[1]?.answer(201);
    const result = await done;
    expect(result.items[0]?.status).toBe('finished');
    expect(engine.getState().queue.status).toBe('idle');
  });

  it('aborts the chunk PUTs under way and keeps the stored chunks: on resume only the missing chunks go', async () => {
    const { held, transport } = holdingTransport();
    const engine = engineWith(transport, { maxChunkSize: 5 * MiB, capabilities: { files: { chunked_upload: { max_parallel_count: 1 } } } });
    const done = engine.upload(HOME, [file('big.bin', 12 * MiB)]);
    await tick();
    held[0]?.answer(201);
    await tick();
    expect(held).toHaveLength(2);
    engine.pause();
    await tick();
    expect(held[1]?.aborted).toBe(true);
    // Chunk 1 is stored; chunk 2's half-sent bytes are no longer counted.
    expect(engine.getState().queue.progress).toBe(5 * MiB);
    expect(held).toHaveLength(2);
    engine.resume();
    await tick();
    expect(held.map((entry) => entry.request.url.split('/').pop()).slice(0, 3)).toEqual(['1', '2', '2']);
    held[2]?.answer(201);
    await tick();
    held[3]?.answer(201);
    await tick();
    expect(held).toHaveLength(4);
    const result = await done;
    expect(result.items[0]?.status).toBe('finished');
  });
});

describe('upload engine: a batch counts its files from its start', () => {
  it('counts the files not queued yet while the conflict decision waits, and takes off those skipped', async () => {
    const { held, transport } = holdingTransport();
    let decide: (decision: ConflictDecision) => void = () => undefined;
    const existing = createNode({ source: `${FILES}/a.txt`, type: 'file', root: '/files/alice', size: 5, mtime: 1000 });
    const engine = engineWith(transport, {
      listFolder: async () => [existing],
      decisions: { resolveConflicts: () => new Promise((resolve) => (decide = resolve)) },
    });
    const done = engine.upload(HOME, [file('a.txt', 10), file('b.txt', 10), file('c.txt', 10)]);
    await tick();
    // The dialog waits: no file item yet, but the batch's three files are known.
    const waiting = engine.getState();
    expect(Object.values(waiting.items).filter((item) => item.kind === 'file')).toHaveLength(0);
    expect(waiting.queue.unqueuedFiles).toBe(3);
    expect(waiting.queue.status).toBe('uploading');

    decide({ 'a.txt': 'keep-existing' });
    await tick();
    const queued = engine.getState();
    expect(Object.values(queued.items).filter((item) => item.kind === 'file')).toHaveLength(2);
    expect(queued.queue.unqueuedFiles).toBe(0);
    for (const entry of held) entry.answer(201);
    await done;
    expect(engine.getState().queue.unqueuedFiles).toBe(0);
  });

  it('counts the files in folders before their folders are created, and none once a cancel ends the batch', async () => {
    const engine = engineWith(async () => ({ status: 201, headers: {}, body: '' }), {
      listFolder: async () => [createNode({ source: `${FILES}/top.txt`, type: 'file', root: '/files/alice', size: 5, mtime: 1000 })],
      decisions: { resolveConflicts: async () => 'cancel' },
    });
    const { uploadTreeFromPaths } = await import('./folder');
    const tree = uploadTreeFromPaths([
      { path: 'Photos/a.jpg', file: file('a.jpg', 3) },
      { path: 'Photos/2024/b.jpg', file: file('b.jpg', 3) },
    ]);
    let seen = 0;
    engine.subscribe((state) => (seen = Math.max(seen, state.queue.unqueuedFiles ?? 0)));
    const result = await engine.upload(HOME, [...tree, file('top.txt', 3)]);
    expect(seen).toBe(3);
    expect(result.cancelled).toBe(true);
    expect(engine.getState().queue.unqueuedFiles).toBe(0);
  });
});
