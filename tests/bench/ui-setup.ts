/**
 * What `npm run bench:ui` sets up before it measures: the front end built when its sources are
 * newer than dist/, folders of many entries written straight into the user's data directory,
 * and a PROPFIND as a plain client sends it (the server's time without the page).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StartedServer } from '../../server/src/app';
import { PROPFIND_BODY } from './support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Newest modification time of the files under `dir` (node_modules and dist skipped). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  const info = statSync(dir);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(dir, entry.name)));
  }
  return newest;
}

/** Builds the front end when dist/ is missing or older than its sources. */
export function buildIfNeeded(): void {
  const index = path.join(ROOT, 'dist/shell/index.html');
  const sources = ['shell/src', 'sdk/src', 'remotes/src', 'plugins', 'build', 'webpack.config.ts'].map((part) => path.join(ROOT, part));
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (process.env.BENCH_NO_BUILD && built > 0) return;
  if (built > 0 && built >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the front end (npm run build)…');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

const WORDS = ['report', 'Budget', 'photo', 'Ångström', 'notes', 'invoice', 'draft', 'ünïcode', 'Meeting', 'scan', '日本語', 'backup'];
const EXTENSIONS = ['txt', 'pdf', 'jpg', 'md', 'docx', 'png', 'csv', 'ods'];

/** A realistic, unique name: mixed case, spaces, unicode, numbers that sort naturally. */
export function entryName(i: number): string {
  const word = WORDS[i % WORDS.length] ?? 'file';
  return `${word} ${(i * 7919) % 100_003} #${i}`;
}

/** Writes `count` entries (about 3% folders) into the user's data directory, 64 at a time. */
export async function seedFolder(dataDir: string, folder: string, count: number): Promise<void> {
  const dir = path.join(dataDir, 'files', 'admin', folder);
  await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const name = entryName(i);
      if (i % 33 === 0) await mkdir(path.join(dir, name));
      else await writeFile(path.join(dir, `${name}.${EXTENSIONS[i % EXTENSIONS.length]}`), 'x'.repeat(i % 200));
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
}

/** One PROPFIND Depth 1 as a plain client sends it (Basic auth), with or without gzip. */
export function plainPropfind(server: StartedServer, password: string, folder: string, gzip: boolean): Promise<{ status: number; ms: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`,
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
    };
    if (gzip) headers['accept-encoding'] = 'gzip';
    const req = request({ host: '127.0.0.1', port: server.port, method: 'PROPFIND', path: `/remote.php/dav/files/admin/${encodeURIComponent(folder)}/`, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6, bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
      );
    });
    req.on('error', reject);
    req.end(PROPFIND_BODY);
  });
}
