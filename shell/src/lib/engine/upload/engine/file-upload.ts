import { chunkCount, chunkRange, getChunkSize, shouldChunk } from '../chunking';
import type { UploadResponse } from '../upload-item';
import { cancelUpload, createUpload, failUpload, finishUpload, setUploaded } from '../upload-item';
import type { EngineContext } from './context';
import { firstElementText, multistatusEntries, storedChunks } from './dav-xml';
import { cancelledError, uploadErrorFromResponse } from './errors';
import type { SendOutcome } from './send';
import { send } from './send';
import { abortError, isAbortError } from './transport';
import type { TransportResponse, UnfinishedUpload, UploadError, UploadFile, UploadItemState, UploadStage } from './types';

/** Content type of a file the browser cannot name, and of every chunk (product §7). */
const OCTET_STREAM = 'application/octet-stream';

/** The PROPFIND body asking a workspace for its chunks' sizes. */
const CHUNKS_PROPFIND =
  '<?xml version="1.0" encoding="UTF-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontentlength/></d:prop></d:propfind>';

/** The PROPFIND body asking for a file's size and id. */
const DESTINATION_PROPFIND =
  '<?xml version="1.0" encoding="UTF-8"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:getcontentlength/><oc:fileid/></d:prop></d:propfind>';

/** One file's upload as the engine runs it (internal): the file, where it goes, its abort controller and workspace. */
export interface FileRun {
  readonly id: string;
  /** Its place in the pool's line. */
  readonly seq: number;
  file: UploadFile;
  /** Absolute URL of the destination file. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  controller: AbortController;
  /** 0 for a plain upload. */
  chunkSize: number;
  /** The chunk workspace's URL, once created (kept for a resume). */
  workspace: string | null;
  /** The journal record's id, while one is kept. */
  journalId: string | null;
  startedAt: number;
}

/** A step that failed, with whether a later retry could continue where it stopped. */
class StepFailure extends Error {
  /** @param error - what the item records; @param transient - no answer, 429 or 5xx (not 507) */
  constructor(
    readonly error: UploadError,
    readonly transient: boolean,
    readonly response?: TransportResponse,
  ) {
    super(error.detail);
  }
}

function failure(stage: UploadStage, outcome: SendOutcome): StepFailure {
  if (outcome.kind === 'no-answer') return new StepFailure(uploadErrorFromResponse(stage, 0), true);
  const { status } = outcome.response;
  const transient = status === 429 || (status >= 500 && status !== 507);
  return new StepFailure(uploadErrorFromResponse(stage, status, outcome.response.body), transient, outcome.response);
}

/** The 2xx answer of an outcome, or null. */
function success(outcome: SendOutcome): TransportResponse | null {
  return outcome.kind === 'answer' && outcome.response.status >= 200 && outcome.response.status < 300 ? outcome.response : null;
}

/** `X-OC-Mtime`: the modification time in whole seconds (product §7). */
function mtimeHeader(file: UploadFile): string {
  return String(Math.floor(file.lastModified / 1000));
}

function uploadResponse(response: TransportResponse): UploadResponse {
  return { status: response.status, headers: { ...response.headers }, ...(response.status >= 400 && response.body !== '' ? { data: response.body } : {}) };
}

