/**
 * `bench:upload`'s `drop` part: 10,000 files of 1–8 KB dropped as one folder onto the
 * list (a folder entry as `webkitGetAsEntry` gives it, over real File objects): time
 * until 'Files uploaded successfully' and the longest main-thread task from the drop to
 * the end (Long Tasks API; the target is under 100 ms).
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { heaviestFunctions } from './cpu-profile';
import './toast-watch';

/**
 * `count` small files dropped as one folder onto the list of a signed-in page of
 * `serverUrl` (its init scripts have the toast watch): time to complete, longest
 * main-thread task; with `profile`, a Chrome CPU profile of the drop written there.
 */
export async function benchDrop(page: Page, serverUrl: string, dataDir: string, count: number, profile: string | undefined): Promise<[string, string][]> {
  await page.goto(`${serverUrl}/apps/files/files`);
  await page.getByRole('button', { name: 'New', exact: true }).waitFor();
  const cdp = profile === undefined ? null : await page.context().newCDPSession(page);
  if (cdp !== null) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const drop = await page.evaluate(async (fileCount) => {
    // A folder entry as webkitGetAsEntry gives it, over real File objects (a page cannot make a real folder drop).
    const files = Array.from({ length: fileCount }, (_, index) => {
      const size = 1024 + ((index * 7919) % (7 * 1024 + 1));
      return new File([new Uint8Array(size).fill(index % 251)], `file-${String(index).padStart(5, '0')}.bin`, { lastModified: 1_700_000_000_000 });
    });
    const fileEntry = (file: File) => ({ isFile: true, isDirectory: false, name: file.name, file: (success: (value: File) => void) => setTimeout(() => success(file), 0) });
    const folder = {
      isFile: false,
      isDirectory: true,
      name: 'many',
      createReader() {
        let offset = 0;
        return {
          readEntries(success: (entries: unknown[]) => void) {
            const portion = files.slice(offset, offset + 100).map(fileEntry);
            offset += portion.length;
            setTimeout(() => success(portion), 0);
          },
        };
      },
    };
    const transfer = { types: ['Files'], items: [{ kind: 'file', webkitGetAsEntry: () => folder, getAsFile: () => null }], files: [] };
    // Making the files is the bench's work, not the page's: let its long task end before measuring.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const target = document.querySelector('main') as HTMLElement;
    const start = performance.now();
    const longTasks: { at: number; duration: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.startTime >= start) longTasks.push({ at: entry.startTime - start, duration: entry.duration });
    });
    observer.observe({ type: 'longtask' });
    for (const type of ['dragover', 'drop']) {
      const event = new DragEvent(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: transfer });
      target.dispatchEvent(event);
    }
    const seconds = ((await benchToast('Files uploaded successfully')) - start) / 1000;
    // Long tasks are reported after they end: give the last one a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    observer.disconnect();
    return { seconds, longTasks };
  }, count);
  if (cdp !== null && profile !== undefined) {
    const { profile: taken } = await cdp.send('Profiler.stop');
    await writeFile(profile, JSON.stringify(taken));
    console.log(`CPU profile of the drop: ${profile}; most main-thread time (self):`);
    for (const line of heaviestFunctions(taken, 25)) console.log(`  ${line}`);
  }
  const uploaded = (await readdir(path.join(dataDir, 'files', 'admin', 'many')).catch(() => [])).length;
  if (uploaded !== count) throw new Error(`the drop left ${uploaded} files on the server, expected ${count}`);
  const longest = drop.longTasks.reduce((most, task) => Math.max(most, task.duration), 0);
  const worst = [...drop.longTasks].sort((a, b) => b.duration - a.duration).slice(0, 5);
  return [
    [`drop of ${count} files (1–8 KB) as one folder`, `${drop.seconds.toFixed(2)} s  ${(count / drop.seconds).toFixed(0)} files/s`],
    ['longest main-thread task during it', `${longest === 0 ? '< 50 (no long task)' : longest.toFixed(0)} ms  (target < 100 ms)`],
    ['long tasks (≥ 50 ms) during it', `${drop.longTasks.length}${worst.map((task) => `  ${task.duration.toFixed(0)} ms at ${(task.at / 1000).toFixed(1)} s`).join('')}`],
  ];
}
