/**
 * The upload engine's public types: what the host gives it (transport, where
 * to upload, decisions, journal) and what it gives back (plain state, events,
 * results). Everything in {@link UploaderState} is plain serialisable data, so
 * the shell can mirror it into its store; `File` objects, promises and abort
 * controllers stay inside the engine.
 */
import type { ConflictChoice } from '../../state/conflict';
import type { FilenameRules, InvalidFilenameError } from '../../validation/filename';
import type { Node } from '@cumulus/sdk';
import type { QueueStatus } from '../queue';
import type { RateEstimate } from '../rate-estimator';
import type { Upload } from '../upload-item';

// ---------------------------------------------------------------------------
// Transport

/** The methods the engine sends. */
export type UploadMethod = 'PUT' | 'MKCOL' | 'MOVE' | 'DELETE' | 'PROPFIND';

/** One HTTP request the engine asks its transport to make. */
export interface TransportRequest {
  method: UploadMethod;
  /** Absolute URL, path segments already encoded. */
  url: string;
  /** Request headers (the engine's custom headers included). */
  headers: Readonly<Record<string, string>>;
  /** The body: a file, a slice of one, or XML text. */
  body?: Blob | string;
  /** Aborts the request; the transport then rejects with an error named `AbortError`. */
  signal?: AbortSignal;
  /** Bytes of the body sent so far; called as they go (XHR `upload.onprogress`) or at least once at the end. */
  onUploadProgress?: (loaded: number) => void;
}

/** The answer to a {@link TransportRequest}. */
export interface TransportResponse {
  status: number;
  /** Response headers, names lowercase. */
  headers: Readonly<Record<string, string>>;
  /** The body as text ('' when none). */
  body: string;
}

/**
 * Makes HTTP requests for the engine. Resolves with any HTTP answer (error
 * statuses included); rejects only when no answer came: with an error named
 * `AbortError` when the signal aborted, any other error for a network
 * failure. `createXhrTransport()` (browser, with upload progress) and
 * `createFetchTransport()` (node, tests) are provided.
 */
export type UploadTransport = (request: TransportRequest) => Promise<TransportResponse>;

// ---------------------------------------------------------------------------
// What gets uploaded

/**
 * A file to upload: a browser `File`, or any `Blob` with a name and a
 * modification time (node's `File`, a file-backed blob wrapped in one).
 */
export type UploadFile = Blob & {
  readonly name: string;
  /** Modification time, ms since the epoch. */
  readonly lastModified: number;
};

/**
 * A folder to upload (product §3 "Folder wrapper"). Build one with
 * `createUploadFolder` or `uploadTreeFromPaths`.
 */
export interface UploadFolder {
  readonly kind: 'folder';
  /** The name it is uploaded under. */
  readonly name: string;
  /** The name it had on the user's device (before an invalid-name rename). */
  readonly originalName: string;
  /** Its path relative to the upload's destination, starting with '/'. */
  readonly path: string;
  readonly children: readonly UploadEntry[];
  /** The sum of its children's sizes. */
  readonly size: number;
  /** The newest of its children's modification times (ms since the epoch); 0 when empty. */
  readonly lastModified: number;
}

/** A file or a folder tree to upload. */
export type UploadEntry = UploadFile | UploadFolder;

/**
 * The folder uploaded into (product §3 "Destination folder"). A folder `Node`
 * fits as it is.
 */
export interface UploadDestination {
  /** Absolute WebDAV URL of the folder, path segments encoded, e.g. `https://host/remote.php/dav/files/alice/My%20Photos`. */
  readonly source: string;
  /** The owner's user id; null or 'anonymous' on a public share. */
  readonly owner?: string | null;
  /** Display path of the folder, for dialogs (`/Photos`). */
  readonly path?: string;
}

// ---------------------------------------------------------------------------
// Decisions the UI makes

/** An entry whose name breaks the filename rules (product §5 "Upload"). */
export interface InvalidNameRequest {
  /** The entry's name as it is. */
  readonly name: string;
  /** Its path relative to the batch's destination, starting with '/'. */
  readonly path: string;
  readonly isFolder: boolean;
  /** Why the name is refused; `uploadFilenameErrorMessage(error, t)` gives the upload wording. */
  readonly error: InvalidFilenameError;
  /** Names already used in the same folder (siblings and existing nodes); the engine makes the answer unique among them. */
  readonly siblings: readonly string[];
}

/** What the invalid-name dialog answers: a new name (made unique among the siblings by the engine) or skip the entry. */
export type InvalidNameDecision = string | 'skip';