/** The new file's id from `oc-fileid` (Nextcloud pads it and appends the instance id: '00000042oc…'). */
function fileIdOf(response: TransportResponse): number | undefined {
  const id = Number.parseInt(response.headers['oc-fileid'] ?? '', 10);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The chunk size a file goes up with: 0 for one request (small file, public mode, chunking off, no uploads area). */
export function chunkSizeFor(context: EngineContext, size: number): number {
  if (context.isPublic || context.uploadsRoot === null) return 0;
  const chunkSize = getChunkSize(context.maxChunkSize, size);
  return shouldChunk(size, chunkSize, context.isPublic) ? chunkSize : 0;
}

/** A new file item, 'initialized'. */
export function fileItem(
  run: Pick<FileRun, 'id' | 'url' | 'file' | 'chunkSize'>,
  fields: { name: string; path: string; batchId: string | null; destination: string },
): UploadItemState {
  return {
    ...createUpload(run.url, run.chunkSize > 0, run.file.size, run.chunkSize),
    id: run.id,
    kind: 'file',
    ...fields,
    chunksUploaded: 0,
  };
}

/**
 * Uploads one file, plain or chunked (continuing from a kept workspace), and
 * settles its item: finished, or failed with an error; a cancelled one
 * settles failed with its `cancelled` mark. Never rejects.
 */
export async function runFile(context: EngineContext, run: FileRun): Promise<UploadItemState> {
  try {
    if (run.chunkSize > 0) await uploadChunked(context, run);
    else await uploadPlain(context, run);
  } catch (error) {
    if (run.controller.signal.aborted || isAbortError(error)) {
      await dropWorkspace(context, run);
      context.state.update(run.id, (item) => ({ ...failUpload(cancelUpload(item)), error: cancelledError(run.chunkSize > 0 ? 'chunk' : 'upload'), resumable: false }));
    } else if (error instanceof StepFailure) {
      const keep = error.transient && run.workspace !== null;
      if (!keep) await dropWorkspace(context, run);
      context.state.update(run.id, (item) => ({
        ...failUpload(item, error.response ? uploadResponse(error.response) : undefined),
        error: error.error,
        resumable: keep,
      }));
    } else {
      context.logError('Upload failed unexpectedly', error);
      await dropWorkspace(context, run);
      context.state.update(run.id, (item) => ({ ...failUpload(item), error: uploadErrorFromResponse('upload', 0), resumable: false }));
    }
  }
  return context.state.get(run.id) as UploadItemState;
}

/** Records that the file's request went out or progressed: below the size the item is 'uploading'. */
function progress(context: EngineContext, run: FileRun, bytes: number, chunksUploaded?: number): void {
  context.state.update(run.id, (item) => {
    const updated = setUploaded(item, bytes, context.now());
    return chunksUploaded === undefined || updated.chunksUploaded === chunksUploaded ? updated : { ...updated, chunksUploaded };
  });
}

function finish(context: EngineContext, run: FileRun, response: TransportResponse): void {
  const fileid = fileIdOf(response);
  context.state.update(run.id, (item) => ({ ...finishUpload(item, uploadResponse(response)), ...(fileid === undefined ? {} : { fileid }), resumable: false }));
}

/** One PUT of the whole file, with X-OC-Mtime and its Content-Type (product §7 "Regular"). */
async function uploadPlain(context: EngineContext, run: FileRun): Promise<void> {
  const { file } = run;
  // Below the size until the server has answered: 'finished' comes with the answer.
  const sent = (loaded: number): void => {
    if (file.size > 0) progress(context, run, Math.min(loaded, file.size - 1));
  };
  const outcome = await send(
    context.send,
    {
      method: 'PUT',
      url: run.url,
      headers: { ...run.headers, 'X-OC-Mtime': mtimeHeader(file), 'Content-Type': file.type || OCTET_STREAM },
      body: file,
      onUploadProgress: sent,
    },
    { priority: [run.seq], signal: run.controller.signal, interruptible: true, onStart: () => sent(0), onRetry: () => sent(0) },
  );
  const response = success(outcome);
  if (response === null) throw failure('upload', outcome);
  finish(context, run, response);
}

/** MKCOL of a new workspace with the Destination header (product §7), retried; recorded in the journal. */
async function createWorkspace(context: EngineContext, run: FileRun): Promise<string> {
  const name = `web-file-upload-${context.randomHex()}`;
  const url = `${context.uploadsRoot}/${name}`;
  const outcome = await send(
    context.send,
    { method: 'MKCOL', url, headers: { ...run.headers, Destination: run.url } },
    { priority: [run.seq, 0], signal: run.controller.signal, retryStatus: true },
  );
  // 405 to a repeated MKCOL: the first one was carried out, its answer lost.
  const created = success(outcome) !== null || (outcome.kind === 'answer' && outcome.response.status === 405 && outcome.attempts > 1);
  if (!created) throw failure('workspace', outcome);
  run.workspace = url;
  run.journalId = name;
  await remember(context, {
    id: name,
    workspace: url,
    destination: run.url,
    name: run.file.name,
    size: run.file.size,
    lastModified: run.file.lastModified,
    type: run.file.type,
    chunkSize: run.chunkSize,
    startedAt: run.startedAt,
  });
  return url;
}

/** The chunks a kept workspace holds (number → size); null when the workspace is gone. */
async function listStoredChunks(context: EngineContext, run: FileRun, workspace: string): Promise<Map<number, number> | null> {
  const outcome = await send(
    context.send,
    {
      method: 'PROPFIND',
      url: workspace,
      headers: { ...run.headers, Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' },
      body: CHUNKS_PROPFIND,
    },
    { priority: [run.seq, 0], signal: run.controller.signal },
  );
  if (outcome.kind === 'answer' && outcome.response.status === 207) return storedChunks(outcome.response.body);
  if (outcome.kind === 'answer' && outcome.response.status === 404) return null;
  throw failure('chunk', outcome);
}

/**
 * The chunked upload of product §7: workspace, chunks 1..N, MOVE of `.file`.
 * With a kept workspace it first asks which chunks the server holds and
 * sends only the others (a chunk counts when its stored size is right).
 * The first chunk that fails for good cancels the others.
 */
async function uploadChunked(context: EngineContext, run: FileRun): Promise<void> {
  const { file, chunkSize } = run;
  const total = file.size;
  const count = chunkCount(total, chunkSize);
  const signal = run.controller.signal;

  let stored = new Map<number, number>();
  if (run.workspace !== null) {
    const found = await listStoredChunks(context, run, run.workspace);
    if (found === null) {
      // Expired or swept: start over in a new workspace.
      await forget(context, run);
      run.workspace = null;
    } else {
      stored = found;
    }
  }
  const workspace = run.workspace ?? (await createWorkspace(context, run));

  const done = new Set<number>();
  let doneBytes = 0;
  for (let n = 1; n <= count; n++) {
    const { start, end } = chunkRange(n, total, chunkSize);
    if (stored.get(n) === end - start) {
      done.add(n);
      doneBytes += end - start;
    }
  }
  const inFlight = new Map<number, number>();
  const report = (): void => {
    let bytes = doneBytes;
    for (const loaded of inFlight.values()) bytes += loaded;
    // 'assembling' only once every chunk is stored.
    progress(context, run, done.size === count ? total : Math.min(bytes, total - 1), done.size);
  };
  report();

  const chunks = new AbortController();
  const stopChunks = (): void => chunks.abort();
  signal.addEventListener('abort', stopChunks, { once: true });
  let firstFailure: unknown = null;
  const missing: number[] = [];
  for (let n = 1; n <= count; n++) if (!done.has(n)) missing.push(n);
  try {
    await Promise.all(
      missing.map(async (n) => {
        const { start, end } = chunkRange(n, total, chunkSize);
        try {
          const outcome = await send(
            context.send,
            {
              method: 'PUT',
              url: `${workspace}/${n}`,
              headers: {
                ...run.headers,
                'X-OC-Mtime': mtimeHeader(file),
                'OC-Total-Length': String(total),
                Destination: run.url,
                'Content-Type': OCTET_STREAM,
              },
              // The slice itself, never its bytes in JS (see the README's "Speed").
              body: file.slice(start, end),
              onUploadProgress: (loaded) => {
                inFlight.set(n, Math.min(loaded, end - start));
                report();
              },
            },
            {
              priority: [run.seq, n],
              signal: chunks.signal,
              interruptible: true,
              onStart: () => {
                inFlight.set(n, 0);
                report();
              },
              onRetry: () => {
                inFlight.delete(n);
                report();
              },
            },
          );
          inFlight.delete(n);
          if (success(outcome) === null) throw failure('chunk', outcome);
          done.add(n);
          doneBytes += end - start;
          report();
        } catch (error) {
          inFlight.delete(n);
          // The first real failure stops the other chunks (a 507 among them: product §8).
          if (firstFailure === null && !isAbortError(error)) {
            firstFailure = error;
            chunks.abort();
          }
        }
      }),
    );
  } finally {
    signal.removeEventListener('abort', stopChunks);
  }
  if (signal.aborted) throw abortError();
  if (firstFailure !== null) throw firstFailure;

  const outcome = await send(
    context.send,
    {
      method: 'MOVE',
      url: `${workspace}/.file`,
      headers: { ...run.headers, Destination: run.url, 'X-OC-Mtime': mtimeHeader(file), 'OC-Total-Length': String(total) },
    },
    { priority: [run.seq, count + 1], signal },
  );
  let response = success(outcome);
  if (response === null && outcome.kind === 'answer' && outcome.response.status === 404 && outcome.attempts > 1) {
    // The first MOVE's answer was lost and the workspace is gone: was it carried out?
    response = await assembledAlready(context, run, outcome.response);
  }
  if (response === null) throw failure('assemble', outcome);
  // The server removed the workspace with the assembly.
  run.workspace = null;
  await forget(context, run);
  finish(context, run, response);
}

/**
 * After a MOVE whose answer was lost (the server went down) and whose retry
 * found no workspace: the file at the destination, when it has the upload's
 * size, is the assembled upload. Returns an answer standing for the MOVE's,
 * or null.
 */
async function assembledAlready(context: EngineContext, run: FileRun, notFound: TransportResponse): Promise<TransportResponse | null> {
  const outcome = await send(
    context.send,
    {
      method: 'PROPFIND',
      url: run.url,
      headers: { ...run.headers, Depth: '0', 'Content-Type': 'application/xml; charset=utf-8' },
      body: DESTINATION_PROPFIND,
    },
    { priority: [run.seq, 0], signal: run.controller.signal },
  );
  if (outcome.kind !== 'answer' || outcome.response.status !== 207) return null;
  const [entry] = multistatusEntries(outcome.response.body);
  if (entry?.size !== run.file.size) return null;
  const fileid = firstElementText(outcome.response.body, 'fileid');
  return { status: 201, headers: { ...notFound.headers, ...(fileid ? { 'oc-fileid': fileid } : {}) }, body: '' };
}

/** Records an unfinished upload in the journal; a journal that fails is logged and stops nothing. */
async function remember(context: EngineContext, record: UnfinishedUpload): Promise<void> {
  try {
    await context.journal?.put(record);
  } catch (error) {
    context.logError('Could not update the upload journal', error);
  }
}

/** Removes the run's journal record. */
async function forget(context: EngineContext, run: FileRun): Promise<void> {
  if (run.journalId === null) return;
  const id = run.journalId;
  run.journalId = null;
  try {
    await context.journal?.remove(id);
  } catch (error) {
    context.logError('Could not update the upload journal', error);
  }
}

/** DELETE of the workspace after a failure or a cancel (product §7), once, best effort; and the journal record. */
export async function dropWorkspace(context: EngineContext, run: FileRun): Promise<void> {
  await forget(context, run);
  const workspace = run.workspace;
  if (workspace === null) return;
  run.workspace = null;
  try {
    // Outside the pool: clean-up never waits behind uploads, nor for a paused queue.
    const response = await context.send.transport({ method: 'DELETE', url: workspace, headers: { ...run.headers } });
    if (response.status >= 300 && response.status !== 404) context.logError(`Could not delete the upload workspace ${workspace}: status ${response.status}`, null);
  } catch (error) {
    context.logError(`Could not delete the upload workspace ${workspace}`, error);
  }
}
