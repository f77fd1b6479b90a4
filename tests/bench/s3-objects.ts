/**
 * `npm run bench:s3`: the object storage layer (server/src/storage/content/objects/) on Ceph RGW started
 * on loopback (tests/scale/ceph-rgw.ts, one memstore OSD), against the local disk the embedded
 * default writes to, so the S3 mode's later server figures (bench:scale) can be read against what
 * the store itself gives:
 *
 * - a streamed put of BENCH_S3_MIB (default 256) MiB of unknown length (8 MiB parts) and its GET, MiB/s;
 * - the same bytes written and read as one file on the local disk (the data dir's file system);
 * - assembly of those bytes from stored chunks of 10 MiB (parts copied inside RGW) and of 1 MiB
 *   (combined into 5 MiB parts read back through the server), MiB/s;
 * - small objects (1 KiB) PUT and GET at 32 at a time, requests per second.
 *
 *     npm run bench:s3
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Piece } from '../../server/src/storage/content/objects/multipart-plan';
import { writeStreamToFile } from '../../server/src/storage/content/batched-writer';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { startCephRgw } from '../scale/ceph-rgw';

const MiB = 1024 * 1024;
const TOTAL_MIB = Number(process.env.BENCH_S3_MIB ?? 256);
const SMALL = 2000;
const CONCURRENCY = 32;
const data = randomBytes(TOTAL_MIB * MiB);

/** The bytes as a request body arrives: 64 KiB pieces. */
function body(bytes: Buffer): Readable {
  return Readable.from(
    (function* pieces() {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    })(),
  );
}

async function drain(stream: AsyncIterable<unknown>): Promise<number> {
  let bytes = 0;
  for await (const part of stream) bytes += (part as Buffer).length;
  return bytes;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Runs `count` tasks, `CONCURRENCY` at a time; returns tasks per second. */
async function perSecond(count: number, task: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const seconds = await timed(() =>
    Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          const i = next;
          next += 1;
          await task(i);
        }
      }),
    ),
  );
  return count / seconds;
}

const rgw = await startCephRgw();
const dir = await mkdtemp(join(tmpdir(), 'cumulus-bench-s3-'));
const store = new S3ObjectStore({ endpoint: rgw.endpoint, region: rgw.region, accessKeyId: rgw.accessKeyId, secretAccessKey: rgw.secretAccessKey, bucket: 'bench', forcePathStyle: true });
try {
  await store.ensureReady();
  const rows: [string, string][] = [];
  const rate = (seconds: number): string => `${(TOTAL_MIB / seconds).toFixed(0)} MiB/s`;

  rows.push([`put ${TOTAL_MIB} MiB, streamed`, rate(await timed(() => store.put('urn:oid:1', body(data), { maxBytes: -1 })))]);
  rows.push([`get ${TOTAL_MIB} MiB`, rate(await timed(async () => drain((await store.open('urn:oid:1')).stream())))]);
  const file = join(dir, 'file');
  rows.push([`local disk: write ${TOTAL_MIB} MiB`, rate(await timed(() => writeStreamToFile(body(data), file, { maxBytes: -1 })))]);
  rows.push([`local disk: read ${TOTAL_MIB} MiB`, rate(await timed(() => drain(createReadStream(file, { highWaterMark: MiB }))))]);

  for (const chunkMiB of [10, 1]) {
    const chunks = Array.from({ length: Math.ceil(data.length / (chunkMiB * MiB)) }, (_, i) => data.subarray(i * chunkMiB * MiB, (i + 1) * chunkMiB * MiB));
    const pieces: Piece[] = chunks.map((chunk, i) => ({ key: `uploads/bench/${chunkMiB}/${i + 1}`, size: chunk.length }));
    await perSecond(chunks.length, (i) => store.put(`uploads/bench/${chunkMiB}/${i + 1}`, body(chunks[i] ?? Buffer.alloc(0)), { maxBytes: -1 }));
    rows.push([`assemble ${TOTAL_MIB} MiB from ${chunkMiB} MiB chunks`, rate(await timed(() => store.assemble(`urn:oid:${2 + chunkMiB}`, pieces)))]);
  }

  const small = randomBytes(1024);
  rows.push([`small PUT (1 KiB, ${CONCURRENCY} at a time)`, `${(await perSecond(SMALL, (i) => store.put(`small/${i}`, body(small), { maxBytes: -1 }))).toFixed(0)} req/s`]);
  rows.push([`small GET (1 KiB, ${CONCURRENCY} at a time)`, `${(await perSecond(SMALL, async (i) => drain((await store.open(`small/${i}`)).stream()))).toFixed(0)} req/s`]);

  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  console.log(`\nCeph RGW (one memstore OSD) on loopback vs the local disk`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}${value.padStart(12)}`);
} finally {
  store.destroy();
  await rgw.stop();
  await rm(dir, { recursive: true, force: true });
}
