/**
 * `npm run bench:viewer`: the file viewer's speed against the real server, each figure
 * the median of `BENCH_RUNS` (default 5) runs, beside its target:
 * - the server's part, measured over HTTP: the large preview of a 20 MP JPEG at the window's size
 *   (made afresh each run: the cache is emptied), a Range GET into the middle of a 1 GiB MP4 to
 *   its first byte, and the thumbnail of a 300-page PDF's first page (pdftoppm);
 * - in headless Chromium: a click on the 20 MP JPEG in a 10,000-entry folder to the first pixel of
 *   the image in the viewer, Next / Previous in a folder of 200 photos to the next image drawn, a
 *   300-page PDF's first page drawn, a seek to the middle of the 1 GiB MP4 to playing, and the
 *   shell's initial JavaScript gzipped (`BENCH_VIEWER_BASE_JS_KB`: the figure before, from main).
 * The viewer is found by stable selectors: a `dialog` named by the file's name, an `img` inside it,
 * buttons named 'Next' / 'Previous', a `video` element, a `canvas` for a PDF page. Where no such
 * dialog appears within 5 s the figure says "viewer not present". Fixtures are made with ffmpeg
 * (`BENCH_VIDEO_MIB`, default 1024: a short clip repeated without re-encoding, so it is quick).
 * `BENCH_NO_BROWSER=1` measures the server's part only (no build).
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { startServer, type StartedServer } from '../../server/src/app';
import { launchBrowser } from '../support/browser';
import { median } from './support';
import { buildIfNeeded, plainPropfind, seedFolder } from './ui-setup';

const PASSWORD = 'bench-viewer-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const VIDEO_MIB = Math.max(1, Number(process.env.BENCH_VIDEO_MIB ?? 1024));
const NO_BROWSER = process.env.BENCH_NO_BROWSER === '1';
const WINDOW = { width: 1400, height: 900 };
const VIEWER_WAIT_MS = 5000;
const NOT_PRESENT = 'viewer not present';

/** The issue's targets (ms, KB). */
const TARGETS = { firstPixelMs: 300, stepMs: 150, seekMs: 1000, jsGrowthKb: 2 };

// ---------------------------------------------------------------- fixtures

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

