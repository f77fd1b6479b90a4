import { Worker } from 'node:worker_threads';
import type { ContentChild } from '../content-store';

/**
 * Lists a folder on disk with an lstat of every child, on a worker thread.
 *
 * Every listing checks its children against the disk (that is how files edited behind the
 * server's back are noticed), and on this kind of machine an lstat costs 4–6 µs: 40–60 ms
 * for a folder of 10,000 files. On the main thread that time would add to the PROPFIND's
 * own work; on a worker it runs while the main thread reads the cache and renders the XML
 * (the caller renders from the cache and re-renders only when the disk differs).
 *
 * One worker serves the process, started on first use; it holds the process open only while
 * a scan is under way. A worker that dies fails the scans it had and is replaced on the
 * next call.
 */

/** What the worker sends back: children as parallel arrays (typed arrays are transferred, not copied). */
interface ScanReply {
  id: number;
  names?: string[];
  /** 1 file, 2 folder (other kinds are left out by the worker). */
  kinds?: Uint8Array;
  sizes?: Float64Array;
  mtimesUs?: Float64Array;
  error?: { code?: string; message: string };
}

// Plain CommonJS run with `eval`: the worker needs no loader for TypeScript.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { readdirSync, lstatSync } = require('node:fs');
parentPort.on('message', ({ id, dir }) => {
  try {
    const all = readdirSync(dir);
    const prefix = dir.endsWith('/') ? dir : dir + '/';
    const names = [];
    const kinds = new Uint8Array(all.length);
    const sizes = new Float64Array(all.length);
    const mtimesUs = new Float64Array(all.length);
    let n = 0;
    for (const name of all) {
      let stat;
      try { stat = lstatSync(prefix + name, { throwIfNoEntry: false }); } catch { stat = undefined; }
      if (!stat) continue; // vanished since readdir, or unreadable: not listed
      const kind = stat.isFile() ? 1 : stat.isDirectory() ? 2 : 0;
      if (kind === 0) continue; // symlinks, sockets, devices: invisible, never followed
      names.push(name);
      kinds[n] = kind;
      sizes[n] = kind === 1 ? stat.size : 0;
      mtimesUs[n] = Math.round(stat.mtimeMs * 1000);
      n += 1;
    }
    const reply = { id, names, kinds: kinds.slice(0, n), sizes: sizes.slice(0, n), mtimesUs: mtimesUs.slice(0, n) };
    parentPort.postMessage(reply, [reply.kinds.buffer, reply.sizes.buffer, reply.mtimesUs.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: { code: error && error.code, message: String(error && error.message) } });
  }
});
`;

interface Pending {
  resolve(children: ContentChild[]): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.on('message', (reply: ScanReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (reply.error) {
      waiting.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
      return;
    }
    waiting.resolve(toChildren(reply));
  });
  const lost = (error: Error): void => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`The directory scanner stopped (exit code ${code})`)));
  return started;
}

function toChildren(reply: ScanReply): ContentChild[] {
  const { names = [], kinds, sizes, mtimesUs } = reply;
  const children: ContentChild[] = new Array(names.length);
  for (let i = 0; i < names.length; i += 1) {
    children[i] = {
      name: names[i] as string,
      type: kinds?.[i] === 2 ? 'folder' : 'file',
      size: sizes?.[i] ?? 0,
      mtimeUs: mtimesUs?.[i] ?? 0,
    };
  }
  return children;
}

/**
 * The regular files and folders directly inside `dir` (an absolute, already checked local
 * path), each with its lstat. Fails like `readdir` (with its `code`: ENOENT, ENOTDIR, …).
 */
export function scanDirectory(dir: string): Promise<ContentChild[]> {
  worker ??= startWorker();
  const id = nextId++;
  worker.ref();
  return new Promise<ContentChild[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker?.postMessage({ id, dir });
  });
}
