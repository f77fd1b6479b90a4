import { createSlice, isAnyOf, original } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { createRateEstimate, idBucket } from '../../lib/engine';
import type { QueueInfo, RateEstimate, UnfinishedUpload, UploadItemState } from '../../lib/engine';

/**
 * The upload queue as the screen knows it (product §3 "Queue info", "Upload
 * item"; §4 "Upload queue"): a mirror of the engine's plain state. The
 * engine keeps the `File` objects, promises and abort controllers (see
 * `uploadRuntime.ts`); only data that survives JSON enters here.
 */
export interface UploadsState {
  /** Status (idle, uploading, paused), bytes in all and bytes uploaded. */
  queue: QueueInfo;
  /**
   * Items (files, folders, batch containers) by id, spread over
   * {@link UPLOAD_BUCKETS} buckets by a hash of the id (see `bucketOf`): a
   * report copies only the buckets it touches, so a queue of 10,000 files
   * costs a report of one file a few dozen entries, not 10,000.
   */
  items: Record<string, Record<string, UploadItemState>>;
  /** Item ids in the order they were added. */
  order: string[];
  /** The ids of the file items in `order` (the per-file list), kept as reports come. */
  fileIds: string[];
  /** How many file items have ended (finished, failed, cancelled), kept as reports come. */
  endedFiles: number;
  /** How many file items failed (not cancelled by the user), kept as reports come: the bar's error colour. */
  failedFiles: number;
  /** Speed and time left (product §9 rate estimator). */
  estimate: RateEstimate;
  /** Chunked uploads an earlier page left unfinished, which can be resumed. */
  unfinished: UnfinishedUpload[];
  /** Whether the per-file list is open. */
  listOpen: boolean;
}

const initialState: UploadsState = {
  queue: { status: 'idle', size: 0, progress: 0 },
  items: {},
  order: [],
  fileIds: [],
  endedFiles: 0,
  failedFiles: 0,
  estimate: createRateEstimate(),
  unfinished: [],
  listOpen: false,
};

/** What every engine report carries: the queue, the estimate and the items that changed. */
export interface EngineReport {
  queue: QueueInfo;
  estimate: RateEstimate;
  /** Changed (or new) items, as the engine holds them now. */
  items: UploadItemState[];
  /** Ids of items the engine no longer holds (a reset). */
  removed?: string[];
}

/** How many buckets the items are spread over. */
export const UPLOAD_BUCKETS = 64;

/** The bucket of an item id (a string hash). */
export function bucketOf(id: string): string {
  return String(idBucket(id, UPLOAD_BUCKETS));
}

/** Whether a file item counts as ended for the progress ('3 of 10 files'). */
function endedFile(item: UploadItemState | undefined): boolean {
  return item !== undefined && item.kind === 'file' && (item.status === 'finished' || item.status === 'failed' || item.status === 'cancelled');
}

/** Whether a file item failed, other than by a cancel. */
function failedFile(item: UploadItemState | undefined): boolean {
  return item !== undefined && item.kind === 'file' && item.status === 'failed' && item.cancelled !== true;
}

/**
 * The state after an engine report, built without Immer's drafts and
 * copying only the buckets the report touches: a drop of 10,000 files
 * reports thousands of items at a time, and copying (and freezing) a record
 * of 10,000 entries for each report kept the page busy most of the time.
 * The file ids and the count of ended files are kept here too, so the list
 * and the progress need no pass over the whole queue per report.
 */
