/** @jest-environment jsdom */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ReactElement } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { TransportRequest, TransportResponse } from '../../lib/engine';
import { createAppStore } from '../../app/store';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { folderLoaded } from '../../model/base/folderActions';
import { routeChanged } from '../../model/navigation/navigationSlice';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { collectPickedFiles } from '../../operations/uploads/dataTransferFiles';
import { UploadProgress } from './UploadProgress';
import { startUploadRuntime } from '../../operations/uploads/uploadRuntime';
import { uploadDropped } from '../../operations/uploads/uploadDropped';
import { uploadCollected } from '../../operations/uploads/uploadThunks';
import { allUploadItems } from '../../model/uploads/uploadsSlice';

// The engine's timers and React renders run for real: generous on a busy machine.
jest.setTimeout(30_000);

const settle = (ms = 20) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const toasts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);

/** A transport that records requests and answers by a rule; `hold` keeps a PUT open until aborted. */
function scriptedTransport(answer: (request: TransportRequest) => number | 'hold') {
  const requests: TransportRequest[] = [];
  const transport = (request: TransportRequest): Promise<TransportResponse> => {
    requests.push(request);
    const status = answer(request);
    if (status === 'hold') {
      request.onUploadProgress?.(Math.floor(((request.body as Blob | undefined)?.size ?? 0) * 0.9));
      return new Promise((_resolve, reject) => {
        request.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      });
    }
    request.onUploadProgress?.((request.body as Blob | undefined)?.size ?? 0);
    const headers: Record<string, string> = status < 300 ? { 'oc-fileid': '42' } : {};
    return Promise.resolve({ status, headers, body: '' });
  };
  return { transport, requests };
}

async function setup(answer: (request: TransportRequest) => number | 'hold', ui: ReactElement = <UploadProgress />) {
  const { services, calls } = await createFakeServices({ folders: { '/': [testNode('/old.txt')] } });
  const store = createAppStore(services);
  store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: null, openfile: false }));
  const root = testFolder('/', { fileid: 1 });
  store.dispatch(folderLoaded({ view: 'files', dir: '/', folder: root, contents: [] }));
  const { transport, requests } = scriptedTransport(answer);
  await startUploadRuntime(services, store, { transport, sleep: () => Promise.resolve(), journal: undefined });
  renderWithStore(ui, services, store);
  return { services, calls, store, root, requests };
}

const files = (...names: string[]) => collectPickedFiles(names.map((name) => new File([`content of ${name}`.padEnd(100, '.')], name, { type: 'text/plain', lastModified: 2_000_000 })));

/** Starts an upload of `names` into `root` and lets it run; the returned `ended()` waits for its end. */
async function startUpload(store: Awaited<ReturnType<typeof setup>>['store'], root: Awaited<ReturnType<typeof setup>>['root'], ...names: string[]) {
  let done: Promise<unknown> = Promise.resolve();
  await act(async () => {
    done = store.dispatch(uploadCollected({ folder: root, collected: files(...names), origin: 'picker' }));
  });
  await settle(300);
  return {
    ended: async () => {
      await act(async () => {
        await done;
      });
      await settle(300);
    },
  };
}