/** One incoming entry that has the name of an existing node. */
export interface IncomingConflict {
  readonly name: string;
  readonly isFolder: boolean;
  /** Bytes; for a folder the sum of its contents. */
  readonly size: number;
  /** ms since the epoch. */
  readonly lastModified: number;
  /** The file itself (for a preview); absent for folders. */
  readonly file?: UploadFile;
}

/** A folder level with conflicts, as the conflict dialog shows it (product §2). */
export interface ConflictRequest {
  /** The folder written into. */
  readonly destination: UploadDestination;
  /** Display name of that folder, for '{count} file conflict in {dirname}'. */
  readonly dirname: string;
  /** The incoming entries in conflict. */
  readonly incoming: readonly IncomingConflict[];
  /** The existing nodes they collide with, one per incoming entry, same order. */
  readonly existing: readonly Node[];
  /** All existing nodes of the folder (the dialog's "existing content"). */
  readonly content: readonly Node[];
  /** True below the batch's destination: inside an incoming folder merged into an existing one. */
  readonly recursive: boolean;
}

/**
 * The conflict dialog's answer: a choice per incoming name, or cancel the
 * whole operation ('Cancel the entire operation'). A name left out is
 * skipped (keep existing), as 'Skip this file' does.
 */
export type ConflictDecision = 'cancel' | Readonly<Record<string, ConflictChoice>>;

/**
 * The UI's hooks for the decisions the engine cannot take alone. Both may be
 * slow (they wait for a dialog); the engine waits, holding no upload slot.
 */
export interface UploadDecisions {
  /** Asked for each file or folder whose name breaks the rules. Without it, such entries are skipped. */
  resolveInvalidName?(request: InvalidNameRequest): Promise<InvalidNameDecision>;
  /** Asked once per folder level with conflicts. Without it, incoming files overwrite and folders merge. */
  resolveConflicts?(request: ConflictRequest): Promise<ConflictDecision>;
}

// ---------------------------------------------------------------------------
// Resume after reload

/**
 * What the engine persists about an unfinished chunked upload so it can be
 * resumed after a page reload (from the chunks the server already holds).
 * Plain JSON.
 */
export interface UnfinishedUpload {
  /** Stable id (the workspace name, `web-file-upload-…`). */
  readonly id: string;
  /** Absolute URL of the chunk workspace. */
  readonly workspace: string;
  /** Absolute URL of the destination file. */
  readonly destination: string;
  /** The file's name, size and modification time (ms): a file picked again must match them. */
  readonly name: string;
  readonly size: number;
  readonly lastModified: number;
  /** MIME type of the file. */
  readonly type: string;
  /** The chunk size the upload was cut with. */
  readonly chunkSize: number;
  /** When the upload started, ms since the epoch. */
  readonly startedAt: number;
}

/**
 * Where unfinished uploads are persisted. `createStorageJournal(localStorage)`
 * keeps them across reloads; `createMemoryJournal()` for tests and node.
 * Methods may be synchronous or return promises.
 */
export interface UploadJournal {
  list(): readonly UnfinishedUpload[] | Promise<readonly UnfinishedUpload[]>;
  put(record: UnfinishedUpload): void | Promise<void>;
  remove(id: string): void | Promise<void>;
}

// ---------------------------------------------------------------------------
// Errors

/**
 * Why an upload failed. `uploadErrorMessage(error, t)` gives the spec's text
 * (product §8 "Upload"):
 * - `cancelled`: 'Upload was cancelled by user'
 * - `no-space` (507): 'Not enough free space'
 * - `target-missing` (404, 409): 'Target folder does not exist any more'
 * - `forbidden` (403): 'Operation is blocked by access control'
 * - `server-message` (an `s:message` in the answer): 'Error during upload: {message}'
 * - `unknown` (status 0, no answer): 'Unknown error during upload'
 * - `status` (any other status): 'Error during upload, status code {status}'
 * - `mkdir-failed`: 'Unable to create the directory {directory}'
 */
export type UploadErrorCode =
  | 'cancelled'
  | 'no-space'
  | 'target-missing'
  | 'forbidden'
  | 'server-message'
  | 'unknown'
  | 'status'
  | 'mkdir-failed';

/** Which step failed: a plain PUT, the chunk workspace, a chunk, the assembly (MOVE), a folder's MKCOL. */
export type UploadStage = 'upload' | 'workspace' | 'chunk' | 'assemble' | 'mkdir';

/** A failed upload's error, plain data. */
export interface UploadError {
  readonly code: UploadErrorCode;
  readonly stage: UploadStage;
  /** HTTP status of the failed answer; 0 when none came. */
  readonly status: number;
  /** The server's `s:message`, when it sent one. */
  readonly serverMessage?: string;
  /** The folder path (`mkdir-failed`). */
  readonly directory?: string;
  /** English text for logs: 'Failed uploading the file', 'Failed assembling the chunks together', … */
  readonly detail: string;
}

