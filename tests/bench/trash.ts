/**
 * `npm run bench:trash`: the trash at the scale of 10,000 items against a folder of the same
 * size, in one run on this machine, printed with their ratios (the target: about as long).
 *
 * 1. PROPFIND Depth 1 of a trash of 10,000 items (the trashbin props and the usual ones, as
 *    the web client asks), against PROPFIND Depth 1 of a folder of 10,000 files with the
 *    files app's properties: medians of several runs.
 * 2. Emptying that trash (DELETE of trash/), against deleting a folder of 10,000 files for
 *    good (DELETE with X-NC-Skip-Trashbin) and into the trash (DELETE: one item).
 *
 * The server runs in a child process (`server-process.ts`) with the repository's plugins.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, PROPFIND_BODY, timedRequest } from './support';
import type { TimedResponse } from './support';
import { SERVER_PROCESS, spawnServer, stopServer } from '../support/spawnServer';
import { TRASH_PROPFIND } from '../support/trashbin';

const PASSWORD = 'admin-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const ITEMS = Number(process.env.BENCH_TRASH_ITEMS ?? 10_000);
const RUNS = 9;
const PARALLEL = 4;
const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL + 1 });

function call(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<TimedResponse> {
  return timedRequest({ port, agent, authorization: AUTH }, method, path, headers, body);
}

async function expectStatus(promise: Promise<{ status: number; ms: number; size: number }>, status: number, what: string): Promise<{ ms: number; size: number }> {
  const result = await promise;
  if (result.status !== status) throw new Error(`${what} answered ${result.status}, not ${status}`);
  return result;
}

/** Writes `count` small files into a new folder of admin's on disk, then lists it once (the server picks them up). */
async function folderOf(port: number, dataDir: string, name: string, count: number): Promise<void> {
  const folder = join(dataDir, 'files', 'admin', name);
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < count; i += 1) await writeFile(join(folder, `file ${String(i).padStart(5, '0')}.txt`), `content of file ${i}\n`);
  await expectStatus(call(port, 'PROPFIND', `/remote.php/dav/files/admin/${name}/`, { depth: '1', 'content-type': 'application/xml' }, PROPFIND_BODY), 207, 'the first listing');
}

async function medianOf(runs: number, measure: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await measure());
  return median(times);
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}×`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-trash-'));
  const { port, child } = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD]);
  try {
    // 1. Listing: a folder of ITEMS files, then the same files deleted one by one into the trash.
    await folderOf(port, dataDir, 'many', ITEMS);
    let folderSize = 0;
    const folderList = await medianOf(RUNS, async () => {
      const result = await expectStatus(call(port, 'PROPFIND', '/remote.php/dav/files/admin/many/', { depth: '1', 'content-type': 'application/xml' }, PROPFIND_BODY), 207, 'PROPFIND of the folder');
      folderSize = result.size;
      return result.ms;
    });
    const started = process.hrtime.bigint();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < ITEMS) {
        const i = next++;
        await expectStatus(call(port, 'DELETE', `/remote.php/dav/files/admin/many/${encodeURIComponent(`file ${String(i).padStart(5, '0')}.txt`)}`), 204, 'DELETE of a file');
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const deleteEach = Number(process.hrtime.bigint() - started) / 1e6;
    let trashSize = 0;
    let listed = 0;
    const trashList = await medianOf(RUNS, async () => {
      const result = await expectStatus(call(port, 'PROPFIND', '/remote.php/dav/trashbin/admin/trash/', { depth: '1', 'content-type': 'application/xml' }, TRASH_PROPFIND), 207, 'PROPFIND of the trash');
      trashSize = result.size;
      return result.ms;
    });
    const check = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'PROPFIND', path: '/remote.php/dav/trashbin/admin/trash/', agent, headers: { authorization: AUTH, depth: '1' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end(TRASH_PROPFIND);
    });
    listed = (check.match(/<d:response>/g) ?? []).length - 1;
    if (listed !== ITEMS) throw new Error(`the trash lists ${listed} items, not ${ITEMS}`);

    // 2. Emptying it, against deleting a folder of as many files (for good, and into the trash).
    const empty = (await expectStatus(call(port, 'DELETE', '/remote.php/dav/trashbin/admin/trash'), 204, 'DELETE of trash/')).ms;
    await folderOf(port, dataDir, 'final', ITEMS);
    const folderDelete = (await expectStatus(call(port, 'DELETE', '/remote.php/dav/files/admin/final', { 'x-nc-skip-trashbin': 'true' }), 204, 'DELETE of the folder')).ms;
    await folderOf(port, dataDir, 'trashed', ITEMS);
    const folderTrash = (await expectStatus(call(port, 'DELETE', '/remote.php/dav/files/admin/trashed'), 204, 'DELETE of the folder into the trash')).ms;

    console.log(`Trash at ${ITEMS} items (medians of ${RUNS} runs where listed)`);
    console.log(`  PROPFIND Depth 1, folder of ${ITEMS} files:  ${ms(folderList)}  (${(folderSize / 1e6).toFixed(1)} MB)`);
    console.log(`  PROPFIND Depth 1, trash of ${ITEMS} items:   ${ms(trashList)}  (${(trashSize / 1e6).toFixed(1)} MB)  ratio ${ratio(trashList, folderList)}`);
    console.log(`  DELETE of a folder of ${ITEMS} files, final: ${ms(folderDelete)}`);
    console.log(`  DELETE of trash/ (${ITEMS} items, empty):    ${ms(empty)}  ratio ${ratio(empty, folderDelete)}`);
    console.log(`  DELETE of a folder of ${ITEMS} files, trashed: ${ms(folderTrash)}  ratio ${ratio(folderTrash, folderDelete)}`);
    console.log(`  ${ITEMS} single DELETEs into the trash (${PARALLEL} at a time): ${ms(deleteEach)} (${(deleteEach / ITEMS).toFixed(2)} ms each)`);
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