function apply(state: UploadsState, report: EngineReport): UploadsState {
  const items = { ...state.items };
  const copied = new Set<string>();
  const bucketFor = (id: string): Record<string, UploadItemState> => {
    const key = bucketOf(id);
    if (!copied.has(key)) {
      items[key] = { ...items[key] };
      copied.add(key);
    }
    return items[key] as Record<string, UploadItemState>;
  };
  const added: string[] = [];
  const addedFiles: string[] = [];
  let endedFiles = state.endedFiles;
  let failedFiles = state.failedFiles;
  for (const item of report.items) {
    const bucket = bucketFor(item.id);
    const before = bucket[item.id];
    if (before === undefined) {
      added.push(item.id);
      if (item.kind === 'file') addedFiles.push(item.id);
    }
    endedFiles += (endedFile(item) ? 1 : 0) - (endedFile(before) ? 1 : 0);
    failedFiles += (failedFile(item) ? 1 : 0) - (failedFile(before) ? 1 : 0);
    bucket[item.id] = item;
  }
  let order = added.length > 0 ? [...state.order, ...added] : state.order;
  let fileIds = addedFiles.length > 0 ? [...state.fileIds, ...addedFiles] : state.fileIds;
  if (report.removed !== undefined && report.removed.length > 0) {
    const removed = new Set(report.removed);
    for (const id of removed) {
      const bucket = bucketFor(id);
      if (endedFile(bucket[id])) endedFiles -= 1;
      if (failedFile(bucket[id])) failedFiles -= 1;
      delete bucket[id];
    }
    order = order.filter((id) => !removed.has(id));
    fileIds = fileIds.filter((id) => !removed.has(id));
  }
  return { ...state, queue: report.queue, estimate: report.estimate, items, order, fileIds, endedFiles, failedFiles };
}

/** Every item of the queue, in the order added. */
export function allUploadItems(state: Pick<UploadsState, 'items' | 'order'>): UploadItemState[] {
  return state.order.map((id) => state.items[bucketOf(id)]?.[id]).filter((item) => item !== undefined);
}

/**
 * The upload queue. Each action is an event the engine reported, named for
 * what happened (a report that adds items is `uploads/added`, one with
 * bytes or states only `uploads/progressed`, one that ends items
 * `uploads/ended`); all carry the same plain report.
 */
export const uploadsSlice = createSlice({
  name: 'uploads',
  initialState,
  reducers: {
    /** Items were queued (a pick, a drop, a resume). */
    added: (state, action: PayloadAction<EngineReport>) => apply(original(state) ?? state, action.payload),
    /** Bytes went up or items changed state. */
    progressed: (state, action: PayloadAction<EngineReport>) => apply(original(state) ?? state, action.payload),
    /** Items ended (finished, failed, cancelled). */
    ended: (state, action: PayloadAction<EngineReport>) => apply(original(state) ?? state, action.payload),
    /** The engine cleared its finished queue (product §4: reset when idle). */
    cleared: (state, action: PayloadAction<EngineReport>) => apply(original(state) ?? state, action.payload),
    /** The queue was paused or resumed. */
    queueChanged: (state, action: PayloadAction<EngineReport>) => apply(original(state) ?? state, action.payload),
    /** The journal listed chunked uploads an earlier page left unfinished. */
    unfinishedListed(state, action: PayloadAction<UnfinishedUpload[]>) {
      state.unfinished = action.payload;
    },
    /** An unfinished upload was resumed or discarded. */
    unfinishedRemoved(state, action: PayloadAction<{ id: string }>) {
      state.unfinished = state.unfinished.filter((record) => record.id !== action.payload.id);
    },
    /** The user opened or closed the per-file list. */
    listToggled(state, action: PayloadAction<boolean>) {
      state.listOpen = action.payload;
    },
  },
});

export const uploadsActions = uploadsSlice.actions;

/** The actions that carry an engine report. */
const isEngineReport = isAnyOf(uploadsActions.added, uploadsActions.progressed, uploadsActions.ended, uploadsActions.cleared, uploadsActions.queueChanged);

/**
 * The reducer of `uploads`: engine reports are applied directly, not through
 * Immer (which, given a new state from a case reducer, walks it to freeze
 * it: every item of a 10,000-file queue at every report); the other actions
 * go to the slice.
 */
export function uploadsReducer(state: UploadsState | undefined, action: UnknownAction): UploadsState {
  if (isEngineReport(action)) return apply(state ?? initialState, action.payload);
  return uploadsSlice.reducer(state, action);
}
