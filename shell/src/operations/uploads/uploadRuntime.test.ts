import { describe, expect, it } from '@jest/globals';
import { createRateEstimate } from '../../lib/engine';
import type { UploaderListener, UploaderState, UploadItemState } from '../../lib/engine';
import { mirrorUploader, pathOfSource, uploadsRootOf } from './uploadRuntime';

const FILES = 'https://cloud.test/remote.php/dav/files/alice';

function item(id: string, status: UploadItemState['status']): UploadItemState {
  return {
    id,
    kind: 'file',
    name: `${id}.txt`,
    path: `/${id}.txt`,
    batchId: null,
    destination: FILES,
    source: `${FILES}/${id}.txt`,
    isChunked: false,
    size: 10,
    uploaded: status === 'finished' ? 10 : 0,
    chunks: 1,
    chunksUploaded: 0,
    startTime: 0,
    status,
  };
}

/** An engine stand-in whose state the test sets and whose listener it calls. */
function fakeUploader() {
  let state: UploaderState = { queue: { status: 'idle', size: 0, progress: 0 }, items: {}, order: [], estimate: createRateEstimate() };
  let listener: UploaderListener = () => undefined;
  return {
    getState: () => state,
    getItem: (id: string) => state.items[id],
    subscribe(next: UploaderListener) {
      listener = next;
      return () => undefined;
    },
    change(items: UploadItemState[], status: UploaderState['queue']['status']) {
      const all = { ...state.items };
      for (const entry of items) all[entry.id] = entry;
      state = { ...state, queue: { ...state.queue, status }, items: all, order: Object.keys(all) };
      listener(state, items.map((entry) => entry.id));
    },
  };
}

describe('the upload runtime', () => {
  it('maps file URLs to paths of the user and finds the chunk-upload area beside the files', () => {
    expect(pathOfSource(`${FILES}/Photos/a%20b`, FILES)).toBe('/Photos/a b');
    expect(pathOfSource(FILES, FILES)).toBe('/');
    expect(pathOfSource('https://cloud.test/remote.php/dav/files/bob/x', FILES)).toBeNull();
    expect(uploadsRootOf(FILES, 'alice')).toBe('https://cloud.test/remote.php/dav/uploads/alice');
  });

  it('mirrors an item that is added and ends within one interval as uploads/added then uploads/ended', () => {
    const engine = fakeUploader();
    const actions: { type: string; payload?: { items: UploadItemState[] } }[] = [];
    const { flush, stop } = mirrorUploader(engine, (action) => actions.push(action as never));
    engine.change([item('a', 'uploading')], 'uploading');
    // The queue status changed: sent at once.
    expect(actions.map((action) => action.type)).toEqual(['uploads/added']);
    engine.change([item('b', 'initialized')], 'uploading');
    engine.change([item('b', 'finished'), item('a', 'finished')], 'uploading');
    flush();
    expect(actions.map((action) => action.type)).toEqual(['uploads/added', 'uploads/added', 'uploads/ended']);
    expect(actions[2]?.payload?.items.map((entry) => entry.id)).toEqual(['b', 'a']);
    stop();
  });
});
