/**
 * The live-updates part of `npm run bench:ui`, called by `ui.ts` with its page and
 * report: kept in its own module so the list-loading benchmark and this one change apart.
 *
 * - Latency from a WebDAV PUT (a plain client, Basic auth) to its row on screen in a page
 *   showing the folder: median and p95 of LIVE_RUNS uploads, one at a time. Both ends read
 *   the machine's wall clock (`Date.now()` in node and in the page).
 * - A burst: 1,000 files PUT (16 at a time) into the folder of 100,000 entries on screen
 *   (the largest seeded): frames over 1.5 × 16.7 ms while the changes arrive and apply, the
 *   vsyncs those long frames missed (the honest count of dropped frames), the longest frame,
 *   and the time until all 1,000 rows are in the list.
 *
 * Options (environment): BENCH_LIVE_RUNS=30 (uploads timed one by one), BENCH_BURSTS=1 (bursts
 * one after another into the same folder, medians reported and each burst printed: a shared
 * machine's load varies from one to the next), BENCH_PROFILE=file.cpuprofile (the page's CPU
 * profile of the first burst, for Chrome's dev tools).
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { StartedServer } from '../../server/src/app';
import { DROPPED_FRAME_MS, FRAME_MS, median } from './support';

/** Uploads timed one by one. */
const LIVE_RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 30);
/** Files in the burst. */
const BURST = 1000;
/** Bursts measured one after another. */
const BURSTS = Math.max(1, Number(process.env.BENCH_BURSTS ?? 1));
/** Where the page's CPU profile of the first burst goes, if anywhere. */
const PROFILE = process.env.BENCH_PROFILE;
/** PUTs in flight during the burst. */
const BURST_PARALLEL = 16;

/** What one batch of live changes cost in the page (the shell's 'files:live-batch' mark). */
interface BatchCost {
  changes: number;
  /** The store's part: applyLiveBatch dispatched. */
  applyMs: number;
  /** From the apply to the next frame: React's render and paint included. */
  frameMs: number;
}

/** What `ui.ts` lends this module. */
export interface LiveBenchDeps {
  server: StartedServer;
  page: Page;
  password: string;
  /** Adds a line to the printed table. */
  report(figure: string, value: number, unit: string, target?: number): void;
  /** The big folder already seeded (name and entry count), for the burst; none: no burst. */
  bigFolder?: { name: string; count: number };
}

/** The 95th percentile of `values`. */
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
}

function put(deps: LiveBenchDeps, target: string, body: string): Promise<Response> {
  return fetch(`${deps.server.url}/remote.php/dav/files/admin${target.split('/').map(encodeURIComponent).join('/')}`, {
    method: 'PUT',
    headers: { authorization: `Basic ${Buffer.from(`admin:${deps.password}`).toString('base64')}` },
    body,
  });
}

/** Opens `folder` and waits until its `count` entries are listed. */
async function open(page: Page, origin: string, folder: string, count: number): Promise<void> {
  await page.goto(`${origin}/apps/files/files?dir=/${encodeURIComponent(folder)}`);
  await page.waitForFunction((rows: number) => document.querySelector(`[aria-rowcount="${rows}"] [role="row"][data-source]`) !== null, count + 2, { timeout: 180_000 });
  // Until the page holds its feed connection.
  await page.waitForTimeout(1000);
}

/** Times uploads one by one from the PUT to the row on screen. */
async function latency(deps: LiveBenchDeps): Promise<number[]> {
  const folder = 'live-latency';
  const mkcol = await fetch(`${deps.server.url}/remote.php/dav/files/admin/${folder}`, {
    method: 'MKCOL',
    headers: { authorization: `Basic ${Buffer.from(`admin:${deps.password}`).toString('base64')}` },
  });
  if (mkcol.status !== 201 && mkcol.status !== 405) throw new Error(`MKCOL ${folder} answered ${mkcol.status}`);
  for (let i = 0; i < 20; i += 1) await put(deps, `/${folder}/seed-${i}.txt`, 'seed');
  await open(deps.page, deps.server.url, folder, 20);
  const lags: number[] = [];
  for (let run = 0; run < LIVE_RUNS; run += 1) {
    // Each new name sorts first, so its row is always on screen (the list renders visible rows only).
    const name = `0-live-${String(999 - run).padStart(3, '0')}.txt`;
    // Armed before the PUT: resolves with the wall clock when the row is in the DOM.
    await deps.page.evaluate((wanted: string) => {
      const selector = `[role="row"][data-source$="/${encodeURIComponent(wanted)}"]`;
      (window as unknown as { __liveRow: Promise<number> }).__liveRow = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector) === null) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    }, name);
    const started = Date.now();
    const response = await put(deps, `/${folder}/${name}`, `run ${run}`);
    if (response.status !== 201) throw new Error(`PUT answered ${response.status}`);
    const shown = await deps.page.evaluate(() => Promise.race([(window as unknown as { __liveRow: Promise<number> }).__liveRow, new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 10_000))]));
    lags.push(shown - started);
  }
  return lags;
}

/** What one burst measured. */
interface BurstFigures {
  frames: number;
  dropped: number;
  missed: number;
  worst: number;
  appliedMs: number;
  putMs: number;
  afterLastPutMs: number;
  batches: BatchCost[];
}

