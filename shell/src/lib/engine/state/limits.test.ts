import { describe, expect, it } from '@jest/globals';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CLICK_DEBOUNCE_MS,
  CLIPBOARD_FEEDBACK_MS,
  DRAG_NOTICE_MS,
  FILTER_THROTTLE_MS,
  MAX_DRAG_PREVIEWS,
  MAX_VIEW_NESTING,
  MOVE_COPY_CONCURRENCY,
  RESIZE_DEBOUNCE_MS,
  STATS_REFRESH_MS,
  STATS_THROTTLE_MS,
} from './limits';

describe('limits of product §9', () => {
  it('refreshes storage stats every 60 s, at most once per 1 s', () => {
    expect(STATS_REFRESH_MS).toBe(60000);
    expect(STATS_THROTTLE_MS).toBe(1000);
  });
  it('debounces clicks 200 ms, throttles the filter 800 ms, debounces resize 100 ms', () => {
    expect(CLICK_DEBOUNCE_MS).toBe(200);
    expect(FILTER_THROTTLE_MS).toBe(800);
    expect(RESIZE_DEBOUNCE_MS).toBe(100);
  });
  it('hides the drag notice after 3000 ms and the clipboard flag after 5 s', () => {
    expect(DRAG_NOTICE_MS).toBe(3000);
    expect(CLIPBOARD_FEEDBACK_MS).toBe(5000);
  });
  it('runs 5 moves or copies at once, nests views 7 deep, shows 3 drag previews', () => {
    expect(MOVE_COPY_CONCURRENCY).toBe(5);
    expect(MAX_VIEW_NESTING).toBe(7);
    expect(MAX_DRAG_PREVIEWS).toBe(3);
  });
  it('gives a front-end chunk 120000 ms to load', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });
});
