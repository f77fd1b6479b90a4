import { createSlice, original } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createRateEstimate } from '@cumulus/sdk';
import type { QueueInfo, RateEstimate, UnfinishedUpload, UploadItemState } from '@cumulus/sdk';

/**
 * The upload queue as the screen knows it (spec §3 "Queue info", "Upload
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
  /** Speed and time left (spec §9 rate estimator). */
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
  let hash = 0;
  for (let index = 0; index < id.length; index += 1) hash = (hash * 31 + id.charCodeAt(index)) | 0;
  return String((hash >>> 0) % UPLOAD_BUCKETS);
}

/**
 * The state after an engine report, built without Immer's drafts and
 * copying only the buckets the report touches: a drop of 10,000 files
 * reports thousands of items at a time, and copying (and freezing) a record
 * of 10,000 entries for each report kept the page busy most of the time.
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
  for (const item of report.items) {
    const bucket = bucketFor(item.id);
    if (bucket[item.id] === undefined) added.push(item.id);
    bucket[item.id] = item;
  }
  let order = added.length > 0 ? [...state.order, ...added] : state.order;
  if (report.removed !== undefined && report.removed.length > 0) {
    const removed = new Set(report.removed);
    for (const id of removed) delete bucketFor(id)[id];
    order = order.filter((id) => !removed.has(id));
  }
  return { ...state, queue: report.queue, estimate: report.estimate, items, order };
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
    /** The engine cleared its finished queue (spec §4: reset when idle). */
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