describe('uploads in the shell', () => {
  beforeAll(() => {
    document.head.dataset['requesttoken'] = 'token-1';
  });
  afterEach(() => clearToasts());

  it("uploads picked files with PUT, mirrors them into the store as plain data, says 'Files uploaded successfully' and lists the current folder again", async () => {
    const { store, root, requests, calls } = await setup(() => 201);
    const listedBefore = calls.listed.length;
    await act(async () => {
      await store.dispatch(uploadCollected({ folder: root, collected: files('a.txt', 'b.txt'), origin: 'picker' }));
    });
    await settle(400);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PUT https://cloud.test/remote.php/dav/files/alice/a.txt',
      'PUT https://cloud.test/remote.php/dav/files/alice/b.txt',
    ]);
    expect(requests[0]?.headers['X-OC-Mtime']).toBe('2000');
    const state = store.getState().uploads;
    const items = allUploadItems(state);
    expect(items.filter((item) => item?.kind === 'file').map((item) => [item?.name, item?.status, item?.fileid])).toEqual([
      ['a.txt', 'finished', 42],
      ['b.txt', 'finished', 42],
    ]);
    // Plain data only: the store survives JSON.
    expect(JSON.parse(JSON.stringify(state.items))).toEqual(state.items);
    expect(state.queue.status).toBe('idle');
    expect(toasts()).toEqual(['success: Files uploaded successfully']);
    // product §4: refetch after an upload into the current folder.
    expect(calls.listed.length).toBeGreaterThan(listedBefore);
  });

  it('a drop onto the folder on screen reads the folder alone and lists it neither for its conflicts nor after while the change feed keeps it current; without a feed it is listed', async () => {
    for (const liveFeed of [true, false]) {
      const { services, store, calls, requests } = await setup(() => 201);
      services.liveFeed = liveFeed;
      await settle(400);
      calls.listed.length = 0;
      calls.keptLookups.length = 0;
      calls.etagChecks.length = 0;
      const taken = { entries: [], files: [new File(['dropped'], 'dropped.txt', { type: 'text/plain' })], itemCount: 1, noFilesystemApi: false };
      await act(async () => {
        await store.dispatch(uploadDropped({ target: { path: '/' }, taken }));
      });
      await settle(400);
      expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['PUT https://cloud.test/remote.php/dav/files/alice/dropped.txt']);
      // The folder alone (it must still exist and take uploads), then no listing with a feed; without one it is listed (its conflicts, product §4's refetch).
      expect(calls.etagChecks).toEqual(['/']);
      if (liveFeed) expect(calls.listed).toEqual([]);
      else expect(calls.listed).toContain('/');
      clearToasts();
    }
  });

  it("shows the spec's error texts: 507 'Not enough free space', 404 'Target folder does not exist any more', 403, and a drop's 'Some files could not be uploaded'", async () => {
    const { store, root } = await setup((request) => (request.url.endsWith('full.txt') ? 507 : request.url.endsWith('gone.txt') ? 404 : request.url.endsWith('blocked.txt') ? 403 : 201));
    await act(async () => {
      await store.dispatch(uploadCollected({ folder: root, collected: files('full.txt', 'gone.txt', 'blocked.txt', 'fine.txt'), origin: 'drop' }));
    });
    expect(toasts()).toEqual([
      'error: Not enough free space',
      'error: Target folder does not exist any more',
      'error: Operation is blocked by access control',
      'error: Some files could not be uploaded',
    ]);
  });

  it("says 'No files to upload' for an empty pick, and warns when folders could not be read", async () => {
    const { store, root } = await setup(() => 201);
    await act(async () => {
      await store.dispatch(uploadCollected({ folder: root, collected: { files: [], directories: [], failures: 1, noFilesystemApi: true }, origin: 'drop' }));
    });
    expect(toasts()).toEqual([
      'warning: Your browser does not support the Filesystem API. Directories will not be uploaded',
      'error: One of the dropped files could not be processed',
      'info: No files to upload',
    ]);
  });

  it("shows the progress bar (the progress colour above 80 %: that warning is the quota bar's), the time-left text and the per-file list while uploading; 'Cancel uploads' cancels", async () => {
    const { store, root } = await setup((request) => (request.url.endsWith('slow.bin') ? 'hold' : 201));
    let done: Promise<unknown> = Promise.resolve();
    await act(async () => {
      done = store.dispatch(uploadCollected({ folder: root, collected: files('slow.bin'), origin: 'picker' }));
    });
    await settle(300);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(document.querySelector('[data-upload-announcement]')?.textContent).toBe('0 of 1 file');
    // 90 % of the bytes went up (the transport reported them) and the request hangs.
    expect(bar.getAttribute('aria-valuenow')).toBe('90');
    expect(bar.className).not.toContain('files-upload__bar--error');
    expect(screen.getByText('estimating time left')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '0 of 1 file' }));
    await settle();
    const list = await screen.findByRole('list', { name: 'Uploads' });
    expect(within(list).getByText('slow.bin')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Cancel upload of "slow.bin"' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel uploads' }));
    await act(async () => {
      await done;
    });
    await settle(300);
    expect(toasts()).toEqual(['info: Upload was cancelled by user']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The live region stays on the page for the next upload, empty.
    const region = document.querySelector('[data-upload-announcement]');
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.textContent).toBe('');
    const item = allUploadItems(store.getState().uploads).find((entry) => entry.kind === 'file');
    expect(item).toMatchObject({ status: 'failed', cancelled: true });
  });

  it("'Cancel uploads' of several files (a batch) says 'Upload was cancelled by user' once", async () => {
    const { store, root } = await setup((request) => (request.url.endsWith('.bin') ? 'hold' : 201));
    const upload = await startUpload(store, root, 'one.bin', 'two.bin');
    expect(screen.getByRole('button', { name: '0 of 2 files' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel uploads' }));
    await upload.ended();
    expect(toasts()).toEqual(['info: Upload was cancelled by user']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("'Pause uploads' starts no new request and says 'paused'; 'Resume uploads' (same button, keyboard focus kept) goes on to the end", async () => {
    // One job at a time; each PUT is held until the test lets it answer.
    const held: (() => void)[] = [];
    const requests: TransportRequest[] = [];
    const transport = (request: TransportRequest): Promise<TransportResponse> => {
      requests.push(request);
      return new Promise((resolve) => {
        held.push(() => {
          request.onUploadProgress?.((request.body as Blob | undefined)?.size ?? 0);
          resolve({ status: 201, headers: { 'oc-fileid': '42' }, body: '' });
        });
      });
    };
    const { services } = await createFakeServices({ folders: { '/': [] } });
    const store = createAppStore(services);
    store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: null, openfile: false }));
    const root = testFolder('/', { fileid: 1 });
    store.dispatch(folderLoaded({ view: 'files', dir: '/', folder: root, contents: [] }));
    await startUploadRuntime(services, store, {
      transport,
      sleep: () => Promise.resolve(),
      journal: undefined,
      capabilities: { files: { chunked_upload: { max_parallel_count: 1 } } },
    });
    renderWithStore(<UploadProgress />, services, store);
    const upload = await startUpload(store, root, 'one.bin', 'two.bin');
    expect(requests.map((request) => request.url.split('/').pop())).toEqual(['one.bin']);

    const pause = screen.getByRole('button', { name: 'Pause uploads' });
    pause.focus();
    fireEvent.click(pause);
    await settle(300);
    expect(store.getState().uploads.queue.status).toBe('paused');
    expect(screen.getByText('paused')).toBeTruthy();
    // The running request finishes; the next file waits.
    await act(async () => held.shift()?.());
    await settle(300);
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('button', { name: '1 of 2 files' })).toBeTruthy();
    const resume = screen.getByRole('button', { name: 'Resume uploads' });
    // The same button, relabelled: a keyboard user's focus did not move.
    expect(resume).toBe(pause);
    expect(document.activeElement).toBe(resume);

    fireEvent.click(resume);
    await settle(300);
    expect(requests.map((request) => request.url.split('/').pop())).toEqual(['one.bin', 'two.bin']);
    expect(screen.getByRole('button', { name: 'Pause uploads' })).toBe(pause);
    await act(async () => held.shift()?.());
    await upload.ended();
    expect(toasts()).toEqual(['success: Files uploaded successfully']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("keeps the keyboard focus when a per-file Cancel or 'Cancel uploads' takes its button away", async () => {
    let newButton: HTMLButtonElement | null = null;
    const ui = (
      <>
        <button type="button" ref={(element) => void (newButton = element)}>
          New
        </button>
        <UploadProgress returnFocusTo={() => newButton} />
      </>
    );
    const { store, root } = await setup((request) => (request.url.endsWith('.bin') ? 'hold' : 201), ui);
    const upload = await startUpload(store, root, 'one.bin', 'two.bin');
    fireEvent.click(screen.getByRole('button', { name: '0 of 2 files' }));
    const list = await screen.findByRole('list', { name: 'Uploads' });
    const cancelOne = within(list).getByRole('button', { name: 'Cancel upload of "one.bin"' });
    cancelOne.focus();
    fireEvent.click(cancelOne);
    await settle(300);
    // The line's button is gone; the focus stays in the upload controls, on the list's toggle.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '1 of 2 files' }));

    const cancelAll = screen.getByRole('button', { name: 'Cancel uploads' });
    cancelAll.focus();
    fireEvent.click(cancelAll);
    await upload.ended();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.activeElement).toBe(newButton);
  });
});