/** A PDF of `pages` pages of 595 × 842 points, each with a heading and some text, written as bytes. */
function manyPagePdf(pages: number): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (let i = 0; i < pages; i += 1) {
    const page = objects.length + 1;
    kids.push(`${page} 0 R`);
    const lines = Array.from({ length: 30 }, (_, l) => `(Line ${l + 1} of page ${i + 1}: the quick brown fox jumps over the lazy dog.) Tj T*`).join(' ');
    const content = `0.9 0.9 1 rg 40 40 515 762 re f 0 g BT /F1 24 Tf 60 780 Td (Page ${i + 1}) Tj /F1 11 Tf 14 TL 0 -30 Td ${lines} ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface Fixtures {
  photo: string;
  pdf: string;
  video: string;
  videoBytes: number;
}

/** Writes the fixtures into the admin's files: /Big (10,000 entries and the 20 MP photo), /Photos (200), /Docs, /Videos. */
async function makeFixtures(dataDir: string, work: string): Promise<Fixtures> {
  const home = path.join(dataDir, 'files', 'admin');
  let started = Date.now();
  const photo = path.join(work, 'photo-20mp.jpg');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=5472x3648', '-frames:v', '1', '-q:v', '3', photo]);
  await seedFolder(dataDir, 'Big', 10_000);
  await copyFile(photo, path.join(home, 'Big', 'photo-20mp.jpg'));
  const small = path.join(work, 'photo-small.jpg');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=3000x2000', '-frames:v', '1', '-q:v', '3', small]);
  await mkdir(path.join(home, 'Photos'), { recursive: true });
  for (let i = 0; i < 200; i += 1) await copyFile(small, path.join(home, 'Photos', `photo-${String(i).padStart(3, '0')}.jpg`));
  await mkdir(path.join(home, 'Docs'), { recursive: true });
  await writeFile(path.join(home, 'Docs', 'manual-300.pdf'), manyPagePdf(300));
  console.log(`Fixtures: photos and PDF in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  const clip = path.join(work, 'clip.mp4');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-t', '10', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-b:v', '8M', '-pix_fmt', 'yuv420p', clip]);
  const loops = Math.max(1, Math.ceil((VIDEO_MIB * 1024 * 1024) / (await stat(clip)).size));
  await mkdir(path.join(home, 'Videos'), { recursive: true });
  const video = path.join(home, 'Videos', `movie-${VIDEO_MIB}mib.mp4`);
  ffmpeg(['-stream_loop', String(loops - 1), '-i', clip, '-c', 'copy', '-movflags', '+faststart', video]);
  const videoBytes = (await stat(video)).size;
  console.log(`Fixtures: ${(videoBytes / 1024 / 1024).toFixed(0)} MiB video (${loops} × 10 s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { photo: 'photo-20mp.jpg', pdf: 'manual-300.pdf', video: path.basename(video), videoBytes };
}

// ---------------------------------------------------------------- server figures

/** Milliseconds to the whole answer (or to its first body byte with `firstByte`), and its status. */
function timedGet(server: StartedServer, url: string, headers: Record<string, string> = {}, firstByte = false): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = (): number => Number(process.hrtime.bigint() - started) / 1e6;
    const req = httpRequest(`${server.url}${url}`, { headers: { authorization: AUTH, ...headers } }, (res) => {
      if (firstByte) {
        res.once('data', () => {
          const took = ms();
          req.destroy();
          resolve({ ms: took, status: res.statusCode ?? 0 });
        });
        return;
      }
      res.resume();
      res.on('end', () => resolve({ ms: ms(), status: res.statusCode ?? 0 }));
    });
    req.on('error', (error) => (firstByte ? undefined : reject(error)));
    req.end();
  });
}

async function fileidOf(server: StartedServer, dataDir: string, folder: string, name: string): Promise<number> {
  void dataDir;
  const entry = await server.built.files.stat('admin', `/${folder}/${name}`);
  if (!entry) throw new Error(`/${folder}/${name} is not known to the server`);
  return entry.fileid;
}

// ---------------------------------------------------------------- report

interface Row {
  figure: string;
  value: string;
  target: string;
  ratio: string;
}

const rows: Row[] = [];
function report(figure: string, value: number | string, unit: string, target?: number): void {
  const shown = typeof value === 'string' ? value : Number.isFinite(value) ? `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}` : 'n/a';
  const measured = typeof value === 'number' && Number.isFinite(value);
  rows.push({
    figure,
    value: shown,
    target: target === undefined ? '' : `≤ ${target} ${unit}`,
    ratio: target === undefined || !measured ? '' : `${(value / target).toFixed(2)}${value <= target ? '' : ' MISSED'}`,
  });
}

function printTable(): void {
  const widths = (['figure', 'value', 'target', 'ratio'] as const).map((key) => Math.max(key.length, ...rows.map((row) => row[key].length)));
  const line = (row: Row): string => [row.figure.padEnd(widths[0] ?? 0), row.value.padStart(widths[1] ?? 0), row.target.padStart(widths[2] ?? 0), row.ratio.padStart(widths[3] ?? 0)].join('  ');
  console.log('');
  console.log(line({ figure: 'figure', value: 'value', target: 'target', ratio: 'ratio' }));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------- browser figures

async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.fill('#user', 'admin');
  await page.fill('#password', PASSWORD);
  await Promise.all([page.waitForURL(/\/apps\/files\//), page.press('#password', 'Enter')]);
}

/** Opens the folder with the file selected and in view (spec: /apps/files/files/{id}?dir=), then clicks its name; ms to the viewer's dialog, or null when none came. */
async function clickToDialog(page: Page, origin: string, folder: string, name: string, fileid: number): Promise<{ started: number } | null> {
  await page.goto(`${origin}/apps/files/files/${fileid}?dir=/${encodeURIComponent(folder)}`);
  const row = page.getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await row.waitFor({ timeout: 30_000 });
  const started = Date.now();
  await row.locator('.files-name').click();
  try {
    await page.getByRole('dialog', { name }).waitFor({ timeout: VIEWER_WAIT_MS });
  } catch {
    return null;
  }
  return { started };
}

/** Waits until the dialog's image has pixels; ms since `started`. */
async function imageDrawn(page: Page, name: string, started: number): Promise<number> {
  await page.getByRole('dialog', { name }).locator('img').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction((dialogName) => {
    const dialogs = [...document.querySelectorAll('[role="dialog"], dialog')];
    const dialog = dialogs.find((d) => (d.getAttribute('aria-label') ?? d.textContent ?? '').includes(dialogName));
    const img = dialog?.querySelector('img');
    return img !== null && img !== undefined && img.complete && img.naturalWidth > 0;
  }, name, { polling: 'raf', timeout: 30_000 });
  return Date.now() - started;
}

async function closeViewer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
}

async function browserFigures(server: StartedServer, dataDir: string, fixtures: Fixtures): Promise<void> {
  buildIfNeeded();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: WINDOW });
    await context.addInitScript('globalThis.__name = (target) => target;');
    const page = await context.newPage();
    await signIn(page, server.url);

    // The shell's initial JavaScript (plugins and viewer chunks excluded), gzipped.
    const scripts = new Map<string, Promise<Buffer>>();
    const collect = page.context().newPage();
    const jsPage = await collect;
    jsPage.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== 'script' || url.origin !== server.url) return;
      if (!url.pathname.startsWith('/apps/files/') || url.pathname.startsWith('/apps/files/plugins/')) return;
      if (!scripts.has(url.pathname)) scripts.set(url.pathname, response.body());
    });
    await jsPage.goto(`${server.url}/apps/files/files?dir=/`);
    await jsPage.getByRole('heading', { level: 1 }).waitFor();
    await jsPage.waitForLoadState('networkidle');
    const gzipKb = (await Promise.all(scripts.values())).reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    await jsPage.close();
    const base = Number(process.env.BENCH_VIEWER_BASE_JS_KB ?? NaN);
    report(`shell initial JavaScript, gzipped (${scripts.size} scripts)`, gzipKb, 'KB');
    if (Number.isFinite(base)) report(`  growth over BENCH_VIEWER_BASE_JS_KB=${base}`, gzipKb - base, 'KB', TARGETS.jsGrowthKb);
    else report('  growth over main', 'set BENCH_VIEWER_BASE_JS_KB', '');

    // Click to first pixel of the 20 MP JPEG in the 10,000-entry folder.
    const photoId = await fileidOf(server, dataDir, 'Big', fixtures.photo);
    const firstPixel: number[] = [];
    let present = true;
    for (let run = 0; run < RUNS && present; run += 1) {
      const opened = await clickToDialog(page, server.url, 'Big', fixtures.photo, photoId);
      if (!opened) present = false;
      else {
        firstPixel.push(await imageDrawn(page, fixtures.photo, opened.started));
        await closeViewer(page);
      }
    }
    report('click to first pixel, 20 MP JPEG in a 10,000-entry folder', present ? median(firstPixel) : NOT_PRESENT, 'ms', TARGETS.firstPixelMs);

    // Next / Previous in the folder of 200 photos.
    const firstId = await fileidOf(server, dataDir, 'Photos', 'photo-000.jpg');
    const steps: number[] = [];
    const opened = await clickToDialog(page, server.url, 'Photos', 'photo-000.jpg', firstId);
    if (opened) {
      await imageDrawn(page, 'photo-000.jpg', opened.started);
      let index = 0;
      for (let run = 0; run < RUNS * 2; run += 1) {
        const forward = run < RUNS;
        index += forward ? 1 : -1;
        const name = `photo-${String(index).padStart(3, '0')}.jpg`;
        const button = page.getByRole('button', { name: forward ? 'Next' : 'Previous', exact: true });
        const started = Date.now();
        await button.click();
        await page.getByRole('dialog', { name }).waitFor({ timeout: 10_000 });
        steps.push(await imageDrawn(page, name, started));
      }
      await closeViewer(page);
    }
    report('Next / Previous to the image drawn, folder of 200 photos', opened ? median(steps) : NOT_PRESENT, 'ms', TARGETS.stepMs);

    // First page of the 300-page PDF drawn (a canvas with pixels in the dialog).
    const pdfId = await fileidOf(server, dataDir, 'Docs', fixtures.pdf);
    const pdfTimes: number[] = [];
    present = true;
    for (let run = 0; run < RUNS && present; run += 1) {
      const shown = await clickToDialog(page, server.url, 'Docs', fixtures.pdf, pdfId);
      if (!shown) present = false;
      else {
        await page.getByRole('dialog', { name: fixtures.pdf }).locator('canvas').first().waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => [...document.querySelectorAll('canvas')].some((c) => c.width > 0 && c.height > 0), undefined, { polling: 'raf', timeout: 30_000 });
        pdfTimes.push(Date.now() - shown.started);
        await closeViewer(page);
      }
    }
    report('click to first page drawn, 300-page PDF', present ? median(pdfTimes) : NOT_PRESENT, 'ms');

    // Seek to the middle of the 1 GiB MP4 to playing.
    const videoId = await fileidOf(server, dataDir, 'Videos', fixtures.video);
    const seeks: number[] = [];
    present = true;
    for (let run = 0; run < RUNS && present; run += 1) {
      const shown = await clickToDialog(page, server.url, 'Videos', fixtures.video, videoId);
      if (!shown) present = false;
      else {
        const video = page.getByRole('dialog', { name: fixtures.video }).locator('video').first();
        await video.waitFor({ timeout: 30_000 });
        const ms = await video.evaluate(async (element) => {
          const v = element as HTMLVideoElement;
          v.muted = true;
          if (v.readyState < 1) await new Promise((done) => v.addEventListener('loadedmetadata', done, { once: true }));
          const started = performance.now();
          const playing = new Promise<void>((done) => {
            const check = (): void => {
              if (!v.paused && !v.seeking && v.readyState >= 3) done();
              else requestAnimationFrame(check);
            };
            v.addEventListener('seeked', () => requestAnimationFrame(check), { once: true });
          });
          v.currentTime = v.duration / 2 + Math.random();
          await v.play();
          await playing;
          return performance.now() - started;
        });
        seeks.push(ms);
        await closeViewer(page);
      }
    }
    report(`seek to the middle of a ${(fixtures.videoBytes / 1024 / 1024).toFixed(0)} MiB MP4 to playing`, present ? median(seeks) : NOT_PRESENT, 'ms', TARGETS.seekMs);
  } finally {
    await browser?.close();
  }
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'cumulus-bench-viewer-'));
  const dataDir = path.join(work, 'data');
  await mkdir(path.join(dataDir, 'files', 'admin'), { recursive: true });
  const fixtures = await makeFixtures(dataDir, work);
  const server = await startServer({ dataDir, port: 0, adminPassword: PASSWORD, logRequests: false });
  try {
    for (const folder of ['Big', 'Photos', 'Docs', 'Videos']) {
      const scan = await plainPropfind(server, PASSWORD, folder, false);
      if (scan.status !== 207) throw new Error(`PROPFIND of ${folder} answered ${scan.status}`);
    }
    const cache = path.join(dataDir, 'previews', 'admin');

    // The 20 MP JPEG's large preview at the window's size, made afresh each run.
    const photoId = await fileidOf(server, dataDir, 'Big', fixtures.photo);
    const previews: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await rm(cache, { recursive: true, force: true });
      const got = await timedGet(server, `/core/preview?fileId=${photoId}&x=${WINDOW.width}&y=${WINDOW.height}&a=1`);
      if (got.status !== 200) throw new Error(`the preview answered ${got.status}`);
      previews.push(got.ms);
    }
    report(`server: 20 MP JPEG preview at ${WINDOW.width}×${WINDOW.height}, uncached (part of the first pixel)`, median(previews), 'ms', TARGETS.firstPixelMs);
    const cached = await timedGet(server, `/core/preview?fileId=${photoId}&x=${WINDOW.width}&y=${WINDOW.height}&a=1`);
    report('server: the same preview, cached', cached.ms, 'ms');

    // A seek: Range GET into the middle of the video, to its first byte.
    const video = `/remote.php/dav/files/admin/Videos/${encodeURIComponent(fixtures.video)}`;
    const seeks: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const offset = Math.floor(fixtures.videoBytes / 2) + run * 4099;
      const got = await timedGet(server, video, { range: `bytes=${offset}-` }, true);
      if (got.status !== 206) throw new Error(`the Range GET answered ${got.status}`);
      seeks.push(got.ms);
    }
    report(`server: Range GET to the middle of the ${(fixtures.videoBytes / 1024 / 1024).toFixed(0)} MiB MP4, first byte`, median(seeks), 'ms', TARGETS.seekMs);

    // The 300-page PDF's thumbnail (pdftoppm), made afresh each run.
    const pdfId = await fileidOf(server, dataDir, 'Docs', fixtures.pdf);
    const thumbs: number[] = [];
    let pdfType = '';
    for (let run = 0; run < RUNS; run += 1) {
      await rm(cache, { recursive: true, force: true });
      const started = process.hrtime.bigint();
      const response = await fetch(`${server.url}/core/preview?fileId=${pdfId}&x=256&y=256&a=1&mimeFallback=true`, { headers: { authorization: AUTH } });
      await response.arrayBuffer();
      pdfType = response.headers.get('content-type') ?? '';
      thumbs.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    report(`server: 300-page PDF thumbnail 256 px (${pdfType === 'image/svg+xml' ? 'icon: pdftoppm missing' : pdfType}), uncached`, median(thumbs), 'ms');
    const videoId = await fileidOf(server, dataDir, 'Videos', fixtures.video);
    await rm(cache, { recursive: true, force: true });
    const frame = await timedGet(server, `/core/preview?fileId=${videoId}&x=256&y=256&a=1`);
    report(`server: video frame thumbnail 256 px of the ${(fixtures.videoBytes / 1024 / 1024).toFixed(0)} MiB MP4, uncached (status ${frame.status})`, frame.ms, 'ms');

    if (NO_BROWSER) console.log('BENCH_NO_BROWSER=1: the browser figures are left out.');
    else await browserFigures(server, dataDir, fixtures);
    printTable();
  } finally {
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
