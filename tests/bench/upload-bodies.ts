/**
 * `bench:upload`'s `bodies` part (BENCH_UPLOAD_PARTS=bodies): what Chromium
 * itself spends to send one file, by the way the page hands it the bytes,
 * against a sink that discards them (`discard-sink.ts`, no file server):
 * - `whole`: one XHR PUT of the picked `File` (a plain upload);
 * - `xhr<MiB>`: `File.slice()` pieces of that size, 5 XHR PUTs at a time (the
 *   engine's chunked upload); `xhr<MiB>x<n>`: n at a time (any variant but
 *   `whole` takes the `x<n>` suffix);
 * - `fetch<MiB>`: the same slices through `fetch`;
 * - `buffer<MiB>`: each slice read into an ArrayBuffer first (what a checksum
 *   in JS would need), sent by XHR;
 * - `stream<MiB>`: each slice as a ReadableStream body (`fetch`, duplex half).
 * Prints the wall time and the CPU seconds of each kind of Chromium process.
 * BENCH_BODIES picks the variants (default `whole,xhr10,xhr100,fetch10`).
 */
import type { Browser } from 'playwright-core';
import { spawnServer, stopServer } from '../support/spawnServer';

const SINK = new URL('./discard-sink.ts', import.meta.url).pathname;
const MiB = 1024 * 1024;

/** The variants measured unless BENCH_BODIES names others. */
export const DEFAULT_BODIES = 'whole,xhr10,xhr100,fetch10';

/** A page of the discarding sink with a file picked: sends it as a variant says. */
export interface SinkPage {
  /** Sends the picked file as `variant`: the seconds it took, or what went wrong. */
  send(variant: string): Promise<{ seconds: number; failure: string | null }>;
  close(): Promise<void>;
}

/** Starts the discarding sink in a process of its own and opens a page of it with `file` picked. */
export async function openSinkPage(browser: Browser, file: string): Promise<SinkPage> {
  const sink = await spawnServer(SINK, []);
  const page = await browser.newPage();
  try {
    // tsx names functions with an `__name` helper that the page lacks: give it one.
    await page.addInitScript('globalThis.__name = (target) => target;');
    await page.goto(`http://127.0.0.1:${sink.port}/`);
    await page.setInputFiles('#file', file);
  } catch (error) {
    await page.close();
    await stopServer(sink.child);
    throw error;
  }
  return {
    async send(variant) {
      const start = process.hrtime.bigint();
      const outcome = await page.evaluate(sendInPage, variant);
      return { seconds: Number(process.hrtime.bigint() - start) / 1e9, failure: outcome === 'ok' ? null : outcome };
    },
    async close() {
      await page.close();
      await stopServer(sink.child);
    },
  };
}

/**
 * Sends `file` (`bytes` long) once per variant from a page of the sink;
 * `cpu()` reads the CPU seconds used so far by each kind of process.
 */
export async function benchBodies(browser: Browser, file: string, bytes: number, cpu: () => Record<string, number>): Promise<[string, string][]> {
  const variants = (process.env.BENCH_BODIES ?? DEFAULT_BODIES).split(',').map((variant) => variant.trim());
  const sink = await openSinkPage(browser, file);
  const rows: [string, string][] = [];
  try {
    for (const variant of variants) {
      const before = cpu();
      const { seconds, failure } = await sink.send(variant);
      const label = `body ${variant}, ${bytes / MiB} MiB to a discarding sink`;
      rows.push([label, failure === null ? `${seconds.toFixed(2)} s  ${(bytes / MiB / seconds).toFixed(0)} MiB/s  (CPU s: ${cpuSpent(before, cpu())})` : `failed: ${failure}`]);
      console.log(`${label}: ${rows.at(-1)?.[1]}`);
    }
  } finally {
    await sink.close();
  }
  return rows;
}

/** The CPU seconds each kind of process used between two readings, largest first. */
export function cpuSpent(before: Record<string, number>, after: Record<string, number>): string {
  return Object.entries(after)
    .map(([type, total]): [string, number] => [type, total - (before[type] ?? 0)])
    .filter(([, spent]) => spent >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([type, spent]) => `${type} ${spent.toFixed(1)}`)
    .join(', ');
}

/** Runs in the page: sends the picked file as `variant` says; 'ok' or what went wrong. */
async function sendInPage(variant: string): Promise<string> {
  const file = (document.getElementById('file') as HTMLInputElement).files?.[0];
  if (!file) return 'no file';
  const xhrPut = (url: string, body: Blob | ArrayBuffer): Promise<void> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', url);
      // As the engine's transport: listening for upload progress.
      xhr.upload.onprogress = () => undefined;
      xhr.onload = () => (xhr.status === 201 ? resolve() : reject(new Error(`status ${xhr.status}`)));
      xhr.onerror = () => reject(new Error('network error'));
      xhr.send(body);
    });
  const fetchPut = async (url: string, init: RequestInit): Promise<void> => {
    const response = await fetch(url, { method: 'PUT', ...init });
    if (response.status !== 201) throw new Error(`status ${response.status}`);
  };
  try {
    if (variant === 'whole') {
      await xhrPut('/whole', file);
      return 'ok';
    }
    const match = /^(xhr|fetch|buffer|stream)(\d+)(?:x(\d+))?$/.exec(variant);
    if (!match) return `unknown variant ${variant}`;
    const kind = match[1];
    const chunk = Number(match[2]) * 1024 * 1024;
    const count = Math.ceil(file.size / chunk);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < count) {
        const n = next++;
        const slice = file.slice(n * chunk, Math.min(file.size, (n + 1) * chunk));
        const url = `/chunks/${n + 1}`;
        if (kind === 'xhr') await xhrPut(url, slice);
        else if (kind === 'fetch') await fetchPut(url, { body: slice });
        else if (kind === 'buffer') await xhrPut(url, await slice.arrayBuffer());
        else await fetchPut(url, { body: slice.stream(), duplex: 'half' } as RequestInit);
      }
    };
    await Promise.all(Array.from({ length: Number(match[3] ?? 5) }, worker));
    return 'ok';
  } catch (error) {
    return String(error);
  }
}