/** PUTs burst number `round` into the big folder (holding `folder.count` entries) while the page counts its frames. */
async function burst(deps: LiveBenchDeps, folder: { name: string; count: number }, round: number, profile: string | undefined): Promise<BurstFigures> {
  await open(deps.page, deps.server.url, folder.name, folder.count);
  await deps.page.evaluate(() => performance.clearMarks('files:live-batch'));
  const cdp = profile === undefined ? undefined : await deps.page.context().newCDPSession(deps.page);
  if (cdp !== undefined) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const expected = folder.count + BURST + 2;
  await deps.page.evaluate((rows: number) => {
    const state = { deltas: [] as number[], done: -1, doneWall: 0, started: performance.now() };
    (window as unknown as { __burst: typeof state }).__burst = state;
    let last = performance.now();
    const tick = (now: number): void => {
      state.deltas.push(now - last);
      last = now;
      if (document.querySelector(`[aria-rowcount="${rows}"]`) !== null) {
        state.done = now;
        state.doneWall = Date.now();
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, expected);
  const started = Date.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < BURST) {
      const i = next++;
      const response = await put(deps, `/${folder.name}/burst ${round === 0 ? '' : `${round}.`}${i}.txt`, `burst ${i}`);
      if (response.status !== 201) throw new Error(`PUT answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: BURST_PARALLEL }, worker));
  const lastPut = Date.now();
  const putMs = lastPut - started;
  await deps.page.waitForFunction(() => (window as unknown as { __burst: { done: number } }).__burst.done >= 0, undefined, { timeout: 180_000, polling: 500 });
  const figures = await deps.page.evaluate(() => {
    const state = (window as unknown as { __burst: { deltas: number[]; done: number; doneWall: number; started: number } }).__burst;
    const batches = performance.getEntriesByName('files:live-batch').map((mark) => (mark as PerformanceMark).detail as { changes: number; applyMs: number; frameMs: number });
    return { deltas: state.deltas, appliedMs: state.done - state.started, doneWall: state.doneWall, batches };
  });
  if (cdp !== undefined && profile !== undefined) {
    const { profile: recorded } = await cdp.send('Profiler.stop');
    await writeFile(profile, JSON.stringify(recorded));
    await cdp.detach();
    console.log(`CPU profile of the burst written to ${profile}`);
  }
  return {
    frames: figures.deltas.length,
    dropped: figures.deltas.filter((delta) => delta > DROPPED_FRAME_MS).length,
    // A long frame misses every vsync it spans: 1 s of work is about 59 frames not shown.
    missed: figures.deltas.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / FRAME_MS) - 1), 0),
    worst: Math.max(...figures.deltas),
    appliedMs: figures.appliedMs,
    putMs,
    afterLastPutMs: Math.max(0, figures.doneWall - lastPut),
    batches: figures.batches,
  };
}

/** Measures live updates and reports them in `ui.ts`'s table. */
export async function benchLiveUpdates(deps: LiveBenchDeps): Promise<void> {
  const lags = await latency(deps);
  deps.report(`live: WebDAV PUT → row on screen, median of ${lags.length}`, median(lags), 'ms', 1000);
  deps.report('live: WebDAV PUT → row on screen, p95', p95(lags.filter(Number.isFinite)), 'ms', 1000);
  if (lags.some((lag) => !Number.isFinite(lag))) deps.report('live: uploads whose row never showed (10 s)', lags.filter((lag) => !Number.isFinite(lag)).length, 'uploads');
  if (deps.bigFolder === undefined) return;
  const { name, count } = deps.bigFolder;
  const label = count.toLocaleString('en');
  const results: BurstFigures[] = [];
  for (let round = 0; round < BURSTS; round += 1) {
    const result = await burst(deps, { name, count: count + round * BURST }, round, round === 0 ? PROFILE : undefined);
    results.push(result);
    if (BURSTS > 1) {
      const percent = (100 * result.missed) / (result.missed + result.frames);
      console.log(`burst ${round + 1}: ${percent.toFixed(1)} % dropped, longest frame ${result.worst.toFixed(0)} ms, last PUT → all rows ${result.afterLastPutMs} ms, ${result.batches.length} batches`);
    }
  }
  const of = (figure: (result: BurstFigures) => number): number => median(results.map(figure));
  const times = BURSTS > 1 ? `, median of ${BURSTS} bursts` : '';
  deps.report(`live: ${BURST.toLocaleString('en')} PUTs into ${label} entries (${BURST_PARALLEL} at a time), server side${times}`, of((result) => result.putMs), 'ms');
  deps.report(`live: first PUT → all ${BURST.toLocaleString('en')} rows in the ${label}-entry list`, of((result) => result.appliedMs), 'ms');
  deps.report('live: last PUT answered → all rows in the list', of((result) => result.afterLastPutMs), 'ms');
  deps.report(`live: frames over ${DROPPED_FRAME_MS.toFixed(1)} ms meanwhile (of ${of((result) => result.frames)} painted)`, of((result) => result.dropped), 'frames');
  deps.report('live: vsyncs missed meanwhile (of 60 a second)', of((result) => result.missed), 'frames');
  deps.report('live: frames dropped meanwhile (missed of expected)', of((result) => (100 * result.missed) / (result.missed + result.frames)), '%', 5);
  deps.report('live: longest frame meanwhile', of((result) => result.worst), 'ms');
  const batches = results.flatMap((result) => result.batches);
  if (batches.length > 0) {
    deps.report('live: batches applied a burst (changes in the largest)', of((result) => result.batches.length), `batches (${Math.max(...batches.map((batch) => batch.changes))})`);
    deps.report('live: a batch in the store (applyLiveBatch), median / max', median(batches.map((batch) => batch.applyMs)), `ms / ${Math.max(...batches.map((batch) => batch.applyMs)).toFixed(1)} ms`);
    deps.report('live: a batch to the next frame (render included), median / max', median(batches.map((batch) => batch.frameMs)), `ms / ${Math.max(...batches.map((batch) => batch.frameMs)).toFixed(1)} ms`);
  }
}
