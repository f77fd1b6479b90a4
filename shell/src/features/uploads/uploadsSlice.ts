import { createSlice } from '@reduxjs/toolkit';
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
  /** Items (files, folders, batch containers) by id. */
  items: Record<string, UploadItemState>;
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

function apply(state: UploadsState, report: EngineReport): void {
  state.queue = report.queue;
  state.estimate = report.estimate;
  for (const item of report.items) {
    if (state.items[item.id] === undefined) state.order.push(item.id);
    state.items[item.id] = item;
  }
  if (report.removed !== undefined && report.removed.length > 0) {
    const removed = new Set(report.removed);
    for (const id of removed) delete state.items[id];
    state.order = state.order.filter((id) => !removed.has(id));
  }
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
    added: (state, action: PayloadAction<EngineReport>) => apply(state, action.payload),
    /** Bytes went up or items changed state. */
    progressed: (state, action: PayloadAction<EngineReport>) => apply(state, action.payload),
    /** Items ended (finished, failed, cancelled). */
    ended: (state, action: PayloadAction<EngineReport>) => apply(state, action.payload),
    /** The engine cleared its finished queue (spec §4: reset when idle). */
    cleared: (state, action: PayloadAction<EngineReport>) => apply(state, action.payload),
    /** The queue was paused or resumed. */
    queueChanged: (state, action: PayloadAction<EngineReport>) => apply(state, action.payload),
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
