/**
 * The scrolling part of `npm run bench:ui` (frames dropped in a fast scroll through
 * 10,000 rows), kept in its own module as the live-updates part is (ui-live.ts).
 *
 * Two scrolls of the loaded 10,000-entry list, each BENCH_RUNS times with medians reported
 * (one scroll is one sample, and a hiccup of a shared machine in it is not the list's): all
 * rows top to bottom in 600 frames (about 16 new rows a frame), against the target, with the
 * worst run's share beside it; and, as a diagnostic, a steady 55 px (one row) a frame.
 */
import type { Page } from 'playwright-core';
import { DROPPED_FRAME_MS, median } from './support';

const SCROLL_FRAMES = 600;
/** The list's row height (spec: 55 px). */
const ROW_PX = 55;

/** What the scroll benchmark needs of `ui.ts`. */
export interface ScrollBenchDeps {
  page: Page;
  runs: number;
  /** Waits until the page is quiet. */
  settle(): Promise<void>;
  report(figure: string, value: number, unit: string, target?: number): void;
  /** Frames dropped allowed, per cent. */
  targetPercent: number;
}

interface Scroll {
  frames: number;
  dropped: number;
  worst: number;
  distance: number;
}

/**
 * Scrolls the list by `step` pixels a frame for `frames` frames (from the top; `step` 0 means
 * top to bottom in `frames` frames) and counts frames longer than 1.5 × 16.7 ms.
 */
function scrollThrough(page: Page, frames: number, step = 0): Promise<Scroll> {
  return page.evaluate(
    async ({ count, pixels, slow }) => {
      const scroller = document.querySelector<HTMLElement>('.files-list');
      if (scroller === null) throw new Error('No list scroller');
      scroller.scrollTop = 0;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const distance = pixels > 0 ? pixels * count : scroller.scrollHeight - scroller.clientHeight;
      const perFrame = distance / count;
      const deltas: number[] = [];
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (let frame = 1; frame <= count; frame += 1) {
        scroller.scrollTop = Math.round(perFrame * frame);
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        deltas.push(now - last);
        last = now;
      }
      return { frames: deltas.length, dropped: deltas.filter((delta) => delta > slow).length, worst: Math.max(...deltas), distance };
    },
    { count: frames, pixels: step, slow: DROPPED_FRAME_MS },
  );
}

/** Scrolls `runs` times with `step` (see {@link scrollThrough}), settling before each. */
async function scrolls(deps: ScrollBenchDeps, step = 0): Promise<Scroll[]> {
  const results: Scroll[] = [];
  for (let run = 0; run < deps.runs; run += 1) {
    await deps.settle();
    results.push(await scrollThrough(deps.page, SCROLL_FRAMES, step));
  }
  return results;
}

/** Measures both scrolls of the loaded 10,000-entry list and reports them in `ui.ts`'s table. */
export async function benchScroll(deps: ScrollBenchDeps): Promise<void> {
  const { report, runs, targetPercent } = deps;
  const share = (scroll: Scroll): number => (100 * scroll.dropped) / scroll.frames;
  const fast = await scrolls(deps);
  const rows = Math.round((fast[0]?.distance ?? 0) / ROW_PX);
  report(`10,000: frames over ${DROPPED_FRAME_MS.toFixed(1)} ms scrolling all ${rows} rows in ${SCROLL_FRAMES} frames`, median(fast.map((scroll) => scroll.dropped)), 'frames');
  report('10,000: frames dropped, all rows in 10 s (~16 new rows a frame)', median(fast.map(share)), '%', targetPercent);
  report(`10,000:   frames dropped, all rows in 10 s, each of ${runs} runs`, Math.max(...fast.map(share)), `% at most (${fast.map((scroll) => share(scroll).toFixed(1)).join(', ')})`);
  report('10,000: longest frame, all rows in 10 s', median(fast.map((scroll) => scroll.worst)), 'ms');
  // A fast, steady hand scroll: one new row a frame (3,300 px/s).
  const steady = await scrolls(deps, ROW_PX);
  report(`10,000: frames dropped, steady ${ROW_PX} px a frame for ${SCROLL_FRAMES} frames`, median(steady.map(share)), '%', targetPercent);
  report('10,000: longest frame, steady scroll', median(steady.map((scroll) => scroll.worst)), 'ms');
}
