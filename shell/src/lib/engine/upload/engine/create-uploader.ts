import { i18nKey } from '@cumulus/sdk';
import { getMaxParallelUploads } from '../parallel';
import { DEFAULT_RETRY_ATTEMPTS } from '../retry';
import { cancelUpload, createUpload, isUploadFinal } from '../upload-item';
import { runBatch, childController } from './batch';
import type { EngineContext } from './context';
import { EngineState } from './engine-state';
import { yieldToMain } from './time-slicer';
import { resumeMismatch, UploadResumeError } from './errors';
import type { FileRun } from './file-upload';
import { dropWorkspace, fileItem, runFile } from './file-upload';
import { RequestPool } from './pool';
import { realSleep } from './send';
import type { UnfinishedUpload, Uploader, UploaderOptions, UploadDestination, UploadFile, UploadItemState } from './types';

/** 16 random hex characters (the workspace name's tail, product §7). */
function randomHex16(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A nested property of something that may not be an object. */
function capability(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  return current;
}

/** The folder URL and file name of a file URL. */
function splitUrl(url: string): { folder: string; name: string } {
  const slash = url.lastIndexOf('/');
  let name = url.slice(slash + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep it encoded
  }
  return { folder: url.slice(0, slash), name };
}

/**
 * Checks the destination and the user before anything is queued (product §5).
 *
 * @throws Error 'Invalid destination folder' or 'User is not logged in'.
 */
function assertCanUpload(context: EngineContext, destination: UploadDestination): void {
  const type = (destination as { type?: unknown }).type;
  if (typeof destination.source !== 'string' || destination.source === '' || (type !== undefined && type !== 'folder')) {
    throw new Error(i18nKey('Invalid destination folder'));
  }
  if (!context.isPublic && !context.user) throw new Error(i18nKey('User is not logged in'));
}

/**
 * Creates an upload engine (see {@link Uploader} and the "Upload engine" section of
 * lib/engine/README.md).
 */
export function createUploader(options: UploaderOptions): Uploader {
  const now = options.now ?? (() => Date.now());
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const pool = new RequestPool(getMaxParallelUploads(options.capabilities));
  let seq = 0;
  const context: EngineContext = {
    state: new EngineState(now, options.notifyInterval ?? 50, logError),
    send: { transport: options.transport, pool, retries: options.retries ?? DEFAULT_RETRY_ATTEMPTS, sleep: options.sleep ?? realSleep, now },
    headers: { ...options.headers },
    uploadsRoot: options.uploadsRoot ? options.uploadsRoot.replace(/\/+$/, '') : null,
    isPublic: options.isPublic === true,
    user: options.user ?? null,
    maxChunkSize: options.maxChunkSize !== undefined ? options.maxChunkSize : capability(options.capabilities, ['files', 'chunked_upload', 'max_size']),
    filenameRules: options.filenameRules ?? {},
    decisions: options.decisions ?? {},
    listFolder: options.listFolder ?? null,
    journal: options.journal ?? null,
    randomHex: options.randomHex ?? randomHex16,
    now,
    yieldToHost: options.yieldToHost ?? yieldToMain,
    logError,
    nextSeq: () => ++seq,
    runs: new Map(),
    controllers: new Map(),
  };
  const { state } = context;

  /** Marks an item and, for a folder or batch, everything in it as cancelled, and aborts them. */
  const cancelItems = (targets: readonly UploadItemState[]): void => {
    const batches = new Set(targets.filter((item) => item.kind === 'batch').map((item) => item.id));
    const folders = targets.filter((item) => item.kind === 'folder');
    const ids = new Set(targets.map((item) => item.id));
    const inside = (item: UploadItemState): boolean =>
      ids.has(item.id) ||
      (item.batchId !== null && batches.has(item.batchId)) ||
      folders.some((folder) => item.batchId === folder.batchId && item.path.startsWith(`${folder.path}/`));
    for (const item of state.all()) {
      if (!inside(item)) continue;
      const run = context.runs.get(item.id);
      if (isUploadFinal(item)) {
        // A failed upload kept for a retry: cancelling it gives up its workspace.
        if (item.resumable === true && run) {
          state.update(item.id, (current) => ({ ...current, resumable: false }));
          void dropWorkspace(context, run);
        }
        continue;
      }
      state.update(item.id, cancelUpload);
      run?.controller.abort();
      context.controllers.get(item.id)?.abort();
    }
  };
  const cancel = (id: string): void => {
    const target = state.get(id);
    if (target) cancelItems([target]);
  };

  /** Runs a file item again (retry or resume), from its kept workspace when there is one. */
  const rerun = (run: FileRun): Promise<UploadItemState> => {
    run.controller = new AbortController();
    state.update(run.id, (item) => ({ ...createUpload(item.source, item.isChunked, item.size, run.chunkSize), id: item.id, kind: item.kind, name: item.name, path: item.path, batchId: item.batchId, destination: item.destination, chunksUploaded: 0 }));
    return runFile(context, run);
  };

  return {
    getState: () => state.getState(),
    getItem: (id) => state.get(id),
    subscribe: (listener) => state.subscribe(listener),
    on: (event, listener) => state.on(event, listener),

    upload(destination, entries, uploadOptions = {}) {
      try {
        assertCanUpload(context, destination);
      } catch (error) {
        return Promise.reject(error);
      }
      return runBatch(context, destination, entries, uploadOptions);
    },

    cancel,
    cancelAll() {
      cancelItems(state.all());
    },
    pause() {
      pool.pause();
      state.pause();
    },
    resume() {
      state.resume();
      pool.resume();
    },
    reset() {
      if (!state.reset()) return false;
      context.runs.clear();
      return true;
    },

    async retry(id) {
      const run = context.runs.get(id);
      const item = state.get(id);
      if (!run || !item || item.status !== 'failed') throw new Error(`Upload ${id} cannot be retried: it is not a failed file upload`);
      return rerun(run);
    },

    async listUnfinished() {
      if (!context.journal) return [];
      const records = await context.journal.list();
      // Those this engine holds (running, or failed and resumable with retry(id)) are not listed.
      const held = new Set([...context.runs.values()].map((run) => run.journalId));
      return records.filter((record) => !held.has(record.id));
    },

    async resumeUnfinished(record: UnfinishedUpload, file: UploadFile) {
      const mismatched = resumeMismatch(record, file);
      if (mismatched.length > 0) throw new UploadResumeError(mismatched);
      const { folder, name } = splitUrl(record.destination);
      const itemSeq = context.nextSeq();
      const run: FileRun = {
        id: `upload-${itemSeq}`,
        seq: itemSeq,
        file,
        url: record.destination,
        headers: context.headers,
        controller: childController(undefined),
        chunkSize: record.chunkSize,
        workspace: record.workspace,
        journalId: record.id,
        startedAt: record.startedAt,
      };
      context.runs.set(run.id, run);
      state.add(fileItem(run, { name, path: `/${name}`, batchId: null, destination: folder }));
      return runFile(context, run);
    },

    async discardUnfinished(record: UnfinishedUpload) {
      await dropWorkspace(context, {
        id: record.id,
        seq: 0,
        file: new Blob() as UploadFile,
        url: record.destination,
        headers: context.headers,
        controller: new AbortController(),
        chunkSize: record.chunkSize,
        workspace: record.workspace,
        journalId: record.id,
        startedAt: record.startedAt,
      });
    },
  };
}