// ---------------------------------------------------------------------------
// State

/** What an item of the queue is: a file, a folder created with MKCOL, or the container entry of a batch. */
export type UploadItemKind = 'file' | 'folder' | 'batch';

/**
 * One item of the queue (product §3 "Upload item") as plain data: the
 * {@link Upload} record plus what the UI shows. Keyed by `id`.
 */
export interface UploadItemState extends Upload {
  /** Unique in this engine. */
  readonly id: string;
  readonly kind: UploadItemKind;
  /** The name it is uploaded under. */
  readonly name: string;
  /** Path relative to the batch's destination, starting with '/'. */
  readonly path: string;
  /** The batch container's id, or null for a single upload (and for the container itself). */
  readonly batchId: string | null;
  /** The destination folder's URL of the batch. */
  readonly destination: string;
  /** Chunks stored on the server so far (chunked uploads). */
  readonly chunksUploaded: number;
  /** Why it failed. */
  readonly error?: UploadError;
  /** The new file's id (`oc-fileid` of the answer). */
  readonly fileid?: number;
  /** A failed chunked upload whose workspace is kept: `retry(id)` continues from the stored chunks. */
  readonly resumable?: boolean;
}

/** The queue's info (product §3 "Queue info"). */
export interface QueueInfo {
  readonly status: QueueStatus;
  /** Bytes of all items. */
  readonly size: number;
  /** Bytes uploaded. */
  readonly progress: number;
  /**
   * Files of running batches not queued yet: their folder is being listed, their names
   * checked or their conflicts asked. With the file items they give the batch's file count
   * from its start ('0 of 3 files' while the conflict dialog waits, not '0 of 0'); a skip
   * or a cancel takes them off. Absent means none.
   */
  readonly unqueuedFiles?: number;
}

/**
 * The engine's whole state, immutable: each change makes a new object, and
 * unchanged items keep their identity (so `items[id] === previous.items[id]`
 * means no change).
 */
export interface UploaderState {
  readonly queue: QueueInfo;
  /** Items by id. */
  readonly items: Readonly<Record<string, UploadItemState>>;
  /** Item ids in the order they were added. */
  readonly order: readonly string[];
  /** Speed and time left; `formatTimeLeft(estimate.timeLeft, { paused })` gives the text. */
  readonly estimate: RateEstimate;
}

/** The notifications of the engine (product §4 "Upload queue"). */
export interface UploaderEvents {
  /** A file or folder item finished. */
  uploaded: UploadItemState;
  /** A file or folder item failed (cancelled included: see `item.cancelled`). */
  failed: UploadItemState;
  /** The queue was paused. */
  paused: undefined;
  /** The queue was resumed. */
  resumed: undefined;
}

/** Listener of {@link Uploader.subscribe}: the new state and the ids of the items that changed since the last call. */
export type UploaderListener = (state: UploaderState, changed: readonly string[]) => void;

// ---------------------------------------------------------------------------
// The engine

/** Options of `createUploader`. */
export interface UploaderOptions {
  /** Makes the HTTP requests. */
  transport: UploadTransport;
  /**
   * Absolute URL of the user's chunk uploads area
   * (`https://host/remote.php/dav/uploads/{uid}`). Without it (and always in
   * public mode) every file goes in one request.
   */
  uploadsRoot?: string;
  /** Public-share mode: anonymous owner, no chunking (product §9). */
  isPublic?: boolean;
  /** The signed-in user's id; required unless public (product §5 'User is not logged in'). */
  user?: string | null;
  /**
   * The server's configured max_chunk_size (product §9: ≤0 disables chunking,
   * invalid → 10 MiB, at least 5 MiB). When left out, the capability
   * `files.chunked_upload.max_size` is used.
   */
  maxChunkSize?: unknown;
  /**
   * The OCS capabilities: `files.chunked_upload.max_parallel_count` sets the
   * parallel jobs (default 5), `files.chunked_upload.max_size` the chunk
   * size unless `maxChunkSize` is given.
   */
  capabilities?: unknown;
  /** Headers added to every request (e.g. `requesttoken`, `Authorization`). */
  headers?: Readonly<Record<string, string>>;
  /** The server's filename rules (product §5); defaults otherwise. */
  filenameRules?: FilenameRules;
  /** The UI's dialogs. */
  decisions?: UploadDecisions;
  /**
   * Lists a folder's nodes, for conflict detection (product §2 conflict dialog).
   * Resolves null when the folder does not exist. Without it, no conflicts
   * are looked for.
   */
  listFolder?: (folder: UploadDestination, signal: AbortSignal) => Promise<readonly Node[] | null>;
  /** Persists unfinished chunked uploads for `listUnfinished`/`resumeUnfinished`. */
  journal?: UploadJournal;
  /** Retries after the first try (product §9, default 5). */
  retries?: number;
  /** Waits `ms` (for backoff); rejects when the signal aborts. Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Current time, ms since the epoch. Injectable for tests. */
  now?: () => number;
  /**
   * Gives the host a turn between slices of queueing work (checking names and
   * queueing the files of a big folder run in slices of about
   * 12 ms, `SLICE_MS`); default `yieldToMain` (a new task, a MessageChannel message).
   */
  yieldToHost?: () => Promise<void>;
  /** 16 random hex characters for workspace names. Injectable for tests. */
  randomHex?: () => string;
  /**
   * Least time between two `subscribe` calls, ms (default 50): progress
   * comes in bursts and a store need not hear of each one. The first change
   * after a quiet spell is reported at the next microtask.
   */
  notifyInterval?: number;
  /** Where a throwing listener or a failed clean-up is reported; default `console.error`. */
  logError?: (message: string, error: unknown) => void;
}

