import { describe, expect, it } from '@jest/globals';
import { createRateEstimate } from '../../lib/engine';
import type { UploadItemState } from '../../lib/engine';
import { allUploadItems, bucketOf, uploadsActions, uploadsReducer, uploadsSlice } from './uploadsSlice';

const item = (id: string, status: UploadItemState['status'] = 'initialized', kind: UploadItemState['kind'] = 'file'): UploadItemState => ({
  id,
  kind,
  name: id,
  path: `/${id}`,
  batchId: null,
  destination: 'https://cloud.test/remote.php/dav/files/alice',
  source: `https://cloud.test/remote.php/dav/files/alice/${id}`,
  isChunked: false,
  size: 10,
  uploaded: status === 'finished' ? 10 : 0,
  chunks: 1,
  chunksUploaded: 0,
  startTime: 0,
  status,
});
const report = (items: UploadItemState[], removed?: string[]) => ({ queue: { status: 'uploading' as const, size: 10, progress: 0 }, estimate: createRateEstimate(), items, removed });

describe('the uploads slice', () => {
  it('keeps the items in order, and a report of one item copies only its bucket', () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `upload-${index}`);
    let state = uploadsSlice.reducer(undefined, uploadsActions.added(report(ids.map((id) => item(id)))));
    expect(allUploadItems(state).map((entry) => entry.id)).toEqual(ids);
    const before = state;
    state = uploadsSlice.reducer(state, uploadsActions.ended(report([item('upload-7', 'finished')])));
    expect(allUploadItems(state)[7]?.status).toBe('finished');
    expect(state.order).toBe(before.order);
    const touched = bucketOf('upload-7');
    for (const key of Object.keys(state.items)) {
      if (key === touched) expect(state.items[key]).not.toBe(before.items[key]);
      else expect(state.items[key]).toBe(before.items[key]);
    }
  });

  it('drops the items the engine no longer holds (a reset)', () => {
    let state = uploadsSlice.reducer(undefined, uploadsActions.added(report([item('a'), item('b')])));
    state = uploadsSlice.reducer(state, uploadsActions.cleared(report([], ['a'])));
    expect(allUploadItems(state).map((entry) => entry.id)).toEqual(['b']);
    expect(state.order).toEqual(['b']);
  });

  it('keeps the file ids and the count of ended files as reports come, folders and batches left out', () => {
    let state = uploadsReducer(undefined, uploadsActions.added(report([item('batch', 'uploading', 'batch'), item('folder', 'uploading', 'folder'), item('a'), item('b'), item('c')])));
    expect(state.fileIds).toEqual(['a', 'b', 'c']);
    expect(state.endedFiles).toBe(0);
    state = uploadsReducer(state, uploadsActions.ended(report([item('a', 'finished'), item('folder', 'finished', 'folder')])));
    // A repeated report of an ended file does not count it twice.
    state = uploadsReducer(state, uploadsActions.ended(report([item('a', 'finished'), item('b', 'failed')])));
    expect(state.endedFiles).toBe(2);
    state = uploadsReducer(state, uploadsActions.cleared(report([], ['a', 'folder'])));
    expect(state.fileIds).toEqual(['b', 'c']);
    expect(state.endedFiles).toBe(1);
    expect(state.order).toEqual(['batch', 'b', 'c']);
  });

  it('applies engine reports outside Immer (no freezing walk) and leaves other actions to the slice', () => {
    const ids = Array.from({ length: 100 }, (_, index) => `upload-${index}`);
    const state = uploadsReducer(undefined, uploadsActions.added(report(ids.map((id) => item(id)))));
    expect(Object.isFrozen(state)).toBe(false);
    expect(uploadsReducer(state, uploadsActions.listToggled(true)).listOpen).toBe(true);
    expect(uploadsReducer(state, { type: 'elsewhere/other' })).toBe(state);
  });
});
