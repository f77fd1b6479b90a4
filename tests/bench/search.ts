/**
 * `npm run bench:search`: the Recent view's SEARCH over a tree of 100,000 nodes (100 folders
 * of 999 files and the folders themselves, modified over the last 60 days), as the Files app
 * sends it (`recentSearchBody`: files or empty folders changed or uploaded in the last 14
 * days, newest first by `nc:last_activity`, 100 at most). Prints the median of several runs,
 * the older client's form of the query (ordered by `d:getlastmodified`), and a name search
 * (`d:like`, tested on the database's preselection) for comparison.
 *
 * Then the name index (file search by name across every folder and share): a user with `BENCH_NAME_FILES` files (1,000,000 by default)
 * in `BENCH_NAME_FOLDERS` folders (10,000), named from a word list, and name queries through
 * the Files app's JSON search (`/apps/files/api/v1/search?q=…&limit=25`): p50 and p99 over
 * `BENCH_NAME_QUERIES` terms (rare words, common words, short prefixes, typed fragments),
 * against the targets (p50 ≤ 30 ms, p99 ≤ 100 ms on SQLite). `BENCH_NAME_FILES=0` skips it.
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
    'insert into filecache (uid, path, parent, name, name_folded, type, size, mtime, disk_mtime, etag, mime, upload_time, creation_time) values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)',
  );
  let seed = 42;
  const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  let count = 0;
  db.transaction(() => {
    for (let f = 0; f < FOLDERS; f += 1) {
      const folder = `/folder-${f}`;
      const folderId = Number(insert.run('admin', folder, root.fileid, `folder-${f}`, `folder-${f}`, 'folder', FILES_PER_FOLDER, now - 60 * DAY, `e${f}`, 'httpd/unix-directory', now - 60 * DAY, now - 60 * DAY).lastInsertRowid);
      count += 1;
      for (let i = 0; i < FILES_PER_FOLDER; i += 1) {
        const mtime = now - Math.floor(random() * 60 * DAY);
        // One file in ten was uploaded lately with an old modification time (X-OC-Mtime).
        const upload = i % 10 === 0 ? now - Math.floor(random() * 20 * DAY) : mtime;
        insert.run('admin', `${folder}/file-${i}.txt`, folderId, `file-${i}.txt`, `file-${i}.txt`, 'file', 1, mtime, `e${f}-${i}`, 'text/plain', upload, mtime);
        count += 1;
      }
    }
  })();
  db.close();
  return count;
}

const WORDS = [
  'budget', 'report', 'invoice', 'minutes', 'holiday', 'contract', 'draft', 'final', 'summary', 'photo', 'scan', 'letter', 'plan', 'notes',
  'agenda', 'design', 'review', 'offer', 'receipt', 'project', 'meeting', 'backup', 'slides', 'thesis', 'chapter', 'survey', 'payroll',
  'roadmap', 'sketch', 'manual', 'quote', 'memo', 'audit', 'release', 'poster', 'flyer', 'ticket', 'lease', 'schedule', 'résumé',
];
const EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'jpg', 'png', 'ods', 'xlsx', 'odt', 'zip'];
const NAME_FILES = Number(process.env.BENCH_NAME_FILES ?? 1_000_000);
const NAME_FOLDERS = Number(process.env.BENCH_NAME_FOLDERS ?? 10_000);
const NAME_QUERIES = Number(process.env.BENCH_NAME_QUERIES ?? 200);

/** Fills the file cache with `files` named files in `folders` folders; names fold as the server folds them (the word list's only accent is é). */
function fillNames(dataDir: string, files: number, folders: number, now: number): void {
  const db = new Database(join(dataDir, 'cumulus.sqlite'));
  const root = db.prepare("select fileid from filecache where uid = 'admin' and path = '/'").get() as { fileid: number };
  const insert = db.prepare(
    'insert into filecache (uid, path, parent, name, name_folded, type, size, mtime, disk_mtime, etag, mime, upload_time, creation_time) values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)',
  );
  let seed = 7;
  const random = (n: number): number => Math.floor((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 * n);
  const perFolder = Math.ceil(files / folders);
  let written = 0;
  for (let f = 0; f < folders && written < files; f += 100) {
    db.transaction(() => {
      for (let g = f; g < Math.min(folders, f + 100) && written < files; g += 1) {
        const name = `${WORDS[g % WORDS.length]}s ${g}`;
        const folder = `/${name}`;
        const folderId = Number(insert.run('admin', folder, root.fileid, name, name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(), 'folder', perFolder, now - 400 * DAY, `f${g}`, 'httpd/unix-directory', now, now).lastInsertRowid);
        for (let i = 0; i < perFolder && written < files; i += 1, written += 1) {
          const ext = EXTENSIONS[random(EXTENSIONS.length)] as string;
          const file = `${WORDS[random(WORDS.length)]}-${WORDS[random(WORDS.length)]} ${2000 + random(27)}-${random(100_000)}.${ext}`;
          const mtime = now - random(400 * DAY);
          insert.run('admin', `${folder}/${file}`, folderId, file, file.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(), 'file', 1000 + random(1_000_000), mtime, `e${g}-${i}`, 'application/octet-stream', mtime, mtime);
        }
      }
    })();
  }
  db.close();
}

function get(port: number, path: string): Promise<{ status: number; ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, method: 'GET', path, headers: { authorization: AUTH } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;

/** The name index on a big tree: build time, index size, name query p50/p99. */
async function nameBench(): Promise<void> {
  if (NAME_FILES <= 0) return;
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-names-'));
  try {
    const first = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD]);
    await stopServer(first.child);
    const built = Date.now();
    fillNames(dataDir, NAME_FILES, NAME_FOLDERS, Math.floor(Date.now() / 1000));
    const buildSeconds = (Date.now() - built) / 1000;
    const db = new Database(join(dataDir, 'cumulus.sqlite'), { readonly: true });
    const pages = (name: string): number => Number((db.prepare("select sum(pgsize) as n from dbstat where name like ? || '%'").get(name) as { n: number | null }).n ?? 0);
    const fts = pages('filecache_names');
    const prefixIndex = pages('filecache_uid_name_folded');
    const cache = Number((db.prepare("select sum(pgsize) as n from dbstat where name = 'filecache'").get() as { n: number }).n);
    db.close();
    const server = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD]);
    try {
      const fragments = [...WORDS.map((word) => word.slice(1, 5)), ...WORDS, 'resume', 'bu', 'q', 'budget-report', 'invoice 2019', '2024-4711', 'zzzz-none'];
      const times: number[] = [];
      let matched = 0;
      // Warm-up: the first queries read the index into the page cache.
      for (const term of fragments.slice(0, 5)) await get(server.port, `/apps/files/api/v1/search?q=${encodeURIComponent(term)}&limit=25`);
      for (let q = 0; q < NAME_QUERIES; q += 1) {
        const term = fragments[q % fragments.length] as string;
        const answer = await get(server.port, `/apps/files/api/v1/search?q=${encodeURIComponent(term)}&limit=25`);
        if (answer.status !== 200) throw new Error(`The search for ${term} answered ${answer.status}: ${answer.body}`);
        if ((JSON.parse(answer.body) as { results: unknown[] }).results.length > 0) matched += 1;
        times.push(answer.ms);
      }
      const p50 = percentile(times, 0.5);
      const p99 = percentile(times, 0.99);
      const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MB`;
      console.log(`\nName index: ${NAME_FILES.toLocaleString('en')} files in ${NAME_FOLDERS.toLocaleString('en')} folders (cache filled and indexed in ${buildSeconds.toFixed(0)} s)`);
      console.log(`  index on disk: trigram ${mb(fts)} + prefix ${mb(prefixIndex)}, against the file cache's ${mb(cache)} (${(((fts + prefixIndex) / cache) * 100).toFixed(0)} %)`);
      console.log(`  name query (JSON search, 25 results, facets), ${NAME_QUERIES} queries, ${matched} with results:`);
      console.log(`    p50 ${p50.toFixed(1).padStart(7)} ms  (target ≤ 30 ms)  ${p50 <= 30 ? 'met' : 'MISSED'}`);
      console.log(`    p99 ${p99.toFixed(1).padStart(7)} ms  (target ≤ 100 ms) ${p99 <= 100 ? 'met' : 'MISSED'}`);
      console.log(`    max ${Math.max(...times).toFixed(1).padStart(7)} ms`);
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
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
await nameBench();
