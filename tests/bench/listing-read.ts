/**
 * `npm run bench:listing-read`: the CPU time the Files app spends reading a
 * 100,000-row compact listing into nodes (shell/src/services/dav: the compact
 * reader, the SDK's node builder, freezing), in node rather than the browser:
 * the same V8, without the page, the network or the server, so a change to
 * the reading shows in CPU milliseconds even on a busy machine (bench:ui's
 * "whole list sortable" carries it among everything else).
 *
 * The rows are rendered by the server's own renderer for the property set of
 * the files app (product §7), names and types as bench:ui seeds them.
 *
 * Options (environment): BENCH_RUNS=7 (reads, median reported), BENCH_ROWS=100000.
 */
import { parseXml } from '../../server/src/dav/xml/parse';
import { propRequestFrom } from '../../server/src/dav/prop-request';
import { ResponseRenderer } from '../../server/src/dav/response-renderer';
import type { FileEntry } from '../../server/src/storage/model/types';
import { readKeptListing } from '../../shell/src/services/dav/propfindListing';
import { median, PROPFIND_BODY } from './support';
import { entryName } from './ui-setup';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
const ROWS = Math.max(1, Number(process.env.BENCH_ROWS ?? 100_000));
const TYPES: [string, string][] = [
  ['txt', 'text/plain'],
  ['pdf', 'application/pdf'],
  ['jpg', 'image/jpeg'],
  ['md', 'text/markdown'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['png', 'image/png'],
  ['csv', 'text/csv'],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
];

/** The compact listing of a folder of `rows` entries (about 3% folders), as the server writes it. */
function listingText(rows: number): string {
  const renderer = new ResponseRenderer(propRequestFrom(parseXml(PROPFIND_BODY)), {
    user: { uid: 'admin', displayName: 'admin', quota: -1 },
    instanceId: 'ocbench',
    used: 0,
    locks: [],
    base: '/remote.php/dav/files/admin',
  });
  const entry = (fileid: number, name: string, folder: boolean, mime: string, size: number, time: number): FileEntry => ({
    fileid,
    path: name === '' ? '/bench' : `/bench/${name}`,
    name: name === '' ? 'bench' : name,
    type: folder ? 'folder' : 'file',
    size,
    mtime: time,
    etag: `${(fileid * 2654435761) % 4294967296}`.padStart(10, '0') + 'a1b2c3',
    mime: folder ? 'httpd/unix-directory' : mime,
    permissions: folder ? 'RGDNVCK' : 'RGDNVW',
    favorite: false,
    uploadTime: time,
    creationTime: 0,
    checksum: null,
  });
  const lines = [JSON.stringify({ props: renderer.names, total: rows + 1 }), renderer.compactRow('', entry(5, '', true, '', 1_000, 1_795_549_000), undefined)];
  for (let i = 0; i < rows; i += 1) {
    const folder = i % 33 === 0;
    const [extension, mime] = TYPES[i % TYPES.length] as [string, string];
    const name = `${entryName(i)}${folder ? '' : `.${extension}`}`;
    // Files written together share their times, as a copied-in folder's do.
    lines.push(renderer.compactRow(name, entry(100 + i, name, folder, mime, i % 200, 1_795_549_000 + Math.floor(i / 150)), undefined));
  }
  lines.push(JSON.stringify({ done: true, count: rows + 1 }));
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const text = listingText(ROWS);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const startedCpu = process.cpuUsage();
    const started = performance.now();
    const listing = await readKeptListing({ davUrl: 'http://localhost/remote.php/dav', root: '/files/admin', path: '/files/admin/bench' }, text);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(startedCpu);
    cpu.push((used.user + used.system) / 1000);
    if (listing.contents.length !== ROWS) throw new Error(`Read ${listing.contents.length} rows of ${ROWS}`);
  }
  const rows = ROWS.toLocaleString('en');
  console.log(`Compact listing of ${rows} rows: ${(text.length / 1024 / 1024).toFixed(1)} MB of text`);
  console.log(`reading ${rows} rows into nodes, CPU: median ${median(cpu).toFixed(0)} ms (runs: ${cpu.map((ms) => ms.toFixed(0)).join(', ')})`);
  console.log(`reading ${rows} rows into nodes, wall: median ${median(wall).toFixed(0)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
