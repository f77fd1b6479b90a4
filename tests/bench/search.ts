/**
 * `npm run bench:search`: the Recent view's SEARCH over a tree of 100,000 nodes (100 folders
 * of 999 files and the folders themselves, modified over the last 60 days), as the Files app
 * sends it (`recentSearchBody`: files or empty folders changed or uploaded in the last 14
 * days, newest first by `nc:last_activity`, 100 at most). Prints the median of several runs,
 * the older client's form of the query (ordered by `d:getlastmodified`), and a name search
 * (`d:like`, tested on the database's preselection) for comparison.
 *
 * The tree goes straight into the file cache (SEARCH answers from it, never from the disk).
 * `BENCH_SERVER_PROCESS=<path of another checkout>/tests/bench/server-process.ts` measures
 * another version of the server on the same tree (how the "before" figure was taken).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RECENT_DAYS, recentSearchBody } from '../../plugins/recent/src/recentSearchBody';
import { median } from './support';
import { SERVER_PROCESS, spawnServer, stopServer } from '../support/spawnServer';

const PASSWORD = 'admin-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const FOLDERS = 100;
const FILES_PER_FOLDER = 999;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const DAY = 86_400;

function search(port: number, body: string): Promise<{ status: number; ms: number; responses: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, method: 'SEARCH', path: '/remote.php/dav/', headers: { authorization: AUTH, 'content-type': 'application/xml' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6, responses: text.split('<d:response>').length - 1 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes the tree into the file cache of `dataDir` (made by a first start of the server). */
function fillCache(dataDir: string, now: number): number {
  const db = new Database(join(dataDir, 'cumulus.sqlite'));
  const root = db.prepare("select fileid from filecache where uid = 'admin' and path = '/'").get() as { fileid: number };
  const insert = db.prepare(
    'insert into filecache (uid, path, parent, name, type, size, mtime, disk_mtime, etag, mime, upload_time, creation_time) values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)',
  );
  let seed = 42;
  const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  let count = 0;
  db.transaction(() => {
    for (let f = 0; f < FOLDERS; f += 1) {
      const folder = `/folder-${f}`;
      const folderId = Number(insert.run('admin', folder, root.fileid, `folder-${f}`, 'folder', FILES_PER_FOLDER, now - 60 * DAY, `e${f}`, 'httpd/unix-directory', now - 60 * DAY, now - 60 * DAY).lastInsertRowid);
      count += 1;
      for (let i = 0; i < FILES_PER_FOLDER; i += 1) {
        const mtime = now - Math.floor(random() * 60 * DAY);
        // One file in ten was uploaded lately with an old modification time (X-OC-Mtime).
        const upload = i % 10 === 0 ? now - Math.floor(random() * 20 * DAY) : mtime;
        insert.run('admin', `${folder}/file-${i}.txt`, folderId, `file-${i}.txt`, 'file', 1, mtime, `e${f}-${i}`, 'text/plain', upload, mtime);
        count += 1;
      }
    }
  })();
  db.close();
  return count;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-search-'));
  const script = process.env.BENCH_SERVER_PROCESS ?? SERVER_PROCESS;
  try {
    // A first start makes the database, the admin and the root; the tree goes in while it is down.
    const first = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD]);
    await stopServer(first.child);
    const now = Math.floor(Date.now() / 1000);
    const nodes = fillCache(dataDir, now);
    const server = await spawnServer(script, [dataDir, PASSWORD]);
    try {
      const since = now - RECENT_DAYS * DAY;
      const queries: [string, string][] = [
        ['Recent (nc:last_activity, upload time)', recentSearchBody({ uid: 'admin', since, uploadTime: true, lastActivity: true })],
        ['Recent (d:getlastmodified only)', recentSearchBody({ uid: 'admin', since })],
        [
          'name d:like %-99.txt, 100 results',
          `<d:searchrequest xmlns:d="DAV:"><d:basicsearch><d:select><d:prop><d:displayname/></d:prop></d:select><d:from><d:scope><d:href>/files/admin/</d:href><d:depth>infinity</d:depth></d:scope></d:from><d:where><d:like><d:prop><d:displayname/></d:prop><d:literal>%-99.txt</d:literal></d:like></d:where><d:limit><d:nresults>100</d:nresults></d:limit></d:basicsearch></d:searchrequest>`,
        ],
      ];
      console.log(`SEARCH over ${nodes.toLocaleString('en')} nodes (${script === SERVER_PROCESS ? 'this checkout' : script}), median of ${RUNS} runs:`);
      for (const [label, body] of queries) {
        const runs: number[] = [];
        let answer = { status: 0, ms: 0, responses: 0 };
        for (let run = 0; run < RUNS && (run === 0 || answer.status === 207); run += 1) {
          answer = await search(server.port, body);
          runs.push(answer.ms);
        }
        // An older server may refuse a form of the query: say so and go on.
        if (answer.status !== 207) {
          process.exitCode = 1;
          console.log(`  ${label.padEnd(42)} answered ${answer.status}`);
          continue;
        }
        console.log(`  ${label.padEnd(42)} ${median(runs).toFixed(1).padStart(8)} ms  (${answer.responses} results)`);
      }
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