/** Options of {@link Uploader.upload}. */
export interface UploadOptions {
  /** Aborts the whole batch (as `cancel(batchId)`). */
  signal?: AbortSignal;
  /** Headers added to this batch's requests. */
  headers?: Readonly<Record<string, string>>;
}

/** How a batch ended. */
export interface UploadBatchResult {
  /** The batch container's id (null for a single file). */
  readonly batchId: string | null;
  /** The final state of every file and folder item of the batch. */
  readonly items: readonly UploadItemState[];
  /** Paths (relative, from '/') of entries skipped by a decision: invalid name, keep existing. */
  readonly skipped: readonly string[];
  /** The batch was cancelled: in the conflict dialog ('Cancel the entire operation'), by `cancel(batchId)` or `cancelAll()`, or by the upload's signal. */
  readonly cancelled: boolean;
}

/** The upload engine. Create with `createUploader(options)`. */
export interface Uploader {
  /** The current state (plain data). */
  getState(): UploaderState;
  /** One item as it is now, without taking the whole state (a mirror of a 10,000-item queue reads the changed ones). */
  getItem(id: string): UploadItemState | undefined;
  /** Called after changes, with the ids that changed (at most once per `notifyInterval` ms). Returns the unsubscribe function. */
  subscribe(listener: UploaderListener): () => void;
  /** Listens to a notification; a listener that throws is logged and stops nothing. Returns the unsubscribe function. */
  on<E extends keyof UploaderEvents>(event: E, listener: (payload: UploaderEvents[E]) => void): () => void;

  /**
   * Uploads files and folder trees into `destination` (product §5 checks first:
   * a folder with a source, a signed-in user unless public). Names are
   * checked (invalid-name decision), conflicts resolved per folder level
   * (conflict decision), folders created before their contents. Resolves
   * when every item has ended; failures are in the items, not a rejection.
   *
   * @throws Error 'Invalid destination folder' / 'User is not logged in' (before anything is queued).
   */
  upload(destination: UploadDestination, entries: readonly UploadEntry[], options?: UploadOptions): Promise<UploadBatchResult>;

  /**
   * Cancels one item, or a folder or batch container and everything in it.
   * On a failed upload kept for a retry (`resumable`) it gives up the kept
   * workspace.
   */
  cancel(id: string): void;
  /** Cancels everything queued or running. */
  cancelAll(): void;
  /**
   * Pauses the queue: no new request starts; the PUTs under way are aborted (their bytes
   * uncounted) and sent again on resume; other running requests finish. Emits `paused`.
   */
  pause(): void;
  /** Resumes a paused queue. Emits `resumed`. */
  resume(): void;
  /** Clears finished items and the stats, only when idle. Returns whether it did. */
  reset(): boolean;
  /** Tries a failed item again; a `resumable` chunked one continues from the chunks the server holds. */
  retry(id: string): Promise<UploadItemState>;

  /**
   * Chunked uploads left unfinished (e.g. by a page reload), from the
   * journal; those this engine still holds are left out (a failed one of
   * them is continued with `retry(id)`).
   */
  listUnfinished(): Promise<readonly UnfinishedUpload[]>;
  /**
   * Continues an unfinished upload with the file picked again, from the
   * chunks the server holds (or from the start when its workspace expired).
   *
   * @throws UploadResumeError (`code` 'resume-mismatch') when the file's
   *   name, size or modification time differ from the record's; the record
   *   is kept and nothing is queued.
   */
  resumeUnfinished(record: UnfinishedUpload, file: UploadFile): Promise<UploadItemState>;
  /** Drops an unfinished upload: deletes its workspace and its record. */
  discardUnfinished(record: UnfinishedUpload): Promise<void>;
}
